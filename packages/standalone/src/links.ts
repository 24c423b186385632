import type { RouteEntry } from '@sq/contracts/registry';

/**
 * The stand-alone page's header links, derived from the remote's route manifest: every route that is one
 * page (no `:param`), a trailing `/*` opening its first page, labelled with the route's title. Routes with
 * parameters need a real id, typed into the address bar.
 */
export function manifestLinks(routes: readonly Pick<RouteEntry, 'path' | 'title'>[]): { to: string; label: string }[] {
  const links = new Map<string, string>();
  for (const { path, title } of routes) {
    const to = path.replace(/\/\*$/, '') || '/';
    if (!to.includes(':') && !to.includes('*') && !links.has(to)) links.set(to, title);
  }
  return [...links].map(([to, label]) => ({ to, label }));
}
