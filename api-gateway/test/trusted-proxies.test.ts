import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../src/config';
import { keys, startGateway, startUpstreams } from './helpers';

/**
 * X-Forwarded-For decides the client's address (per-address rate limits, the address services record) only
 * when it comes from a proxy named in TRUSTED_PROXIES; services get the address signed, never the header.
 */
const PROXY = '10.20.0.5';
const STRANGER = '192.0.2.44';
const MAX = 3;

let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
beforeAll(async () => {
  upstreams = await startUpstreams();
});
afterAll(async () => {
  await upstreams?.stop();
});

type Gateway = Awaited<ReturnType<typeof startGateway>>;
const call = (gateway: Gateway, remoteAddress: string, forwardedFor?: string) =>
  gateway.app.inject({
    url: '/api/projects',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('without trusted proxies (the default)', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway(upstreams.urls, { rateLimit: { max: MAX, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('keeps counting the peer whatever X-Forwarded-For it writes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX + 2; i += 1) statuses.push((await call(gateway, STRANGER, `203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('signs the peer address for the services, not the forwarded one', async () => {
    await call(gateway, '192.0.2.45', '203.0.113.200');
    const seen = upstreams.received.at(-1)!;
    expect(seen.client).toBe('192.0.2.45');
    expect(seen.headers['x-forwarded-for']).toBeUndefined();
  });

  it('reads no proxies from a blank or unset TRUSTED_PROXIES', () => {
    const base = { DATABASE_URL: 'postgres://x', JWT_PUBLIC_KEY: keys.publicKey };
    expect(readGatewayConfig(base).trustedProxies).toEqual([]);
    expect(readGatewayConfig({ ...base, TRUSTED_PROXIES: ' , ' }).trustedProxies).toEqual([]);
    expect(readGatewayConfig({ ...base, TRUSTED_PROXIES: '10.20.0.5, 10.30.0.0/16' }).trustedProxies).toEqual([
      '10.20.0.5',
      '10.30.0.0/16',
    ]);
  });
});

describe('with a trusted proxy', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway(upstreams.urls, {
      rateLimit: { max: MAX, windowMs: 60_000 },
      trustedProxies: [PROXY],
    });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it("counts each client the proxy forwards for, and signs the proxy's forwarded address", async () => {
    for (const client of ['198.51.100.1', '198.51.100.2']) {
      for (let i = 0; i < MAX; i += 1) expect((await call(gateway, PROXY, client)).statusCode).toBe(200);
      expect(upstreams.received.at(-1)!.client).toBe(client);
    }
    expect((await call(gateway, PROXY, '198.51.100.1')).statusCode).toBe(429);
    // The client's own X-Forwarded-For before the proxy's entry is not believed: the proxy saw 198.51.100.3.
    await call(gateway, PROXY, '203.0.113.9, 198.51.100.3');
    expect(upstreams.received.at(-1)!.client).toBe('198.51.100.3');
  });

  it('still ignores X-Forwarded-For from anyone else', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX + 1; i += 1)
      statuses.push((await call(gateway, STRANGER, `198.51.100.${50 + i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await call(gateway, '192.0.2.46', '198.51.100.60');
    expect(upstreams.received.at(-1)!.client).toBe('192.0.2.46');
  });
});
