import type { FastifyReply } from 'fastify';
import type { RateLimitSettler } from '../plugins/rate-limit-store';
import type { QuotaTier } from './config';

const WINDOWS = [
  { name: 'minute', ms: 60_000, limit: (tier: QuotaTier) => tier.perMinute },
  { name: 'day', ms: 86_400_000, limit: (tier: QuotaTier) => tier.perDay },
] as const;

/** RateLimit-Policy (draft-ietf-httpapi-ratelimit-headers): the tier's two windows, quota `q` per `w` seconds. */
export const policyHeader = (tier: QuotaTier) =>
  WINDOWS.map((w) => `"${w.name}";q=${w.limit(tier)};w=${w.ms / 1000}`).join(', ');

const incr = (settler: RateLimitSettler, key: string, windowMs: number, max: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    settler.incr(key, windowMs, max, (error, result) => (error ? reject(error) : resolve(result!))),
  );

/**
 * Counts a request against its consumer's minute and day windows (keys `<keyPrefix>:minute`, `<keyPrefix>:day`) (the rate-limit store: shared by every gateway
 * instance through PostgreSQL, with its bound on over-admission) and sets the RateLimit headers. Returns the
 * seconds to wait when a window is spent (the request is then refused; refusals are not counted, and a request
 * the day window refuses has used its place in the minute window).
 */
export async function countQuota(
  settler: RateLimitSettler,
  reply: FastifyReply,
  keyPrefix: string,
  tier: QuotaTier,
): Promise<number | null> {
  reply.header('ratelimit-policy', policyHeader(tier));
  const states: string[] = [];
  for (const window of WINDOWS) {
    const max = window.limit(tier);
    const { current, ttl } = await incr(settler, `${keyPrefix}:${window.name}`, window.ms, max);
    const reset = Math.max(1, Math.ceil(ttl / 1000));
    states.push(`"${window.name}";r=${Math.max(0, max - Math.min(current, max))};t=${reset}`);
    if (current > max) {
      reply.header('ratelimit', states.join(', '));
      return reset;
    }
  }
  reply.header('ratelimit', states.join(', '));
  return null;
}
