import { Token, parseList, type BareItem, type List } from 'structured-headers';

/**
 * The gateway's quota headers (IETF draft "RateLimit header fields for HTTP", structured-field lists):
 *   RateLimit-Policy: "minute";q=60;w=60, "day";q=5000;w=86400
 *   RateLimit: "minute";r=57;t=41, "day";r=4987;t=80312
 * and, on a 429, Retry-After (seconds, or an HTTP date per RFC 9110).
 */
export interface RateLimitWindow {
  /** The policy's name, e.g. `minute` or `day`. */
  name: string;
  /** Requests allowed in the window (q), when the policy says. */
  limit: number | null;
  /** The window's length in seconds (w), when the policy says. */
  windowSeconds: number | null;
  /** Requests left in the current window (r). */
  remaining: number | null;
  /** Seconds until the current window ends (t). */
  resetSeconds: number | null;
}

export interface RateLimitInfo {
  windows: RateLimitWindow[];
  /** Seconds to wait before sending again (429 answers); null when the answer does not say. */
  retryAfterSeconds: number | null;
}

/** A structured-field list (RFC 9651) of named items, each with its parameters; nothing when it does not parse. */
function items(header: string | null): Map<string, Map<string, BareItem>> {
  const found = new Map<string, Map<string, BareItem>>();
  if (!header) return found;
  let list: List;
  try {
    list = parseList(header);
  } catch {
    return found;
  }
  for (const [name, parameters] of list)
    if (typeof name === 'string' || name instanceof Token) found.set(String(name), parameters);
  return found;
}

const integer = (value: BareItem | undefined): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/** Retry-After as seconds from `now`: delay-seconds or an HTTP date (never negative). */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The quota state an answer's headers tell, window by window in the policy's order. */
export function rateLimitOf(headers: Headers, now = Date.now()): RateLimitInfo {
  const policies = items(headers.get('ratelimit-policy'));
  const current = items(headers.get('ratelimit'));
  const names = [...new Set([...policies.keys(), ...current.keys()])];
  return {
    windows: names.map((name) => ({
      name,
      limit: integer(policies.get(name)?.get('q')),
      windowSeconds: integer(policies.get(name)?.get('w')),
      remaining: integer(current.get(name)?.get('r')),
      resetSeconds: integer(current.get(name)?.get('t')),
    })),
    retryAfterSeconds: retryAfterSeconds(headers.get('retry-after'), now),
  };
}
