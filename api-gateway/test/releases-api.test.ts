import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, releaseManifestUrlMessage, releaseRoutesTakenMessage } from '@sq/contracts';
import { buildGateway } from '../src/app';
import { hashReleaseToken } from '../src/releases/releases-config';
import { VISITOR_COOKIE } from '@sq/contracts';
import { canaryBucket } from '../src/releases/visitor-version';
import { setUpGateway, token } from './helpers';

/**
 * The operator release API (`/api/releases/...`) and `/remotes.json` served from PostgreSQL by every gateway.
 * The live shell's shared-deps.json is a file here as a shell build writes it.
 */
const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-deps-'));
const sharedDepsFile = path.join(shellDir, 'shared-deps.json');
fs.writeFileSync(
  sharedDepsFile,
  JSON.stringify({ provides: { react: '19.2.0', 'react-dom': '19.2.0', 'react-router-dom': '7.9.4' } }),
);
afterAll(() => fs.rmSync(shellDir, { recursive: true, force: true }));

const CI_TOKEN = 'ci-release-token-for-tests';
/** The CDN the bundles are served from, besides the site itself (CSP_ASSET_ORIGINS). */
const CDN = 'https://cdn.example.kr';
const site = setUpGateway({
  contentSecurity: { assetOrigins: [CDN], connectOrigins: [], imageOrigins: [] },
  releases: {
    releaseTokenHash: hashReleaseToken(CI_TOKEN),
    registryCacheMs: 100,
    shellSharedDepsFile: sharedDepsFile,
    watch: { intervalMs: 0, windowMs: 60_000, margin: 0.05, minViews: 50 },
  },
});

const admin = { authorization: `Bearer ${token({ role: 'ROLE_ADMIN', sub: '1' })}` };
const ci = { 'x-release-token': CI_TOKEN, 'x-release-actor': 'mfe-itskill#42' };

function build(version: string, shared: Record<string, string> = { react: '^19.1.0' }) {
  return {
    version,
    manifestUrl: `${CDN}/mfe-itskill/${version}/mf-manifest.json`,
    routes: [{ path: '/itskillcheckup', access: 'public', layout: 'default', title: `체크업 ${version}` }],
    shared,
  };
}

const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  site.gateway.app.inject({ method: 'POST', url, headers, payload });
/** `/remotes.json` as the visitor with this id (the gateway's visitor cookie) is answered. */
const registry = async (visitor: string = randomUUID()) =>
  (
    await site.gateway.app.inject({ url: '/remotes.json', headers: { cookie: `${VISITOR_COOKIE}=${visitor}` } })
  ).json() as {
    remotes: Array<{
      name: string;
      version: string;
      manifestUrl: string;
      routes: Array<{ title: string }>;
      canary?: unknown;
    }>;
    assetOrigins: string[];
  };
/** A visitor id inside (or outside) a remote's canary share. */
function visitorOf(remote: string, percent: number, inCanary: boolean): string {
  for (;;) {
    const id = randomUUID();
    if (canaryBucket(id, remote) < percent === inCanary) return id;
  }
}

describe('the operator release API', () => {
  it('takes a release from a CI job with the release token and from an operator, and the log names each', async () => {
    const first = await post('/api/releases/mfe_itskill', ci, build('1.0.0'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      ErrorCode: '00',
      live: '1.0.0',
      canary: null,
      event: 'release',
      changed: true,
    });
    const canary = await post('/api/releases/mfe_itskill', admin, { ...build('1.1.0'), canaryPercent: 30 });
    expect(canary.json()).toMatchObject({ live: '1.0.0', canary: { version: '1.1.0', percent: 30 }, event: 'canary' });
    // The canary's share of visitors is told to load it, with its own routes; the others keep the live version.
    await vi.waitFor(async () =>
      expect((await registry(visitorOf('mfe_itskill', 30, true))).remotes).toEqual([
        expect.objectContaining({
          name: 'mfe_itskill',
          version: '1.1.0',
          manifestUrl: build('1.1.0').manifestUrl,
          routes: [expect.objectContaining({ title: '체크업 1.1.0' })],
        }),
      ]),
    );
    const outside = (await registry(visitorOf('mfe_itskill', 30, false))).remotes;
    expect(outside).toEqual([
      expect.objectContaining({
        name: 'mfe_itskill',
        version: '1.0.0',
        routes: [expect.objectContaining({ title: '체크업 1.0.0' })],
      }),
    ]);
    expect(outside[0]!.canary).toBeUndefined();

    const promote = await post('/api/releases/mfe_itskill/promote', ci);
    expect(promote.json()).toMatchObject({ live: '1.1.0', canary: null, event: 'promote' });
    const rollback = await post('/api/releases/mfe_itskill/rollback', admin, { reason: '체크업 화면 오류' });
    expect(rollback.json()).toMatchObject({ live: '1.0.0', event: 'rollback' });

    const knexModule = await import('knex');
    const knex = knexModule.default({ client: 'pg', connection: site.gateway.config.databaseUrl });
    const actors = await knex('gateway.remote_release_event')
      .where({ remote: 'mfe_itskill' })
      .orderBy('id')
      .pluck('actor');
    await knex.destroy();
    expect(actors).toEqual(['ci:mfe-itskill#42', 'operator:1', 'ci:mfe-itskill#42', 'operator:1']);
  });

  it('is served by another gateway on the same database within the registry cache lifetime', async () => {
    const second = await buildGateway(site.gateway.config);
    try {
      await post('/api/releases/mfe_itskill', ci, build('1.2.0'));
      await vi.waitFor(
        async () =>
          expect(JSON.parse((await second.inject({ url: '/remotes.json' })).body).remotes[0].version).toBe('1.2.0'),
        { timeout: 2_000 },
      );
    } finally {
      await second.close();
    }
  });

  it('refuses a build that skews against the live shell, naming the dependency and both versions; force: true releases it', async () => {
    const skewed = build('2.0.0', { react: '^20.0.0' });
    const refused = await post('/api/releases/mfe_itskill', ci, skewed);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      ErrorCode: '42',
      skew: [{ dependency: 'react', required: '^20.0.0', provided: '19.2.0' }],
    });
    expect(refused.json().message).toBe(
      MESSAGES.releaseSkew
        .replace('{dependency}', 'react')
        .replace('{required}', '^20.0.0')
        .replace('{provided}', '19.2.0'),
    );
    const forced = await post('/api/releases/mfe_itskill', ci, { ...skewed, force: true });
    expect(forced.json()).toMatchObject({ live: '2.0.0', event: 'forced_release' });
  });

  it('answers a stale expected revision with a conflict and changes nothing', async () => {
    const current = (await post('/api/releases/mfe_itskill', ci, build('2.1.0'))).json() as { revision: number };
    const stale = await post('/api/releases/mfe_itskill', ci, {
      ...build('2.2.0'),
      expectedRevision: current.revision - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ ErrorCode: '49', message: MESSAGES.releaseConflict });
    await vi.waitFor(async () => expect((await registry()).remotes[0]?.version).toBe('2.1.0'));
  });

  it('refuses visitors, members, wrong tokens and malformed requests in Korean', async () => {
    expect((await post('/api/releases/mfe_itskill', {}, build('3.0.0'))).json()).toEqual({
      ErrorCode: '41',
      message: MESSAGES.releaseTokenRequired,
    });
    expect((await post('/api/releases/mfe_itskill', { 'x-release-token': 'guess' }, build('3.0.0'))).statusCode).toBe(
      401,
    );
    const member = await post('/api/releases/mfe_itskill', { authorization: `Bearer ${token()}` }, build('3.0.0'));
    expect(member.statusCode).toBe(403);
    const malformed = await post('/api/releases/mfe_itskill', ci, { version: '3.0.0' });
    expect(malformed.json()).toEqual({ ErrorCode: '40', message: MESSAGES.releaseInvalid });
    const badPercent = await post('/api/releases/mfe_itskill', ci, { ...build('3.0.0'), canaryPercent: 0 });
    expect(badPercent.statusCode).toBe(400);
    const unknown = await post('/api/releases/mfe_nothing/promote', ci);
    expect(unknown.json()).toEqual({ ErrorCode: '44', message: MESSAGES.releaseUnknownRemote });
    await vi.waitFor(async () => expect((await registry()).remotes[0]?.version).toBe('2.1.0'));
  });
});

describe('what a release may point browsers at', () => {
  const own = (remote: string, version: string, paths: string[]) => ({
    version,
    manifestUrl: `/bundles/${remote.replace(/_/g, '-')}/${version}/mf-manifest.json`,
    routes: paths.map((p) => ({ path: p, access: 'public', layout: 'default', title: '화면' })),
    shared: {},
  });

  it("takes a manifest only under /bundles/<the remote's folder>/<version>/ or on a configured asset origin over https", async () => {
    expect((await post('/api/releases/mfe_bundled', ci, own('mfe_bundled', '1.0.0', ['/bundled']))).statusCode).toBe(
      200,
    );
    const refused = [
      'https://evil.example/mfe-bundled/1.0.1/mf-manifest.json',
      'http://cdn.example.kr/mfe-bundled/1.0.1/mf-manifest.json',
      'https://cdn.example.kr.evil.example/mf-manifest.json',
      'https://user@cdn.example.kr/mf-manifest.json',
      '//evil.example/bundles/mfe-bundled/1.0.1/mf-manifest.json',
      'data:application/json,{}',
      'javascript:alert(1)',
      '/bundles/mfe-other/1.0.1/mf-manifest.json',
      '/bundles/mfe-bundled/1.0.0/mf-manifest.json',
      '/bundles/mfe-bundled/1.0.1/../../mfe-other/1.0.1/mf-manifest.json',
      '/bundles/mfe-bundled/1.0.1/%2e%2e/x/mf-manifest.json',
      '/bundles/mfe-bundled/1.0.1\\..\\x/mf-manifest.json',
      '/bundles/mfe-bundled/1.0.1/',
      '/elsewhere/mf-manifest.json',
    ];
    for (const manifestUrl of refused) {
      const answer = await post('/api/releases/mfe_bundled', admin, {
        ...own('mfe_bundled', '1.0.1', ['/bundled']),
        manifestUrl,
      });
      expect(answer.statusCode, manifestUrl).toBe(400);
      expect(answer.json()).toEqual({ ErrorCode: '40', message: releaseManifestUrlMessage('mfe-bundled', '1.0.1') });
    }
    await vi.waitFor(async () =>
      expect((await registry()).remotes.find((r) => r.name === 'mfe_bundled')?.manifestUrl).toBe(
        '/bundles/mfe-bundled/1.0.0/mf-manifest.json',
      ),
    );
    expect(
      (
        await post('/api/releases/mfe_bundled', ci, {
          ...own('mfe_bundled', '1.0.2', ['/bundled']),
          manifestUrl: `${CDN}/any/folder/mf-manifest.json`,
        })
      ).statusCode,
    ).toBe(200);
    // The shell checks every entry again against the same rule, with the asset origins the gateway names here.
    expect((await registry()).assetOrigins).toEqual([CDN]);
  });

  it('refuses routes another remote serves, naming it; an operator may force it, logged', async () => {
    expect(
      (await post('/api/releases/mfe_owner', ci, own('mfe_owner', '1.0.0', ['/owned/*', '/item/:id']))).statusCode,
    ).toBe(200);
    for (const [paths, taken] of [
      [['/owned/*'], '/owned/*'],
      [['/fresh', '/item/:slug'], '/item/:slug'],
    ] as const) {
      // A CI job cannot force it: that takes an operator.
      for (const body of [
        own('mfe_claimer', '1.0.0', [...paths]),
        { ...own('mfe_claimer', '1.0.0', [...paths]), force: true },
      ]) {
        const answer = await post('/api/releases/mfe_claimer', ci, body);
        expect(answer.statusCode, paths.join()).toBe(409);
        expect(answer.json()).toEqual({ ErrorCode: '49', message: releaseRoutesTakenMessage(taken, 'mfe_owner') });
      }
    }
    expect((await registry()).remotes.find((r) => r.name === 'mfe_claimer')).toBeUndefined();
    // Paths that only look alike are fine, and so are more specific routes, which the shell ranks first (as
    // `/itskillcheckup` beside `/:product`).
    expect(
      (
        await post(
          '/api/releases/mfe_neighbour',
          ci,
          own('mfe_neighbour', '1.0.0', ['/owned-too', '/item', '/item/7', '/owned/deep/page']),
        )
      ).statusCode,
    ).toBe(200);

    const warn = vi.spyOn(site.gateway.app.log, 'warn');
    const forced = await post('/api/releases/mfe_claimer', admin, {
      ...own('mfe_claimer', '1.0.0', ['/owned/*']),
      force: true,
    });
    expect(forced.json()).toMatchObject({ ErrorCode: '00', event: 'forced_release', live: '1.0.0' });
    const log = (await site.gateway.app.inject({ url: '/api/admin/releases', headers: admin })).json() as {
      remotes: { name: string; events: { kind: string; reason: string; actor: string }[] }[];
    };
    expect(log.remotes.find((r) => r.name === 'mfe_claimer')!.events[0]).toMatchObject({
      kind: 'forced_release',
      actor: 'operator:1',
      reason: 'mfe_owner 리모트의 경로 /owned/*와(과) 겹치는데도 운영자가 강제로 출시',
    });
    expect(warn).toHaveBeenCalledWith(
      { remote: 'mfe_claimer', version: '1.0.0', actor: 'operator:1', path: '/owned/*', owner: 'mfe_owner' },
      "release forced over another remote's routes",
    );
  });
});
