import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistryEntry } from '@sq/contracts';
import { cachedFirstContent, inlinableStyle, type FirstContent } from '../src/first-content';
import { releaseRemote } from '../src/releases/release-actions';
import { startGateway, startUpstreams } from './helpers';

/**
 * The gateway writes a page's server-rendered first content into the shell's HTML (src/first-content.ts).
 * The published remote here is a real server module of the contract's shape (@sq/contracts/first-content),
 * written as a file the way a remote's build publishes it; the content service is a stand-in on loopback.
 */
let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
const content = Fastify();
const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-'));
const cdnDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdn-'));
let answer: { status: number; body: unknown } = { status: 200, body: null };
const TITLE = `12기 $' 모집 $\` </script><script>alert(1)</script>`;
const SHELL_CSS = "body{margin:0;font-family:'Noto Sans KR',sans-serif}.logo{background:url(/favicon.svg)}";
const CONTENT_CSS = '.x-banner{aspect-ratio:10/3}';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

beforeAll(async () => {
  fs.writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><title>사이드퀘스트</title><link href="/main.1234abcd.css" rel="stylesheet"></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(shellDir, 'main.1234abcd.css'), SHELL_CSS);
  const version = path.join(cdnDir, 'bundles', 'mfe-home', '1.0.0');
  fs.mkdirSync(path.join(version, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(version, 'server', 'first-content.cjs'),
    `const esc = (t) => t.replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.pages = { '/': { api: '/open/main-page', render: (body, { mobile }) => '<h2 data-content-ready>' + esc(body.mainPage.title) + (mobile ? ' (mobile)' : '') + '</h2>' } };`,
  );
  fs.writeFileSync(path.join(version, 'server', 'first-content.css'), CONTENT_CSS);
  fs.writeFileSync(
    path.join(version, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ assets: { js: { sync: ['expose.1234abcd.js'] } } }],
    }),
  );
  const routes = [
    { path: '/', access: 'public' as const, layout: 'default' as const, title: '홈', ready: true },
    { path: '/mine', access: 'member' as const, layout: 'default' as const, title: '내 것', ready: true },
  ];
  content.get('/api/open/main-page', async (_request, reply) => reply.status(answer.status).send(answer.body));
  // The layout's menu answers; its site settings do not (that block is left out, the page still renders).
  content.get('/api/setting/gnb', async () => ({ ErrorCode: '00', gnb: { menu: [], banners: [] } }));
  upstreams = await startUpstreams();
  const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
  gateway = await startGateway(
    { ...upstreams.urls, content: contentUrl },
    { shellDir, cdnDir, firstContentRemotes: ['mfe_home'] },
  );
  const knex = knexFactory({ client: 'pg', connection: gateway.config.databaseUrl });
  await releaseRemote(knex, {
    build: {
      remote: 'mfe_home',
      version: '1.0.0',
      manifestUrl: '/bundles/mfe-home/1.0.0/mf-manifest.json',
      routes,
      shared: {},
    },
    actor: 'test',
    shellProvides: null,
  });
  await knex.destroy();
});
afterAll(async () => {
  await gateway?.close();
  await upstreams?.stop();
  await content.close();
  fs.rmSync(shellDir, { recursive: true, force: true });
  fs.rmSync(cdnDir, { recursive: true, force: true });
});

describe('server-rendered first content', () => {
  it("writes the owner's markup into #root, its stylesheet and entry preloads into the head, and the answer as a data block", async () => {
    answer = { status: 200, body: { ErrorCode: '00', mainPage: { title: TITLE } } };
    const response = await gateway.app.inject({ url: '/', headers: { 'sec-ch-ua-mobile': '?0' } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const head = html.slice(0, html.indexOf('</head>'));
    // Both stylesheets inline (the first paint waits for no request), each allowed by its hash and nothing else.
    expect(head).toContain(`<style>${CONTENT_CSS}</style>`);
    expect(head).toContain(`<style>${SHELL_CSS}</style>`);
    expect(head).not.toContain('rel="stylesheet"');
    const styleSources = /style-src ([^;]*)/.exec(String(response.headers['content-security-policy']))![1]!.split(' ');
    expect(styleSources).toEqual(expect.arrayContaining([sha256(SHELL_CSS), sha256(CONTENT_CSS)]));
    expect(styleSources.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2);
    expect(head).toContain('<link rel="preload" as="script" href="/bundles/mfe-home/1.0.0/remoteEntry.js" />');
    expect(head).toContain('<link rel="preload" as="script" href="/bundles/mfe-home/1.0.0/expose.1234abcd.js" />');
    // The markup, verbatim ($' and $` are not replacement patterns here), inside the frame in #root.
    expect(html).toContain(
      `<div id="sq-first-content" data-owner="mfe_home" data-version="1.0.0"><h2 data-content-ready>12기 $&#39; 모집 $\` &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</h2></div>`,
    );
    expect(html.indexOf('<div id="root"><div class="sq-first-paint">')).toBeGreaterThan(head.length);
    // The data block: not executable, and no "</script>" inside it can end it early.
    const block = head.match(/<script type="application\/json" data-api-response="\/open\/main-page">(.*?)<\/script>/s);
    expect(block?.[1]).not.toContain('</script>');
    expect(JSON.parse(block![1]!)).toEqual(answer.body);
    expect(head).toContain(
      '<script type="application/json" data-api-response="/setting/gnb">{"ErrorCode":"00","gnb":{"menu":[],"banners":[]}}</script>',
    );
    expect(head).not.toContain('data-api-response="/setting/site"');
    expect(html.match(/<script(?! type="application\/json")[^>]*>/g)).toEqual(['<script defer src="/main.js">']);
    expect(response.headers.vary).toContain('Sec-CH-UA-Mobile');
  });

  it("runs only the server modules of remotes named in FIRST_CONTENT_REMOTES (they run next to the gateway's secrets)", async () => {
    answer = { status: 200, body: { ErrorCode: '00', mainPage: { title: '모집' } } };
    const untrusting = await startGateway(
      { ...upstreams.urls, content: gateway.config.services.content },
      { shellDir, cdnDir, firstContentRemotes: ['mfe_programs'] },
    );
    try {
      const html = (await untrusting.app.inject({ url: '/' })).body;
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('data-content-ready');
    } finally {
      await untrusting.close();
    }
  });

  it('renders for a phone when the browser says it is one', async () => {
    answer = { status: 200, body: { ErrorCode: '00', mainPage: { title: '모집' } } };
    const hinted = await gateway.app.inject({ url: '/', headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(hinted.body).toContain('<h2 data-content-ready>모집 (mobile)</h2>');
    const byAgent = await gateway.app.inject({
      url: '/',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' },
    });
    expect(byAgent.body).toContain('<h2 data-content-ready>모집 (mobile)</h2>');
  });

  it('serves the plain shell for pages without first content, member pages, and when the API fails', async () => {
    answer = { status: 200, body: { ErrorCode: '00', mainPage: { title: '모집' } } };
    for (const url of ['/faq', '/mine']) {
      const html = (await gateway.app.inject({ url })).body;
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain('sq-first-content');
      // Without first content the page links its stylesheet as built, and the CSP allows no inline style.
      expect(html, url).toContain('<link href="/main.1234abcd.css" rel="stylesheet">');
    }
    for (const failing of [
      { status: 503, body: { ErrorCode: '53' } },
      { status: 200, body: { ErrorCode: '40' } },
    ]) {
      answer = failing;
      const html = (await gateway.app.inject({ url: '/' })).body;
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('data-api-response');
    }
  });

  it('inlines only stylesheets that mean the same inline: no relative url(), nothing that ends the element', () => {
    expect(inlinableStyle(CONTENT_CSS)).toBe(true);
    expect(inlinableStyle(SHELL_CSS)).toBe(true);
    expect(inlinableStyle('.a{background:url(data:image/svg+xml;base64,AAAA)}')).toBe(true);
    expect(
      inlinableStyle('.a{background:url("/media/a.svg")} .b{background:url(\'data:image/png;base64,AAAA\')}'),
    ).toBe(true);
    expect(inlinableStyle('.a{background:url( "https://cdn.example.kr/a.svg" )}')).toBe(true);
    expect(inlinableStyle("@font-face{src:url('fonts/a.woff2')}")).toBe(false);
    expect(inlinableStyle('.a{background:url(img/banner.svg)}')).toBe(false);
    expect(inlinableStyle('.a{background:url("../img/banner.svg")}')).toBe(false);
    expect(inlinableStyle('.a::after{content:"</style><script>"}')).toBe(false);
  });

  it("is rendered once per page, width and version of the page's remote while FIRST_CONTENT_CACHE_MS lasts; a page that failed is asked again", async () => {
    const calls: string[] = [];
    let fail = false;
    const render = async (options: { pagePath: string; mobile: boolean; remotes: RegistryEntry[] }) => {
      calls.push(`${options.pagePath}:${options.mobile}:${options.remotes[0]!.version}`);
      return fail
        ? null
        : ({ owner: 'mfe_home', version: options.remotes[0]!.version, html: String(calls.length) } as FirstContent);
    };
    const page = (p: string) => ({
      path: p,
      access: 'public' as const,
      layout: 'default' as const,
      title: p,
      ready: true,
    });
    const home = (version: string): RegistryEntry => ({
      name: 'mfe_home',
      version,
      manifestUrl: `/bundles/mfe-home/${version}/mf-manifest.json`,
      routes: [page('/'), page('/faq'), page('/x')],
      history: [],
      releasedAt: '2026-01-01T00:00:00.000Z',
    });
    const base = {
      remotes: [home('1.0.0')],
      cdnDir: '/cdn',
      services: {} as never,
      timeoutMs: 300,
      trusted: ['mfe_home'],
    };
    const cached = cachedFirstContent(60_000, render);
    const first = await cached({ ...base, pagePath: '/', mobile: false });
    expect((await cached({ ...base, pagePath: '/', mobile: false }))?.html).toBe(first?.html);
    await cached({ ...base, pagePath: '/', mobile: true });
    expect(calls).toEqual(['/:false:1.0.0', '/:true:1.0.0']);

    // A visitor of another version (a canary) gets that version's page, and the first version's stays its own.
    const canary = await cached({ ...base, remotes: [home('1.1.0')], pagePath: '/', mobile: false });
    expect(canary?.version).toBe('1.1.0');
    expect((await cached({ ...base, pagePath: '/', mobile: false }))?.version).toBe('1.0.0');
    expect((await cached({ ...base, remotes: [home('1.1.0')], pagePath: '/', mobile: false }))?.html).toBe(
      canary?.html,
    );
    expect(calls).toEqual(['/:false:1.0.0', '/:true:1.0.0', '/:false:1.1.0']);
    // A path no remote renders in public is not rendered at all.
    expect(await cached({ ...base, pagePath: '/nobody', mobile: false })).toBeNull();

    fail = true;
    const failing = cachedFirstContent(60_000, render);
    expect(await failing({ ...base, pagePath: '/faq', mobile: false })).toBeNull();
    fail = false;
    expect(await failing({ ...base, pagePath: '/faq', mobile: false })).not.toBeNull();
    expect(calls.filter((c) => c === '/faq:false:1.0.0')).toHaveLength(2);

    // 0 (the tests' gateway): every request renders.
    const uncached = cachedFirstContent(0, render);
    await uncached({ ...base, pagePath: '/x', mobile: false });
    await uncached({ ...base, pagePath: '/x', mobile: false });
    expect(calls.filter((c) => c === '/x:false:1.0.0')).toHaveLength(2);
  });
});
