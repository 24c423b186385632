import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOrigins } from '../src/content-security-policy';
import { readGatewayConfig } from '../src/config';
import { keys, startGateway, startUpstreams } from './helpers';

const INLINE_SCRIPT = 'window.__sq = 1;';
const INLINE_STYLE = 'body{margin:0}';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-'));
const cdnDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdn-'));
let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  fs.writeFileSync(
    path.join(shellDir, 'index.html'),
    `<!doctype html><html><head><title>사이드퀘스트</title><style>${INLINE_STYLE}</style><script defer src="/main.0123456789.js"></script><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(shellDir, 'main.0123456789.js'), 'console.log(1)');
  fs.mkdirSync(path.join(cdnDir, 'bundles', 'mfe-x', '1.0.0'), { recursive: true });
  fs.writeFileSync(
    path.join(cdnDir, 'bundles', 'mfe-x', '1.0.0', 'picture.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  upstreams = await startUpstreams();
  gateway = await startGateway(upstreams.urls, {
    shellDir,
    cdnDir,
    contentSecurity: {
      assetOrigins: ['https://cdn.example.kr'],
      connectOrigins: ['https://collector.example'],
      imageOrigins: [],
    },
  });
});
afterAll(async () => {
  await gateway?.close();
  await upstreams?.stop();
  fs.rmSync(shellDir, { recursive: true, force: true });
  fs.rmSync(cdnDir, { recursive: true, force: true });
});

const directives = (policy: unknown) =>
  Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it("give every page a CSP that runs only our scripts (and the build's inline ones by hash), never framed", async () => {
    for (const url of ['/', '/story/detail/1', '/mypage', '/admin/cohorts']) {
      const response = await gateway.app.inject({ url });
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['script-src'], url).toEqual(["'self'", 'https://cdn.example.kr', sha256(INLINE_SCRIPT)]);
      expect(csp['style-src'], url).toEqual(["'self'", 'https://cdn.example.kr', sha256(INLINE_STYLE)]);
      expect(csp['connect-src'], url).toEqual(["'self'", 'https://cdn.example.kr', 'https://collector.example']);
      expect(csp['img-src'], url).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.kr']);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['base-uri'], url).toEqual(["'self'"]);
      expect(csp['form-action'], url).toEqual(["'self'"]);
      expect(String(response.headers['content-security-policy'])).not.toContain('unsafe');
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
        'cross-origin-opener-policy': 'same-origin',
      });
    }
  });

  it('give API answers, errors and files nosniff and a sandboxed do-nothing policy', async () => {
    const answers = [
      await gateway.app.inject({ url: '/api/projects' }),
      await gateway.app.inject({ url: '/api/nothing-here' }),
      await gateway.app.inject({ url: '/api/projects?x=%E0%A4%A' }),
      await gateway.app.inject({ url: '/main.0123456789.js' }),
      await gateway.app.inject({ url: '/bundles/mfe-x/1.0.0/picture.svg' }),
      await gateway.app.inject({ url: '/health' }),
    ];
    for (const response of answers) {
      expect(response.headers['x-content-type-options'], response.body).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    }
    expect(answers[4]!.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('let only the API documentation page (Swagger UI injects its styles) use inline styles, never inline scripts', async () => {
    const docs = await gateway.app.inject({ url: '/api/docs' });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp['style-src']).toEqual(["'self'", 'https://cdn.example.kr', "'unsafe-inline'"]);
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.kr']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(
      directives((await gateway.app.inject({ url: '/api-docs' })).headers['content-security-policy'])['style-src'],
    ).not.toContain("'unsafe-inline'");
  });

  it('follow a new shell build: its inline script hashes replace the old ones', async () => {
    const file = path.join(shellDir, 'index.html');
    const before = fs.readFileSync(file, 'utf8');
    try {
      const next = 'window.__sq = 2;';
      const temp = `${file}.tmp`;
      fs.writeFileSync(temp, before.replace(INLINE_SCRIPT, next));
      fs.renameSync(temp, file);
      const csp = directives((await gateway.app.inject({ url: '/' })).headers['content-security-policy']);
      expect(csp['script-src']).toContain(sha256(next));
      expect(csp['script-src']).not.toContain(sha256(INLINE_SCRIPT));
    } finally {
      fs.writeFileSync(file, before);
    }
  });
});

describe('CSP origins configuration', () => {
  it('takes origins only, so a setting cannot add directives', () => {
    expect(readOrigins('X', ' https://cdn.example.kr, http://localhost:4000 ')).toEqual([
      'https://cdn.example.kr',
      'http://localhost:4000',
    ]);
    expect(readOrigins('X', undefined)).toEqual([]);
    for (const bad of [
      "https://cdn.example.kr; script-src 'unsafe-inline'",
      'https://cdn.example.kr/path',
      "'unsafe-eval'",
      'javascript:1',
      '*',
    ]) {
      expect(() => readOrigins('CSP_ASSET_ORIGINS', bad), bad).toThrow(/CSP_ASSET_ORIGINS/);
    }
    const config = readGatewayConfig({
      DATABASE_URL: 'postgres://x',
      JWT_PUBLIC_KEY: keys.publicKey,
      CSP_IMAGE_ORIGINS: 'https://files.example.kr',
    });
    expect(config.contentSecurity).toEqual({
      assetOrigins: [],
      connectOrigins: [],
      imageOrigins: ['https://files.example.kr'],
    });
  });
});
