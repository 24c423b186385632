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

export function createRouteTable(manifests: readonly RouteManifest[]): RouteTable {
  const records: RouteRecord[] = manifests.flatMap((m) => m.routes.map((r) => ({ ...r, owner: m.name })));
  const routeObjects = records.map((r, index) => ({ path: r.path, id: String(index) }));
  return {
    records,
    match(pathname) {
      const matches = matchRoutes(routeObjects, pathname);
      const last = matches?.at(-1);
      if (!last) return null;
      const route = records[Number(last.route.id)];
      return route ? { route, params: last.params } : null;
    },
  };
}
