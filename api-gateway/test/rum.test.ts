import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import type { ReleasesResponse, RumBeacon } from '@sq/contracts/rum';
import { VISITOR_COOKIE } from '@sq/contracts';
import { readGatewayConfig } from '../src/config';
import { releaseRemote } from '../src/releases/release-actions';
import { assignmentKey, readAssignment, signAssignment } from '../src/rum/assignment';
import { keys, startGateway, startUpstreams, token } from './helpers';

/**
 * Field figures: browsers report to POST /api/rum, operators and a remote's CI read GET /api/admin/releases,
 * against a real PostgreSQL (the gateway schema) and the registry releases write there.
 */
const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rum-shell-'));
const cdnDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rum-cdn-'));
const route = (p: string) => ({
  path: p,
  access: 'public' as const,
  layout: 'default' as const,
  title: '홈',
  ready: true,
});
/** The registry as releases leave it: mfe_programs 1.3.0 then 1.4.0 live, mfe_mypage 2.0.0 live. */
const releases = [
  {
    remote: 'mfe_programs',
    version: '1.3.0',
    releasedAt: '2026-11-10T10:00:00.000Z',
    routes: [route('/'), route('/product/:productId')],
  },
  {
    remote: 'mfe_programs',
    version: '1.4.0',
    releasedAt: '2026-11-20T10:00:00.000Z',
    routes: [route('/'), route('/product/:productId')],
  },
  { remote: 'mfe_mypage', version: '2.0.0', releasedAt: '2026-11-01T00:00:00.000Z', routes: [route('/mypage')] },
];

async function seedRegistry(knex: Knex): Promise<void> {
  for (const { remote, version, releasedAt, routes } of releases) {
    const manifestUrl = `/bundles/${remote.replace('_', '-')}/${version}/mf-manifest.json`;
    await releaseRemote(knex, {
      build: { remote, version, manifestUrl, routes, shared: {} },
      actor: 'tester',
      shellProvides: null,
    });
    await knex('gateway.remote_release').where({ remote, version }).update({ released_at: releasedAt });
  }
}

let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let db: Knex;
beforeAll(async () => {
  fs.writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><title>사이드퀘스트</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(shellDir, 'shell-version.json'), JSON.stringify({ version: SHELL_VERSION }));
  upstreams = await startUpstreams();
  gateway = await startGateway(upstreams.urls, {
    shellDir,
    cdnDir,
    rum: { rateLimitMax: 1_000, bodyMaxBytes: 4 * 1024, retentionDays: 7, sampleRate: 0.25 },
  });
  db = knexFactory({ client: 'pg', connection: gateway.config.databaseUrl, pool: { min: 0, max: 2 } });
  await db('gateway.remote_release_event').delete();
  await db('gateway.remote_pointer').delete();
  await db('gateway.remote_release').delete();
  await seedRegistry(db);
  ({ assignment } = await pageAssignment());
});
afterAll(async () => {
  await db?.destroy();
  await gateway?.close();
  await upstreams?.stop();
  fs.rmSync(shellDir, { recursive: true, force: true });
  fs.rmSync(cdnDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db('gateway.rum_event').delete();
});

const SHELL_VERSION = '1.0.0-abc123';
const at = {
  navigation: 'load',
  route: '/product/:productId',
  remote: 'mfe_programs',
  remoteVersion: '1.4.0',
} as const;

/** The signed assignment in the page a visitor (new, or the one with this id) is served, and the visitor's id. */
async function pageAssignment(visitor?: string, app = gateway.app): Promise<{ assignment: string; visitor: string }> {
  const page = await app.inject({
    url: '/product/4',
    headers: visitor ? { cookie: `${VISITOR_COOKIE}=${visitor}` } : {},
  });
  const signed = /data-assignment="([^"]+)"/.exec(page.body)?.[1];
  const given = String(page.headers['set-cookie'] ?? '').match(new RegExp(`${VISITOR_COOKIE}=([^;]+)`))?.[1];
  if (!signed) throw new Error('the page carries no assignment');
  return { assignment: signed, visitor: visitor ?? given! };
}
/** A visitor's assignment of mfe_programs 1.4.0, the live version, from the page they were served. */
let assignment: string;
const beacon = (events: RumBeacon['events'], signed = assignment): RumBeacon => ({
  assignment: signed,
  shellVersion: SHELL_VERSION,
  events,
});

/** Posts as sendBeacon does: a JSON string as text/plain, no cookie, no token. */
const report = (body: unknown, address = '10.1.0.1') =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/rum',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: address,
  });

const stored = () =>
  db('gateway.rum_event')
    .select(
      'kind',
      'navigation',
      'route',
      'remote',
      'remote_version',
      'shell_version',
      'metric',
      'value',
      'message',
      'stack',
    )
    .orderBy('id');

describe('POST /api/rum', () => {
  it('stores page views, vitals and errors sent as text/plain, each with its route, remote, versions', async () => {
    const answer = await report(
      beacon([
        { kind: 'view', ...at },
        { kind: 'vital', ...at, metric: 'LCP', value: 1830.5 },
        { kind: 'vital', ...at, navigation: 'spa', route: '/', metric: 'CLS', value: 0.04 },
        {
          kind: 'error',
          ...at,
          remote: 'shell',
          remoteVersion: '1.0.0-abc123',
          route: '*',
          message: 'TypeError: x is undefined',
          stack: 'at render (main.js:1:2)',
        },
      ]),
    );
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(await stored()).toEqual([
      {
        kind: 'view',
        navigation: 'load',
        route: '/product/:productId',
        remote: 'mfe_programs',
        remote_version: '1.4.0',
        shell_version: '1.0.0-abc123',
        metric: null,
        value: null,
        message: null,
        stack: null,
      },
      {
        kind: 'vital',
        navigation: 'load',
        route: '/product/:productId',
        remote: 'mfe_programs',
        remote_version: '1.4.0',
        shell_version: '1.0.0-abc123',
        metric: 'LCP',
        value: 1830.5,
        message: null,
        stack: null,
      },
      {
        kind: 'vital',
        navigation: 'spa',
        route: '/',
        remote: 'mfe_programs',
        remote_version: '1.4.0',
        shell_version: '1.0.0-abc123',
        metric: 'CLS',
        value: 0.04,
        message: null,
        stack: null,
      },
      {
        kind: 'error',
        navigation: 'load',
        route: '*',
        remote: 'shell',
        remote_version: '1.0.0-abc123',
        shell_version: '1.0.0-abc123',
        metric: null,
        value: null,
        message: 'TypeError: x is undefined',
        stack: 'at render (main.js:1:2)',
      },
    ]);
    // Each row names its sender as keyed hashes: neither the visitor id nor the address is stored.
    const senders = await db('gateway.rum_event').distinct('visitor', 'source');
    expect(senders).toHaveLength(1);
    const visitor = readAssignment(assignmentKey(gateway.config.internalSecret), assignment)!.visitor;
    expect(senders[0].visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(senders)).not.toContain(visitor);
    expect(JSON.stringify(senders)).not.toContain('10.1.0.1');
  });

  it('refuses an anonymous report, a forged or expired assignment, storing nothing', async () => {
    const key = assignmentKey(gateway.config.internalSecret);
    const given = readAssignment(key, assignment)!;
    const [body, signature] = assignment.split('.');
    const otherKey = assignmentKey('another secret');
    const refusedBodies: unknown[] = [
      { shellVersion: SHELL_VERSION, events: [{ kind: 'view', ...at }] },
      beacon([{ kind: 'view', ...at }], `${body}.${signature!.slice(1)}A`),
      beacon([{ kind: 'view', ...at }], signAssignment(otherKey, given)),
      beacon([{ kind: 'view', ...at }], signAssignment(key, { ...given, expiresAt: Date.now() - 1 })),
      // The payload changed to name the canary it was not given, under the old signature.
      beacon(
        [{ kind: 'view', ...at }],
        `${Buffer.from(JSON.stringify({ v: given.visitor, r: { mfe_programs: '1.3.0' }, s: SHELL_VERSION, e: given.expiresAt })).toString('base64url')}.${signature}`,
      ),
    ];
    for (const payload of refusedBodies) {
      const answer = await report(payload);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ ErrorCode: '43', message: MESSAGES.rumAssignmentInvalid });
    }
    expect(await stored()).toEqual([]);
  });

  it('refuses a report naming a version the visitor was not given, or one the remote never released, storing nothing', async () => {
    const key = assignmentKey(gateway.config.internalSecret);
    const given = readAssignment(key, assignment)!;
    expect(given.versions).toEqual({ mfe_programs: '1.4.0', mfe_mypage: '2.0.0' });
    const invented = signAssignment(key, { ...given, versions: { ...given.versions, mfe_programs: '9.9.9' } });
    const bodies = [
      // 1.3.0 is in the remote's history, but this visitor runs 1.4.0.
      beacon([
        { kind: 'view', ...at },
        { kind: 'error', ...at, remoteVersion: '1.3.0', message: 'x', stack: '' },
      ]),
      beacon([{ kind: 'view', ...at, remote: 'shell', remoteVersion: '0.9.0' }]),
      { ...beacon([{ kind: 'view', ...at }]), shellVersion: '0.9.0' },
      // Signed as given, but never released: not live, canary or history.
      beacon([{ kind: 'view', ...at, remoteVersion: '9.9.9' }], invented),
    ];
    for (const body of bodies) {
      const answer = await report(body);
      expect(answer.statusCode, JSON.stringify(body.events[0])).toBe(403);
      expect(answer.json()).toEqual({ ErrorCode: '43', message: MESSAGES.rumVersionNotAssigned });
    }
    expect(await stored()).toEqual([]);
  });

  it("refuses reports another site's page makes its visitors send (Origin, Sec-Fetch-Site), storing nothing", async () => {
    const send = (headers: Record<string, string>) =>
      gateway.app.inject({
        method: 'POST',
        url: '/api/rum',
        headers: { 'content-type': 'text/plain', ...headers },
        payload: JSON.stringify(beacon([{ kind: 'view', ...at }])),
        remoteAddress: '10.1.0.9',
      });
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const answer = await send(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.json()).toEqual({ ErrorCode: '43', message: MESSAGES.rumCrossSite });
    }
    expect(await stored()).toEqual([]);
    // The site's own page, as a browser sends it.
    expect((await send({ origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(204);
    expect(await stored()).toHaveLength(1);
  });

  it('takes application/json too (the fallback where sendBeacon is missing)', async () => {
    const answer = await gateway.app.inject({
      method: 'POST',
      url: '/api/rum',
      payload: beacon([{ kind: 'view', ...at }]),
      remoteAddress: '10.1.0.2',
    });
    expect(answer.statusCode).toBe(204);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses a remote the registry does not know, storing nothing of the report', async () => {
    const answer = await report(
      beacon([
        { kind: 'view', ...at },
        { kind: 'view', ...at, remote: 'mfe_unknown' },
      ]),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ ErrorCode: '40', message: MESSAGES.rumUnknownRemote });
    expect(await stored()).toEqual([]);
  });

  it('refuses malformed reports with a Korean message: long strings, real paths, unknown fields, not JSON', async () => {
    const bad: unknown[] = [
      beacon([{ kind: 'error', ...at, message: 'x'.repeat(501), stack: '' }]),
      beacon([{ kind: 'error', ...at, message: 'boom', stack: 's'.repeat(2_001) }]),
      beacon([{ kind: 'view', ...at, route: '/product/4?email=a@b.c' }]),
      beacon([{ kind: 'vital', ...at, metric: 'FID', value: 3 } as never]),
      beacon([{ kind: 'vital', ...at, metric: 'LCP', value: -1 }]),
      { ...beacon([{ kind: 'view', ...at }]), userId: 7 },
      beacon([{ kind: 'view', ...at, email: 'a@b.c' } as never]),
      beacon([]),
      '{"shellVersion":',
      '[[[[[[1]]]]]]',
    ];
    for (const body of bad) {
      const answer = await report(body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json()).toEqual({ ErrorCode: '40', message: MESSAGES.rumReportInvalid });
    }
    expect(await stored()).toEqual([]);
  });

  it('refuses a body over RUM_BODY_MAX_BYTES unread', async () => {
    const answer = await report(
      beacon([
        { kind: 'error', ...at, message: 'm', stack: 'x'.repeat(1_900) },
        { kind: 'error', ...at, message: 'm', stack: 'y'.repeat(1_900) },
        { kind: 'error', ...at, message: 'm', stack: 'z'.repeat(1_900) },
      ]),
    );
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ ErrorCode: '40', message: MESSAGES.rumReportTooLarge });
    expect(await stored()).toEqual([]);
  });

  it('counts an IPv6 address by its /64 for its per-address limit', async () => {
    const limited = await startGateway(upstreams.urls, { cdnDir, rum: { rateLimitMax: 2, rateLimitWindowMs: 60_000 } });
    const limitedDb = knexFactory({ client: 'pg', connection: limited.config.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      await seedRegistry(limitedDb);
      const send = (address: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/rum',
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify(beacon([{ kind: 'view', ...at }])),
          remoteAddress: address,
        });
      const statuses = [];
      for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:db8:1:2:0:0:0:99'])
        statuses.push((await send(address)).statusCode);
      expect(statuses).toEqual([204, 204, 429]);
      // The next /64 is another subscriber.
      expect((await send('2001:db8:1:3::1')).statusCode).toBe(204);
    } finally {
      await limitedDb.destroy();
      await limited.close();
    }
  });

  it('sheds reports beyond the insert budget per minute with a metric and a log line, never a 5xx', async () => {
    const tight = await startGateway(upstreams.urls, { cdnDir, rum: { insertBudgetPerMinute: 3 } });
    const tightDb = knexFactory({ client: 'pg', connection: tight.config.databaseUrl, pool: { min: 0, max: 1 } });
    const warn = vi.spyOn(tight.app.log, 'warn');
    try {
      await seedRegistry(tightDb);
      const send = (events: number, address: string) =>
        tight.app.inject({
          method: 'POST',
          url: '/api/rum',
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify(beacon(Array.from({ length: events }, () => ({ kind: 'view' as const, ...at })))),
          remoteAddress: address,
        });
      // Start of a minute: the whole budget is there (the test would straddle two minutes otherwise).
      const second = new Date().getUTCSeconds();
      if (second > 50) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
      expect((await send(2, '10.5.0.1')).statusCode).toBe(204);
      const shed = await send(2, '10.5.0.2');
      expect(shed.statusCode).toBe(429);
      expect(shed.json()).toEqual({ ErrorCode: '29', message: MESSAGES.rumBudgetExceeded });
      expect(Number(shed.headers['retry-after'])).toBeGreaterThan(0);
      // What is left of the budget still takes a report that fits.
      expect((await send(1, '10.5.0.3')).statusCode).toBe(204);
      expect((await send(1, '10.5.0.4')).statusCode).toBe(429);
      expect(await tightDb('gateway.rum_event').count({ n: '*' })).toEqual([{ n: '3' }]);
      expect(await tight.app.metrics.text()).toMatch(/^gateway_rum_shed_events_total 3$/m);
      // One line a minute per instance, however many reports were shed.
      expect(
        warn.mock.calls.filter(([, message]) => message === 'field figures shed: insert budget per minute spent'),
      ).toEqual([[{ events: 2, budgetPerMinute: 3 }, 'field figures shed: insert budget per minute spent']]);
    } finally {
      await tightDb.destroy();
      await tight.close();
    }
  });

  it('has its own per-address limit, apart from the API limit', async () => {
    const limited = await startGateway(upstreams.urls, {
      cdnDir,
      rateLimit: { max: 3, windowMs: 60_000 },
      rum: { rateLimitMax: 5, rateLimitWindowMs: 60_000 },
    });
    const limitedDb = knexFactory({ client: 'pg', connection: limited.config.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      if (limited.config.databaseUrl !== gateway.config.databaseUrl) await seedRegistry(limitedDb);
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/rum',
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify(beacon([{ kind: 'view', ...at }])),
          remoteAddress: '10.2.0.1',
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await send()).statusCode);
      expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
      expect((await send()).json()).toEqual({ ErrorCode: '29', message: MESSAGES.tooManyRequests });
      // The reports did not use up the address's API allowance.
      expect((await limited.app.inject({ url: '/api/projects', remoteAddress: '10.2.0.1' })).statusCode).toBe(200);
      // More events than one beacon may carry (within the body cap of 16 KB).
      const crowded = await limited.app.inject({
        method: 'POST',
        url: '/api/rum',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify(beacon(Array.from({ length: 51 }, () => ({ kind: 'view' as const, ...at })))),
        remoteAddress: '10.2.0.3',
      });
      expect(crowded.json()).toEqual({ ErrorCode: '40', message: MESSAGES.rumReportInvalid });
      // Another address reports as usual.
      expect(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/rum',
            headers: { 'content-type': 'text/plain' },
            payload: JSON.stringify(beacon([{ kind: 'view', ...at }])),
            remoteAddress: '10.2.0.2',
          })
        ).statusCode,
      ).toBe(204);
    } finally {
      await limitedDb.destroy();
      await limited.close();
    }
  });

  it('deletes rows older than RUM_RETENTION_DAYS and keeps the rest', async () => {
    const row = {
      kind: 'view',
      navigation: 'load',
      route: '/',
      remote: 'mfe_programs',
      remote_version: '1.4.0',
      shell_version: '1',
    };
    await db('gateway.rum_event').insert([
      { ...row, received_at: db.raw("now() - interval '8 days'") },
      { ...row, remote_version: '1.3.0', received_at: db.raw("now() - interval '6 days'") },
    ]);
    expect(await gateway.app.pruneRumEvents()).toBe(1);
    expect((await stored()).map((r) => r.remote_version)).toEqual(['1.3.0']);
  });
});

describe('the shell page', () => {
  it("carries the reporter's settings (RUM_SAMPLE_RATE, where errors are cut)", async () => {
    const page = await gateway.app.inject({ url: '/product/4' });
    expect(page.body).toMatch(
      /<meta name="sq-rum" data-sample-rate="0\.25" data-message-max="300" data-stack-max="1500" data-vitals-delay="3000" data-assignment="[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+" \/>/,
    );
  });

  it("carries the visitor's signed assignment: their id, each remote's version they run, the shell's, and a short expiry", async () => {
    const { assignment: signed, visitor } = await pageAssignment();
    const read = readAssignment(assignmentKey(gateway.config.internalSecret), signed)!;
    expect(read).toMatchObject({
      visitor,
      versions: { mfe_programs: '1.4.0', mfe_mypage: '2.0.0' },
      shell: SHELL_VERSION,
    });
    expect(read.expiresAt - Date.now()).toBeGreaterThan(2 * 60 * 60_000 - 60_000);
    expect(read.expiresAt - Date.now()).toBeLessThanOrEqual(2 * 60 * 60_000);
    // The same visitor again: the same id and versions.
    expect(
      readAssignment(assignmentKey(gateway.config.internalSecret), (await pageAssignment(visitor)).assignment),
    ).toMatchObject({ visitor, versions: read.versions });
  });

  it('takes the settings from the environment, refusing a sample rate outside 0..1', () => {
    const base = { DATABASE_URL: 'postgres://x', JWT_PUBLIC_KEY: keys.publicKey };
    expect(readGatewayConfig(base).rum).toMatchObject({ sampleRate: 1, retentionDays: 30, bodyMaxBytes: 16_384 });
    expect(readGatewayConfig({ ...base, RUM_SAMPLE_RATE: '0.1', RUM_RETENTION_DAYS: '90' }).rum).toMatchObject({
      sampleRate: 0.1,
      retentionDays: 90,
    });
    expect(() => readGatewayConfig({ ...base, RUM_SAMPLE_RATE: '2' })).toThrow(/RUM_SAMPLE_RATE/);
    expect(() => readGatewayConfig({ ...base, RUM_ERROR_STACK_MAX: '5000' })).toThrow(/RUM_ERROR_STACK_MAX/);
  });
});

describe('GET /api/admin/releases', () => {
  const admin = { authorization: `Bearer ${token({ role: 'ROLE_ADMIN' })}` };

  it('is for operators only', async () => {
    expect((await gateway.app.inject({ url: '/api/admin/releases' })).statusCode).toBe(401);
    const member = await gateway.app.inject({
      url: '/api/admin/releases',
      headers: { authorization: `Bearer ${token()}` },
    });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ ErrorCode: '43', message: MESSAGES.forbidden });
  });

  it('refuses a window it does not offer', async () => {
    const answer = await gateway.app.inject({ url: '/api/admin/releases?window=2y', headers: admin });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(MESSAGES.releaseWindowInvalid);
  });

  it('gives each remote its live version, history and per-version views, error rate and p75 vitals over the window', async () => {
    const row = (minutesAgo: number, version: string, extra: Record<string, unknown>) => ({
      kind: 'view',
      navigation: 'load',
      route: '/',
      remote: 'mfe_programs',
      remote_version: version,
      shell_version: '1',
      received_at: db.raw(`now() - interval '${minutesAgo} minutes'`),
      ...extra,
    });
    const views = (minutesAgo: number, version: string, n: number) =>
      Array.from({ length: n }, () => row(minutesAgo, version, {}));
    const vital = (minutesAgo: number, version: string, metric: string, value: number) =>
      row(minutesAgo, version, { kind: 'vital', metric, value });
    const error = (minutesAgo: number, version: string) =>
      row(minutesAgo, version, { kind: 'error', message: 'TypeError', stack: '' });
    await db('gateway.rum_event').insert([
      // 1.4.0: 4 views (3 half an hour ago, 1 three hours ago), 1 error; LCP 1000..4000 -> p75 3250.
      ...views(30, '1.4.0', 3),
      ...views(180, '1.4.0', 1),
      error(30, '1.4.0'),
      vital(30, '1.4.0', 'LCP', 1000),
      vital(30, '1.4.0', 'LCP', 2000),
      vital(30, '1.4.0', 'LCP', 3000),
      vital(180, '1.4.0', 'LCP', 4000),
      vital(30, '1.4.0', 'INP', 120),
      vital(30, '1.4.0', 'CLS', 0.1),
      vital(30, '1.4.0', 'CLS', 0.3),
      // 1.3.0, the version before: 2 views, 2 errors.
      ...views(600, '1.3.0', 2),
      error(600, '1.3.0'),
      error(600, '1.3.0'),
      // Outside the 24 h window: not counted.
      ...views(60 * 30, '1.4.0', 5),
      error(60 * 30, '1.4.0'),
    ]);

    const answer = await gateway.app.inject({ url: '/api/admin/releases?window=24h', headers: admin });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as ReleasesResponse;
    expect(body).toMatchObject({ ErrorCode: '00', window: '24h', bucketMinutes: 60 });
    const programs = body.remotes.find((r) => r.name === 'mfe_programs')!;
    expect(programs.live).toEqual({ version: '1.4.0', releasedAt: '2026-11-20T10:00:00.000Z' });
    expect(programs.canary).toBeNull();
    expect(programs.history).toEqual([{ version: '1.3.0', releasedAt: '2026-11-10T10:00:00.000Z' }]);
    expect(programs.versions.map(({ buckets: _b, ...figures }) => figures)).toEqual([
      { version: '1.4.0', views: 4, errors: 1, errorRate: 0.25, LCP: 3250, INP: 120, CLS: 0.25 },
      { version: '1.3.0', views: 2, errors: 2, errorRate: 1, LCP: null, INP: null, CLS: null },
    ]);
    const live = programs.versions[0]!;
    expect(live.buckets).toHaveLength(24);
    expect(live.buckets.reduce((sum, b) => sum + b.views, 0)).toBe(4);
    // The last bucket holds the half-hour-old rows: 3 views, 1 error, p75 of LCP 1000/2000/3000 = 2500.
    expect(live.buckets.at(-1)).toMatchObject({ views: 3, errors: 1, LCP: 2500 });
    // A remote with no reports still shows its live version, with no figures.
    expect(body.remotes.find((r) => r.name === 'mfe_mypage')!.versions).toEqual([
      { version: '2.0.0', views: 0, errors: 0, errorRate: null, LCP: null, INP: null, CLS: null, buckets: [] },
    ]);

    const hour = (
      await gateway.app.inject({ url: '/api/admin/releases?window=1h', headers: admin })
    ).json() as ReleasesResponse;
    expect(hour.remotes.find((r) => r.name === 'mfe_programs')!.versions.map((v) => [v.version, v.views])).toEqual([
      ['1.4.0', 3],
    ]);
  });

  it('lists at most RELEASES_LIST_MAX_VERSIONS versions per remote: live and canary first, then the busiest', async () => {
    const capped = await startGateway(upstreams.urls, { cdnDir, rum: { versionsPerRemote: 2 } });
    const cappedDb = knexFactory({ client: 'pg', connection: capped.config.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      await seedRegistry(cappedDb);
      const row = { kind: 'view', navigation: 'load', route: '/', remote: 'mfe_programs', shell_version: '1' };
      // Rows of earlier versions and of versions stored before reports were checked, busiest last.
      await cappedDb('gateway.rum_event').insert([
        ...['1.3.0', 'old-a', 'old-b', 'old-b', 'old-c', 'old-c', 'old-c'].map((version) => ({
          ...row,
          remote_version: version,
        })),
      ]);
      const body = (
        await capped.app.inject({ url: '/api/admin/releases?window=1h', headers: admin })
      ).json() as ReleasesResponse;
      expect(body.remotes.find((r) => r.name === 'mfe_programs')!.versions.map((v) => [v.version, v.views])).toEqual([
        ['1.4.0', 0],
        ['old-c', 3],
      ]);
      expect(
        readGatewayConfig({
          DATABASE_URL: 'postgres://x',
          JWT_PUBLIC_KEY: keys.publicKey,
          RELEASES_LIST_MAX_VERSIONS: '4',
        }).rum?.versionsPerRemote,
      ).toBe(4);
    } finally {
      await cappedDb.destroy();
      await capped.close();
    }
  });

  it("is in the gateway's OpenAPI document, with POST /api/rum", async () => {
    const document = (await gateway.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/api/admin/releases']!)).toEqual(['get']);
    expect(Object.keys(document.paths['/api/rum']!)).toEqual(['post']);
  });
});
