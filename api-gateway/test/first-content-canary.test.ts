import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { releaseRemote } from '../src/releases/release-actions';
import { VISITOR_COOKIE } from '@sq/contracts';
import { canaryBucket } from '../src/releases/visitor-version';
import { startGateway, startUpstreams } from './helpers';

/**
 * A visitor's first content is rendered by the version of the page's remote that visitor runs: a canary
 * visitor gets the canary's server module, a stable visitor the live one, and `/remotes.json` gives each the
 * same version to load (src/releases/visitor-version.ts decides both). Each version is published as a remote's
 * build publishes it (a real server module file), the content service is a stand-in on loopback, and the
 * gateway reuses rendered pages (FIRST_CONTENT_CACHE_MS) as in production.
 */
const REMOTE = 'mfe_home';
const PERCENT = 50;
const cdnDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdn-canary-'));
const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-canary-'));
const content = Fastify();
let mainPageAsked = 0;
let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let knex: Knex;

const routes = [{ path: '/', access: 'public' as const, layout: 'default' as const, title: '홈', ready: true }];
const STABLE_MARKUP = '<h2 data-content-ready>12기 모집</h2>';
const CANARY_MARKUP = '<h2 class="home-next" data-content-ready>12기 모집 · 새 홈</h2>';

/** A version folder as a remote's build publishes it; `module` is the server module's source. */
function publish(version: string, module: string, css: string) {
  const dir = path.join(cdnDir, 'bundles', 'mfe-home', version);
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'server', 'first-content.cjs'), module);
  fs.writeFileSync(path.join(dir, 'server', 'first-content.css'), css);
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] }),
  );
}
const renders = (markup: string) =>
  `exports.pages = { '/': { api: '/open/main-page', render: () => ${JSON.stringify(markup)} } };`;

const release = (version: string, canaryPercent?: number) =>
  releaseRemote(knex, {
    build: {
      remote: REMOTE,
      version,
      manifestUrl: `/bundles/mfe-home/${version}/mf-manifest.json`,
      routes,
      shared: {},
    },
    canaryPercent,
    actor: 'test',
    shellProvides: null,
  });

/** A visitor id whose bucket for the remote is inside (or outside) the canary's share. */
function visitor(inCanary: boolean): string {
  for (;;) {
    const id = randomUUID();
    if (canaryBucket(id, REMOTE) < PERCENT === inCanary) return id;
  }
}

const load = (id?: string) =>
  gateway.app.inject({ url: '/', headers: id ? { cookie: `theme=dark; ${VISITOR_COOKIE}=${id}` } : {} });
const firstContentVersion = (html: string) =>
  /<div id="sq-first-content" data-owner="mfe_home" data-version="([^"]+)">/.exec(html)?.[1] ?? null;
async function registryVersion(id: string): Promise<string | undefined> {
  const response = await gateway.app.inject({ url: '/remotes.json', headers: { cookie: `${VISITOR_COOKIE}=${id}` } });
  expect(response.headers['set-cookie']).toBeUndefined();
  const entry = (response.json() as { remotes: { name: string; version: string; canary?: unknown }[] }).remotes.find(
    (r) => r.name === REMOTE,
  );
  // The visitor's registry leaves nothing for the shell to choose.
  expect(entry?.canary).toBeUndefined();
  return entry?.version;
}

beforeAll(async () => {
  fs.writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><title>사이드퀘스트</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>',
  );
  publish('1.0.0', renders(STABLE_MARKUP), '.home{gap:8px}');
  publish('1.1.0', renders(CANARY_MARKUP), '.home-next{gap:12px}');
  publish('1.2.0', "throw new Error('this build of the server module is broken');", '.home-broken{gap:0}');
  content.get('/api/open/main-page', async () => {
    mainPageAsked += 1;
    return { ErrorCode: '00', mainPage: { title: '12기 모집' } };
  });
  upstreams = await startUpstreams();
  const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
  gateway = await startGateway(
    { ...upstreams.urls, content: contentUrl },
    {
      shellDir,
      cdnDir,
      firstContentRemotes: [REMOTE],
      firstContentCacheMs: 60_000,
      releases: { registryCacheMs: 50, watch: { intervalMs: 0, windowMs: 60_000, margin: 0.05, minViews: 50 } },
    },
  );
  knex = knexFactory({ client: 'pg', connection: gateway.config.databaseUrl });
  await release('1.0.0');
  await release('1.1.0', PERCENT);
  await vi.waitFor(async () => expect(await registryVersion(visitor(true))).toBe('1.1.0'));
});
afterAll(async () => {
  await knex?.destroy();
  await gateway?.close();
  await upstreams?.stop();
  await content.close();
  fs.rmSync(shellDir, { recursive: true, force: true });
  fs.rmSync(cdnDir, { recursive: true, force: true });
});

describe('first content during a canary release', () => {
  it("gives a canary visitor the canary's first content and a stable visitor the stable one, on every load, each the version their shell loads", async () => {
    const canaryVisitor = visitor(true);
    const stableVisitor = visitor(false);
    for (let visit = 0; visit < 3; visit += 1) {
      const canaryPage = await load(canaryVisitor);
      expect(firstContentVersion(canaryPage.body)).toBe('1.1.0');
      expect(canaryPage.body).toContain(CANARY_MARKUP);
      expect(canaryPage.body).toContain('<style>.home-next{gap:12px}</style>');
      expect(canaryPage.body).toContain(
        '<link rel="preload" as="script" href="/bundles/mfe-home/1.1.0/remoteEntry.js" />',
      );
      expect(canaryPage.body).not.toContain(STABLE_MARKUP);
      expect(canaryPage.body).not.toContain('/bundles/mfe-home/1.0.0/');

      const stablePage = await load(stableVisitor);
      expect(firstContentVersion(stablePage.body)).toBe('1.0.0');
      expect(stablePage.body).toContain(STABLE_MARKUP);
      expect(stablePage.body).toContain(
        '<link rel="preload" as="script" href="/bundles/mfe-home/1.0.0/remoteEntry.js" />',
      );
      expect(stablePage.body).not.toContain('home-next');
      expect(stablePage.body).not.toContain('/bundles/mfe-home/1.1.0/');

      // A visitor who has an id keeps it: no new cookie.
      expect(canaryPage.headers['set-cookie']).toBeUndefined();
      expect(stablePage.headers['set-cookie']).toBeUndefined();
      expect(await registryVersion(canaryVisitor)).toBe('1.1.0');
      expect(await registryVersion(stableVisitor)).toBe('1.0.0');
    }
  });

  it('gives a new visitor an id with the first page, rendered at the version /remotes.json then gives the same visitor', async () => {
    const seen = new Set<string>();
    for (let n = 0; n < 24; n += 1) {
      // No cookie, or one this gateway did not mint: a new visitor.
      const page = await (n % 2
        ? load()
        : gateway.app.inject({ url: '/', headers: { cookie: `${VISITOR_COOKIE}=not-an-id` } }));
      const cookie = String(page.headers['set-cookie']);
      expect(cookie).toMatch(
        new RegExp(`^${VISITOR_COOKIE}=[0-9a-f-]{36}; Path=/; Max-Age=34560000; SameSite=Lax; HttpOnly$`),
      );
      const id = cookie.slice(VISITOR_COOKIE.length + 1, cookie.indexOf(';'));
      const version = firstContentVersion(page.body)!;
      expect(version).toBe(canaryBucket(id, REMOTE) < PERCENT ? '1.1.0' : '1.0.0');
      expect(await registryVersion(id)).toBe(version);
      expect(firstContentVersion((await load(id)).body)).toBe(version);
      seen.add(version);
    }
    // 24 new visitors at 50 %: both versions were handed out.
    expect([...seen].sort()).toEqual(['1.0.0', '1.1.0']);
  });

  it("never hands one version's cached page to a visitor of another, and no cache outside the gateway keeps a visitor's page", async () => {
    const asked = mainPageAsked;
    const visitors = [visitor(true), visitor(false), visitor(true), visitor(false)];
    const versions: (string | null)[] = [];
    for (const id of visitors) versions.push(firstContentVersion((await load(id)).body));
    expect(versions).toEqual(['1.1.0', '1.0.0', '1.1.0', '1.0.0']);
    // Rendered pages are reused per version (the earlier tests rendered both): no new render was needed.
    expect(mainPageAsked).toBe(asked);

    const page = await load(visitors[0]);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(String(page.headers.vary).split(/,\s*/)).toEqual(
      expect.arrayContaining(['Cookie', 'Sec-CH-UA-Mobile', 'User-Agent']),
    );
    const registry = await gateway.app.inject({
      url: '/remotes.json',
      headers: { cookie: `${VISITOR_COOKIE}=${visitors[0]}` },
    });
    expect(registry.headers['cache-control']).toBe('no-store');
    expect(registry.headers.vary).toBe('Cookie');
  });

  it("gives a canary visitor no first content when the canary's server module fails to load, never the stable version's", async () => {
    await release('1.2.0', PERCENT);
    const canaryVisitor = visitor(true);
    const stableVisitor = visitor(false);
    await vi.waitFor(async () => expect(await registryVersion(canaryVisitor)).toBe('1.2.0'));
    for (let visit = 0; visit < 2; visit += 1) {
      const broken = (await load(canaryVisitor)).body;
      // The plain shell page: the canary's remote renders the page in the browser.
      expect(broken).toContain('<div id="root"></div>');
      expect(broken).not.toContain('sq-first-content');
      expect(broken).not.toContain('data-api-response');
      expect(broken).not.toContain('/bundles/mfe-home/1.0.0/');
      expect(firstContentVersion((await load(stableVisitor)).body)).toBe('1.0.0');
    }
    await release('1.1.0', PERCENT);
  });
});
