import { lazy, type ComponentType } from 'react';

/** A console page in a chunk of its own: an operator opening the board does not load the judging form. */
export const lazyPage = <M>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  lazy(() => load().then((m) => ({ default: pick(m) })));
