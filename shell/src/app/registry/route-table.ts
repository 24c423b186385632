import { matchRoutes } from 'react-router-dom';
import type { RouteEntry, RouteManifest } from '@sq/contracts/registry';

/** A route of some bundle's manifest, tagged with the bundle (single-spa app name, or 'shell'). */
export interface RouteRecord extends RouteEntry {
  owner: string;
}

export interface RouteMatch {
  route: RouteRecord;
  params: Record<string, string | undefined>;
}

export interface RouteTable {
  records: readonly RouteRecord[];
  /** The best match for a pathname, ranked like react-router (static segments beat params). */
  match(pathname: string): RouteMatch | null;
}

/**
 * How many pathnames a route table remembers its answer for, the most recently asked ones. A page start asks about
 * the same path many times (every single-spa application's activeWhen on every reroute, the guard, the field
 * figures), and one react-router match over the site's 80-odd routes ranks them all and compiles a pattern per
 * route tried: milliseconds each on a slow phone. A table never changes (a new registry makes a new one), so a
 * remembered answer stays right; the bound keeps a long session's memory small.
 */
export const REMEMBERED_PATHNAMES = 32;

export function createRouteTable(manifests: readonly RouteManifest[]): RouteTable {
  const records: RouteRecord[] = manifests.flatMap((m) => m.routes.map((r) => ({ ...r, owner: m.name })));
  const routeObjects = records.map((r, index) => ({ path: r.path, id: String(index) }));
  const remembered = new Map<string, RouteMatch | null>();
  const find = (pathname: string): RouteMatch | null => {
    const matches = matchRoutes(routeObjects, pathname);
    const last = matches?.at(-1);
    if (!last) return null;
    const route = records[Number(last.route.id)];
    return route ? { route, params: last.params } : null;
  };
  return {
    records,
    match(pathname) {
      const known = remembered.get(pathname);
      const found = known !== undefined ? known : find(pathname);
      // Most recent last (a Map keeps insertion order): the first key is the one asked longest ago.
      remembered.delete(pathname);
      remembered.set(pathname, found);
      if (remembered.size > REMEMBERED_PATHNAMES) remembered.delete(remembered.keys().next().value!);
      return found;
    },
  };
}
