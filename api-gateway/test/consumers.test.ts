import Fastify, { type FastifyInstance } from 'fastify';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONSUMER_MESSAGES,
  MESSAGES,
  SESSION_EVENTS_CHANNEL,
  missingScopeMessage,
  type ConsumerScope,
} from '@sq/contracts';
import { DEFAULT_CONSUMERS, type ConsumerConfig } from '../src/consumers/config';
import { DEFAULT_PUBLIC_API_VERSION } from '../src/consumers/versions';
import { startGateway, startUpstreams, token } from './helpers';

/**
 * Consumer credentials at the gateway, against stand-in services: an account stand-in that answers the personal
 * access token check from a table the test controls (the real check is tested in services/account), and
 * stand-ins for the rest that record what reached them.
 */
interface Held {
  tokenId: number;
  userId: number;
  scopes: ConsumerScope[];
  active: boolean;
}
const held = new Map<string, Held>();
const checks = { count: 0 };
const bodies: { url: string; body: unknown }[] = [];
let account: FastifyInstance;
let careercard: FastifyInstance;
let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let slow: { release: () => void; wait: Promise<void> } | null = null;

const config: ConsumerConfig = { ...DEFAULT_CONSUMERS, tiers: { personal: { perMinute: 1_000, perDay: 100_000 } } };

const pat = (n: number) => `sqp_${String(n).padStart(43, 'A')}`;
const give = (n: number, userId: number, scopes: ConsumerScope[]) => {
  held.set(pat(n), { tokenId: n, userId, scopes, active: true });
  return pat(n);
};

beforeAll(async () => {
  upstreams = await startUpstreams();
  account = Fastify();
  account.post('/internal/personal-tokens/check', async (request) => {
    checks.count += 1;
    const found = held.get((request.body as { token: string }).token);
    if (!found?.active) return { ErrorCode: '00', active: false };
    return {
      ErrorCode: '00',
      active: true,
      tokenId: found.tokenId,
      userId: found.userId,
      scopes: found.scopes,
      until: Math.floor(Date.now() / 1000) + 3_600,
    };
  });
  account.post('/internal/sessions/check', async (request) => ({
    ErrorCode: '00',
    active: true,
    role: 'ROLE_USER',
    until: (request.body as { exp: number }).exp - 60,
  }));
  account.all('/*', async (request) => ({ ErrorCode: '00', service: 'account', url: request.url }));
  const accountUrl = await account.listen({ port: 0, host: '127.0.0.1' });
  // The careercard stand-in answers POSTs after the test lets it (a request in flight), echoing the body.
  careercard = Fastify();
  careercard.post('/api/updateMyinfo', async (request, reply) => {
    bodies.push({ url: request.url, body: request.body });
    if (slow) await slow.wait;
    const body = request.body as { fail?: boolean };
    if (body?.fail) return reply.status(503).send({ ErrorCode: '53', message: MESSAGES.serviceUnavailable });
    return { ErrorCode: '00', saved: bodies.length };
  });
  const careercardUrl = await careercard.listen({ port: 0, host: '127.0.0.1' });
  gateway = await startGateway(
    { ...upstreams.urls, account: accountUrl, careercard: careercardUrl },
    { consumers: config },
  );
});
afterAll(async () => {
  await gateway?.close();
  await upstreams?.stop();
  await account?.close();
  await careercard?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  bearer: string,
  extra: { headers?: Record<string, string>; payload?: object } = {},
) =>
  gateway.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${bearer}`, ...extra.headers },
    ...(extra.payload ? { payload: extra.payload } : {}),
  });
const lastReceived = () => upstreams.received.at(-1)!;

describe('personal access tokens at the gateway', () => {
  it('reach the public API as their owner (ROLE_USER, no token passed on) with the scope the operation declares', async () => {
    const bot = give(1, 41, ['applications:read', 'programs:read']);
    const response = await call('GET', '/api/join/history', bot);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ service: 'programs', url: '/api/join/history' });
    const received = lastReceived();
    // The token's scopes go along: services judge on them where an operation's own scope is not all (webhook events).
    expect(received.identity).toEqual({
      userId: 41,
      role: 'ROLE_USER',
      sid: 'pat:1',
      scopes: ['applications:read', 'programs:read'],
    });
    expect(received.headers.authorization).toBeUndefined();
    expect(response.headers['ratelimit-policy']).toBe('"minute";q=1000;w=60, "day";q=100000;w=86400');
    expect(response.headers.ratelimit).toMatch(/^"minute";r=999;t=\d+, "day";r=99999;t=\d+$/);
    expect((await call('GET', '/api/cohorts/12/applicants', bot)).statusCode).toBe(200);
    expect(lastReceived().url).toBe('/api/cohorts/12/applicants');
  });

  it('are refused with 403 naming the missing scope in Korean, and nothing is forwarded', async () => {
    const bot = give(2, 42, ['programs:read']);
    const before = upstreams.received.length;
    const response = await call('POST', '/api/applications/7/checkin', bot);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      ErrorCode: '43',
      message: missingScopeMessage('sprint:checkin', '스프린트 체크인'),
    });
    expect(response.json().message).toBe(
      "이 요청에는 '스프린트 체크인'(sprint:checkin) 권한이 필요합니다. 토큰의 권한을 확인해 주세요.",
    );
    expect(upstreams.received.length).toBe(before);
  });

  it("never reach operators' operations or anything outside the public API, whatever the owner's role", async () => {
    const everything = give(3, 1, [
      'programs:read',
      'careercard:read',
      'careercard:write',
      'applications:read',
      'sprint:checkin',
    ]);
    const before = upstreams.received.length;
    for (const [method, url] of [
      ['GET', '/api/admin/cohorts'],
      ['POST', '/api/admin/releases'],
      ['GET', '/api/meOauth'],
      ['POST', '/api/tokens'],
      ['GET', '/api/tokens/usage'],
      ['POST', '/api/setWithdrawal/1'],
      ['GET', '/api/%61dmin/cohorts'],
      ['GET', '/api/join/history/../../admin/cohorts'],
      ['PUT', '/api/apply/3/steps/1'],
    ] as const) {
      const response = await call(method, url, everything);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ ErrorCode: '43', message: CONSUMER_MESSAGES.consumerOperationRefused });
    }
    expect(upstreams.received.length).toBe(before);
  });

  it('answer 401 for an unknown, expired or revoked token, and a revocation is heard at once', async () => {
    const unknown = await call('GET', '/api/products', pat(999));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ ErrorCode: '41', message: CONSUMER_MESSAGES.consumerTokenInvalid });

    const bot = give(4, 44, ['programs:read']);
    expect((await call('GET', '/api/products', bot)).statusCode).toBe(200);
    const asked = checks.count;
    expect((await call('GET', '/api/products', bot)).statusCode).toBe(200);
    // The check was cached: the account service was not asked again.
    expect(checks.count).toBe(asked);
    // The account service revokes it and its trigger announces the owner (migration 013).
    held.get(bot)!.active = false;
    const db = knexFactory({ client: 'pg', connection: gateway.config.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      await db.raw('select pg_notify(?, ?)', [SESSION_EVENTS_CHANNEL, 'user:44']);
    } finally {
      await db.destroy();
    }
    await vi.waitFor(async () => expect((await call('GET', '/api/products', bot)).statusCode).toBe(401), {
      timeout: 2_000,
      interval: 20,
    });
  });

  it("leave people's sessions as they were", async () => {
    const response = await gateway.app.inject({
      url: '/api/join/history',
      headers: { authorization: `Bearer ${token()}` },
    });
    expect(response.statusCode).toBe(200);
    expect(lastReceived().identity).toMatchObject({ userId: 7, sid: 'member-session' });
  });
});

describe("idempotency keys on the public API's POSTs", () => {
  const writer = () => give(5, 45, ['careercard:write']);

  it('repeat the first answer for the same key and body, refuse another body (422), and forward once', async () => {
    const bot = writer();
    const headers = { 'idempotency-key': '"card-update-1"' };
    const first = await call('POST', '/api/updateMyinfo', bot, { headers, payload: { intro: '안녕하세요' } });
    expect(first.statusCode).toBe(200);
    const forwarded = bodies.length;
    const again = await call('POST', '/api/updateMyinfo', bot, { headers, payload: { intro: '안녕하세요' } });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(bodies.length).toBe(forwarded);

    const other = await call('POST', '/api/updateMyinfo', bot, { headers, payload: { intro: '다른 내용' } });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ ErrorCode: '42', message: CONSUMER_MESSAGES.idempotencyKeyReused });
    expect(bodies.length).toBe(forwarded);
    // Another consumer's same key is its own.
    const someoneElse = give(6, 46, ['careercard:write']);
    expect(
      (await call('POST', '/api/updateMyinfo', someoneElse, { headers, payload: { intro: '다른 내용' } })).statusCode,
    ).toBe(200);
  });

  it('answer 409 while the first request is in flight, and let a key whose answer was a 5xx be used again', async () => {
    const bot = writer();
    let release!: () => void;
    slow = {
      release: () => release(),
      wait: new Promise<void>((resolve) => {
        release = resolve;
      }),
    };
    const first = call('POST', '/api/updateMyinfo', bot, {
      headers: { 'idempotency-key': 'in-flight-1' },
      payload: { intro: '느린 요청' },
    });
    await vi.waitFor(() => expect(bodies.at(-1)?.body).toEqual({ intro: '느린 요청' }));
    const meanwhile = await call('POST', '/api/updateMyinfo', bot, {
      headers: { 'idempotency-key': 'in-flight-1' },
      payload: { intro: '느린 요청' },
    });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toEqual({ ErrorCode: '49', message: CONSUMER_MESSAGES.idempotencyInFlight });
    slow.release();
    slow = null;
    expect((await first).statusCode).toBe(200);

    const failed = await call('POST', '/api/updateMyinfo', bot, {
      headers: { 'idempotency-key': 'fails-1' },
      payload: { fail: true },
    });
    expect(failed.statusCode).toBe(503);
    const retried = await call('POST', '/api/updateMyinfo', bot, {
      headers: { 'idempotency-key': 'fails-1' },
      payload: { fail: true },
    });
    expect(retried.statusCode).toBe(503);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuse a malformed key (400) and forward nothing', async () => {
    const bot = writer();
    const forwarded = bodies.length;
    for (const key of ['', 'x'.repeat(256), '키']) {
      const response = await call('POST', '/api/updateMyinfo', bot, {
        headers: { 'idempotency-key': key },
        payload: { intro: 'a' },
      });
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json()).toEqual({ ErrorCode: '40', message: CONSUMER_MESSAGES.idempotencyKeyInvalid });
    }
    expect(bodies.length).toBe(forwarded);
  });
});

describe('consumer quotas', () => {
  let small: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    small = await startGateway(
      { ...gateway.config.services },
      { consumers: { ...config, tiers: { personal: { perMinute: 3, perDay: 5 } } } },
    );
  });
  afterAll(async () => small?.close());
  const ask = (bearer: string) =>
    small.app.inject({ url: '/api/products', headers: { authorization: `Bearer ${bearer}` } });

  it('count per consumer, per minute and per day, across instances, with RateLimit headers and Retry-After on 429', async () => {
    const bot = give(7, 47, ['programs:read']);
    for (let i = 0; i < 3; i += 1) expect((await ask(bot)).statusCode).toBe(200);
    const over = await ask(bot);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ ErrorCode: '29', message: CONSUMER_MESSAGES.consumerQuotaExceeded });
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(over.headers['ratelimit-policy']).toBe('"minute";q=3;w=60, "day";q=5;w=86400');
    expect(over.headers.ratelimit).toBe(`"minute";r=0;t=${wait}`);
    // Another consumer has its own quota.
    expect((await ask(give(8, 48, ['programs:read']))).statusCode).toBe(200);

    // The owner sees the day's count (a person's session, not the token).
    const usage = await small.app.inject({
      url: '/api/tokens/usage',
      headers: { authorization: `Bearer ${token({ sub: '47' })}` },
    });
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({ ErrorCode: '00', usage: [{ tokenId: 7, requestsToday: 3 }] });
    expect((await small.app.inject({ url: '/api/tokens/usage' })).statusCode).toBe(401);

    const metrics = await small.app.metrics.text();
    expect(metrics).toContain('gateway_consumer_requests_total{consumer="pat:7",tier="personal",outcome="admitted"} 3');
    expect(metrics).toContain(
      'gateway_consumer_requests_total{consumer="pat:7",tier="personal",outcome="over_quota"} 1',
    );
  });

  it('hold the day window once the minute windows pass', async () => {
    const bot = give(9, 49, ['programs:read']);
    for (let i = 0; i < 3; i += 1) expect((await ask(bot)).statusCode).toBe(200);
    // A minute has passed (the shared store's minute window ends); the day still holds 3 of 5.
    await small.app.settleRateLimits();
    const db = knexFactory({ client: 'pg', connection: small.config.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      await db('gateway.rate_limit')
        .where('key', 'like', 'consumer:u49:t9:minute')
        .update({ expires_at: db.raw("now() - interval '1 second'") });
    } finally {
      await db.destroy();
    }
    const other = await startGateway(
      { ...gateway.config.services },
      {
        consumers: { ...config, tiers: { personal: { perMinute: 3, perDay: 5 } } },
        databaseUrl: small.config.databaseUrl,
      },
    );
    try {
      const answers = [];
      for (let i = 0; i < 3; i += 1)
        answers.push(await other.app.inject({ url: '/api/products', headers: { authorization: `Bearer ${bot}` } }));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
      expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(3_600);
      expect(answers[2]!.headers.ratelimit).toMatch(/"day";r=0;t=\d+$/);
    } finally {
      await other.app.close();
    }
  });
});

describe('public API versions', () => {
  let versioned: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    const versions = [
      { version: '2026-05-01', deprecatedAt: '2026-11-01T00:00:00Z', sunsetAt: '2027-05-01T00:00:00Z' },
      { version: '2026-11-01' },
    ];
    versioned = await startGateway({ ...gateway.config.services }, { consumers: { ...config, versions } });
  });
  afterAll(async () => versioned?.close());
  const ask = (bearer: string, version?: string) =>
    versioned.app.inject({
      url: '/api/products',
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(version === undefined ? {} : { 'sidequest-version': version }),
      },
    });

  it('answer with the dated default, the version asked for, and Deprecation/Sunset on one that is going away', async () => {
    const bot = give(10, 50, ['programs:read']);
    const plain = await ask(bot);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['sidequest-version']).toBe('2026-11-01');
    expect(plain.headers.deprecation).toBeUndefined();
    const old = await ask(bot, '2026-05-01');
    expect(old.statusCode).toBe(200);
    expect(old.headers['sidequest-version']).toBe('2026-05-01');
    expect(old.headers.deprecation).toBe(`@${Date.parse('2026-11-01T00:00:00Z') / 1000}`);
    expect(old.headers.sunset).toBe('Sat, 01 May 2027 00:00:00 GMT');
    expect(old.headers.link).toBe('</developers#versions>; rel="deprecation"; type="text/html"');
  });

  it('refuse a version that does not exist with 400 in Korean, and forward nothing', async () => {
    const bot = give(11, 51, ['programs:read']);
    const before = upstreams.received.length;
    const response = await ask(bot, '2020-01-01');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ErrorCode: '40', message: CONSUMER_MESSAGES.consumerVersionUnknown });
    expect(upstreams.received.length).toBe(before);
  });

  it("serve the public API's own document with the scopes of each operation", async () => {
    const response = await versioned.app.inject({ url: '/api/public/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.info.version).toBe(DEFAULT_PUBLIC_API_VERSION);
    expect(document.components.securitySchemes.personalAccessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    // The stand-in services document nothing: the document lists no operation rather than a wrong one.
    expect(Object.keys(document.paths).every((p: string) => !p.includes('admin'))).toBe(true);
  });
});
