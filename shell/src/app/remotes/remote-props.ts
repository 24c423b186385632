import type { createStore } from 'jotai';
import type { RouteEntry } from '@sq/contracts/registry';

/**
 * The custom props every remote's lifecycles receive from the shell (single-spa customProps).
 * Remotes type their side with the same field names.
 */
export interface RemoteProps {
  name: string;
  /** The one jotai store of the page, created by the shell. */
  store: ReturnType<typeof createStore>;
  /** Router basename of the remote ('/': remotes own absolute paths). */
  basename: string;
  /** The remote's route manifest from the registry. */
  routes: RouteEntry[];
  /** The manifest entry matching the URL when the remote was mounted. */
  route: RouteEntry | null;
  /** The element the remote renders into, inside the shell's layout. */
  domElementGetter: () => HTMLElement;
  /** Loads the remote again (the fallback's retry button). */
  reload: () => void;
}
