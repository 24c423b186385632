import type { createStore } from 'jotai';
import type { RouteEntry } from '@sq/contracts/registry';

/**
 * What the shell passes to every remote (single-spa customProps). Written out here, not imported: a remote
 * never imports the shell's source; the field names are the contract.
 */
export interface RemoteProps {
  name: string;
  store: ReturnType<typeof createStore>;
  basename: string;
  routes: RouteEntry[];
  route: RouteEntry | null;
  domElementGetter: () => HTMLElement;
  /** Loads this remote again (the fallback's retry). */
  reload: () => void;
}
