import type { RouteEntry } from '@sq/contracts';

/**
 * Whether two route patterns (react-router's: literal segments, `:param`, a trailing `*`) match a common path:
 * a remote may not claim paths another remote serves, or the shell would hand one remote's page to the other.
 */
export function patternsOverlap(a: string, b: string): boolean {
  const left = a.split('/').filter(Boolean);
  const right = b.split('/').filter(Boolean);
  for (let i = 0; ; i += 1) {
    const x = left[i];
    const y = right[i];
    // A trailing splat matches the rest, none included (`/a/*` matches `/a`).
    if (x === '*' || y === '*') return true;
    if (x === undefined || y === undefined) return x === y;
    if (!x.startsWith(':') && !y.startsWith(':') && x !== y) return false;
  }
}

/** The first of `routes` another remote's routes overlap, with that remote's name; null when none does. */
export function findTakenRoute(routes: RouteEntry[], others: { remote: string; routes: RouteEntry[] }[]): { path: string; owner: string } | null {
  for (const route of routes) {
    for (const other of others) {
      const taken = other.routes.find((theirs) => patternsOverlap(route.path, theirs.path));
      if (taken) return { path: route.path, owner: other.remote };
    }
  }
  return null;
}
