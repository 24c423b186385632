import type { createStore } from 'jotai';
import type { RouteEntry } from './registry';

/**
 * The custom props the shell (and the standalone dev page) hands to every remote's single-spa lifecycles.
 * Declared once, here: the shell builds them, `@sq/remote-kit` consumes them. Types only (no zod reaches
 * the browser through this file); jotai is a type-only peer of contracts.
 */
export interface RemoteProps {
  /** single-spa application name and Module Federation remote name, e.g. `mfe_programs`. */
  name: string;
  /** The one jotai store of the page, created by the shell. */
  store: ReturnType<typeof createStore>;
  /** Router basename of the remote ('/': remotes own absolute paths). */
  basename: string;
  /** The remote's route manifest from the registry (the bundle ships no copy of its own). */
  routes: RouteEntry[];
  /** The manifest entry matching the URL when the remote was mounted. */
  route: RouteEntry | null;
  /** The element the remote renders into, inside the shell's layout. */
  domElementGetter: () => HTMLElement;
  /** Loads the remote again (the fallback's retry button). */
  reload: () => void;
}
