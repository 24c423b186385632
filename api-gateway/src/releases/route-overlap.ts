import type { RouteEntry } from '@sq/contracts';

/**
 * Whether two route patterns (react-router's: literal segments, `:param`, a trailing `*`) are the same route: equal
 * once parameter names are dropped (`/item/:id` and `/item/:slug`). Only then can the shell not tell which remote a
 * path belongs to. Patterns that merely share paths rank apart (a literal segment before a parameter, a parameter
 * before a splat), so each path still goes to exactly one remote: `/itskillcheckup` of one remote beside
 * `/:product` of another is how the site is built.
 */
export function patternsOverlap(a: string, b: string): boolean {
  const shape = (pattern: string) =>
    pattern
      .split('/')
      .filter(Boolean)
      .map((segment) => (segment.startsWith(':') ? ':' : segment))
      .join('/');
  return shape(a) === shape(b);
}

/** The first of `routes` another remote's routes overlap, with that remote's name; null when none does. */
export function findTakenRoute(
  routes: RouteEntry[],
  others: { remote: string; routes: RouteEntry[] }[],
): { path: string; owner: string } | null {
  for (const route of routes) {
    for (const other of others) {
      const taken = other.routes.find((theirs) => patternsOverlap(route.path, theirs.path));
      if (taken) return { path: route.path, owner: other.remote };
    }
  }
  return null;
}
