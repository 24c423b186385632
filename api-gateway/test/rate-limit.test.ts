import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import { buildGateway } from '../src/app';
import knexFactory from 'knex';
import { normalisedPath } from '../src/plugins/rate-limit-path';
import { RateLimitSettler } from '../src/plugins/rate-limit-store';
import { readGatewayConfig } from '../src/config';
import { keys, startGateway, startUpstreams } from './helpers';

let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  upstreams = await startUpstreams();
  gateway = await startGateway(upstreams.urls, { rateLimit: { max: 5, windowMs: 60_000 } });
});
afterAll(async () => {
  await gateway?.close();
  await upstreams?.stop();
});

describe('rate limits', () => {
  it('are shared by every gateway instance on the same database once the instances have settled', async () => {
    // A second instance over the same PostgreSQL, as a second replica would be.
    const second = await buildGateway(gateway.config);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await gateway.app.inject({ url: '/api/projects' })).statusCode);
    await gateway.app.settleRateLimits();
    for (let i = 0; i < 2; i += 1) statuses.push((await second.inject({ url: '/api/projects' })).statusCode);
    await second.settleRateLimits();
    await second.close();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await gateway.app.settleRateLimits();
    const limited = await gateway.app.inject({ url: '/api/projects' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ ErrorCode: '29', message: MESSAGES.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(50);
  });

  it('hold at most a thirtieth of the maximum unsettled per instance unless RATE_LIMIT_BATCH says otherwise', () => {
    const base = { DATABASE_URL: 'postgres://x', JWT_PUBLIC_KEY: keys.publicKey };
    expect(readGatewayConfig(base).rateLimit).toMatchObject({ max: 600, batchSize: 20 });
    expect(readGatewayConfig({ ...base, RATE_LIMIT_MAX: '5' }).rateLimit.batchSize).toBe(1);
    expect(readGatewayConfig({ ...base, RATE_LIMIT_MAX: '3000' }).rateLimit.batchSize).toBe(100);
    expect(readGatewayConfig({ ...base, RATE_LIMIT_MAX: '3000', RATE_LIMIT_BATCH: '7' }).rateLimit.batchSize).toBe(7);
  });

  it('admit exactly max on one instance, whatever the concurrency', async () => {
    const single = await startGateway(upstreams.urls, {
      rateLimit: { max: 40, windowMs: 60_000, batchSize: 8, syncIntervalMs: 5 },
    });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 120 }, () => single.app.inject({ url: '/api/projects' }).then((r) => r.statusCode)),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(40);
      expect(statuses.filter((s) => s === 429)).toHaveLength(80);
    } finally {
      await single.close();
    }
  });

  it('over-admit at most instances x batch size across instances, and never under-admit', async () => {
    // The documented bound (rate-limit-store.ts, README): at most max + K x batchSize per window for K instances.
    const limits = { max: 100, windowMs: 60_000, batchSize: 10, syncIntervalMs: 5 };
    const first = await startGateway(upstreams.urls, { rateLimit: limits });
    const second = await buildGateway(first.config);
    try {
      const burst = (app: typeof second) =>
        Array.from({ length: 150 }, () => app.inject({ url: '/api/projects' }).then((r) => r.statusCode));
      const statuses = await Promise.all([...burst(first.app), ...burst(second)]);
      const admitted = statuses.filter((s) => s === 200).length;
      expect(admitted).toBeGreaterThanOrEqual(limits.max);
      expect(admitted).toBeLessThanOrEqual(limits.max + 2 * limits.batchSize);
      // Once settled, both instances agree that the window is spent.
      await first.app.settleRateLimits();
      await second.settleRateLimits();
      expect((await first.app.inject({ url: '/api/projects' })).statusCode).toBe(429);
      expect((await second.inject({ url: '/api/projects' })).statusCode).toBe(429);
      const stored = await first.app.inject({ url: '/health' });
      expect(stored.statusCode).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('start counting again when the window has passed', async () => {
    const short = await startGateway(upstreams.urls, {
      rateLimit: { max: 2, windowMs: 300, batchSize: 4, syncIntervalMs: 5 },
    });
    try {
      const first = await Promise.all(
        [1, 2, 3].map(() => short.app.inject({ url: '/api/projects' }).then((r) => r.statusCode)),
      );
      expect(first.sort()).toEqual([200, 200, 429]);
      await short.app.settleRateLimits();
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await short.app.inject({ url: '/api/projects' })).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('count an IPv6 client by its /64: a host cannot step around the limit through its own network', async () => {
    const limited = await startGateway(upstreams.urls, {
      rateLimit: { max: 2, windowMs: 60_000, batchSize: 1, syncIntervalMs: 5 },
    });
    try {
      const from = (remoteAddress: string) =>
        limited.app.inject({ url: '/api/projects', remoteAddress }).then((r) => r.statusCode);
      const statuses = [];
      for (const address of ['2001:db8:7:1::1', '2001:db8:7:1:ffff:ffff:ffff:fffe', '2001:db8:7:1::99'])
        statuses.push(await from(address));
      expect(statuses).toEqual([200, 200, 429]);
      // Another /64 is another subscriber, and IPv4 addresses count one by one.
      expect(await from('2001:db8:7:2::1')).toBe(200);
      expect(await from('198.51.100.7')).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the limiter decides on the path the router sees', () => {
  // Each of these is routed as an /api path (or refused by the router); none may escape the limit.
  const encodings = [
    ['POST', '/%61pi/signin'],
    ['POST', '/%61%70%69/signin'],
    ['POST', '/api/%73ignin'],
    ['POST', '/media/../api/signin'],
    ['GET', '/%61pi/projects'],
    ['GET', '/a%70i/projects?size=1'],
    ['GET', '/api/./projects'],
    ['GET', '/media/content/../../%61pi/projects'],
  ] as const;

  it.each(encodings)('%s %s counts against the same limit as /api/...', async (method, url) => {
    const instance = await startGateway(upstreams.urls, { rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      for (let i = 0; i < 3; i += 1) await instance.app.inject({ method: 'POST', url: '/api/signin', payload: {} });
      const response = await instance.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode).toBe(429);
    } finally {
      await instance.close();
    }
  });
});

describe('normalisedPath', () => {
  it.each([
    ['/%61pi/signin', '/api/signin'],
    ['/%61%70%69/signin?x=1', '/api/signin'],
    ['/media/../api/signin', '/api/signin'],
    ['/media/content/%2e%2e/%2E%2E/api/signin', '/api/signin'],
    ['/x/..%2fapi/signin', '/api/signin'],
    ['/api/./projects#top', '/api/projects'],
    ['/API/signin', '/API/signin'],
    ['/%E0%A4%A/api', '/\u00e0\u00a4%A/api'],
  ])('%s -> %s', (raw, expected) => {
    expect(normalisedPath(raw)).toBe(expected);
  });
});

describe('when PostgreSQL cannot be reached', () => {
  it("the limit holds on each instance's own count and the API stays up", async () => {
    const unreachable = knexFactory({
      client: 'pg',
      connection: 'postgres://postgres@127.0.0.1:1/none',
      pool: { min: 0, max: 1 },
      acquireConnectionTimeout: 2_000,
    });
    const errors: unknown[] = [];
    const settler = new RateLimitSettler(unreachable, { batchSize: 4, syncIntervalMs: 20 }, (error) =>
      errors.push(error),
    );
    try {
      const incr = () =>
        new Promise<number>((resolve, reject) =>
          settler.incr('ip:203.0.113.50', 60_000, 10, (error, result) =>
            error ? reject(error) : resolve(result!.current),
          ),
        );
      const currents: number[] = [];
      for (let i = 0; i < 12; i += 1) currents.push(await incr());
      expect(currents).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11]);
      expect(errors.length).toBeGreaterThanOrEqual(1);
    } finally {
      await settler.close().catch(() => undefined);
      await unreachable.destroy();
    }
  });
});
