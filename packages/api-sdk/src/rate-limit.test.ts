import { describe, expect, it } from 'vitest';
import { rateLimitOf, retryAfterSeconds } from './rate-limit';

describe('quota headers', () => {
  it('reads each window of RateLimit-Policy and RateLimit, in the policy order', () => {
    const headers = new Headers({
      'RateLimit-Policy': '"minute";q=60;w=60, "day";q=5000;w=86400',
      RateLimit: '"minute";r=57;t=41, "day";r=4987;t=80312',
    });
    expect(rateLimitOf(headers)).toEqual({
      windows: [
        { name: 'minute', limit: 60, windowSeconds: 60, remaining: 57, resetSeconds: 41 },
        { name: 'day', limit: 5000, windowSeconds: 86400, remaining: 4987, resetSeconds: 80312 },
      ],
      retryAfterSeconds: null,
    });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(retryAfterSeconds('17', now)).toBe(17);
    expect(retryAfterSeconds('Sun, 29 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Sun, 29 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(rateLimitOf(new Headers({ 'Retry-After': '12', RateLimit: '"minute";r=0;t=12' }), now)).toEqual({
      windows: [{ name: 'minute', limit: null, windowSeconds: null, remaining: 0, resetSeconds: 12 }],
      retryAfterSeconds: 12,
    });
  });

  it('gives no windows when the answer carries none, or headers that are not structured-field lists', () => {
    expect(rateLimitOf(new Headers())).toEqual({ windows: [], retryAfterSeconds: null });
    expect(rateLimitOf(new Headers({ RateLimit: '"minute";r=5;t=', 'RateLimit-Policy': 'minute=60,,' }))).toEqual({
      windows: [],
      retryAfterSeconds: null,
    });
  });
});
