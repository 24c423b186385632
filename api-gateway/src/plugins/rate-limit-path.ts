/**
 * The path the rate limiter judges. A client may spell one route many ways (`/%61pi/signin`,
 * `/media/../api/signin`, `/api/./signin`): the router decodes and the HTTP stack resolves dot segments, so
 * the limiter must too, or a spelling that is still routed to `/api/...` escapes it. Case is kept: the router
 * is case-sensitive (`/API/signin` is a 404, never proxied).
 */
export function normalisedPath(rawUrl: string): string {
  const end = rawUrl.search(/[?#]/);
  const raw = end >= 0 ? rawUrl.slice(0, end) : rawUrl;
  const out: string[] = [];
  for (const segment of raw.split('/').slice(1)) {
    // An encoded slash becomes a separator here: the stricter reading, since it can only add '/api/' prefixes.
    for (const part of decodeSegment(segment).split('/')) {
      if (part === '.') continue;
      if (part === '..') out.pop();
      else out.push(part);
    }
  }
  return `/${out.join('/')}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Malformed escapes: decode what can be decoded; the router answers 400 to such paths anyway.
    return segment.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  }
}

/**
 * Whether a request counts against the API limit: the route the router matched is an `/api/` route, or the
 * path, normalised, is under `/api/` (belt and braces for paths that reach a wildcard route elsewhere).
 */
export function isLimitedPath(routePattern: string | undefined, rawUrl: string): boolean {
  return (routePattern?.startsWith('/api/') ?? false) || normalisedPath(rawUrl).startsWith('/api/');
}
