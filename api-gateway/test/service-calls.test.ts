import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import knexFactory from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import type { ServiceName } from '@sq/service-kit';
import { readGatewayConfig } from '../src/config';
import { releaseRemote } from '../src/releases/release-actions';
import { keys, startGateway, token } from './helpers';

/**
 * The gateway's own reads from services (src/service-calls.ts): the session check, a page's first content, its
 * link preview and the API docs. Real stand-in services on loopback record what reaches them; one of their
 * paths can be made to answer 503 once, or to hang far past the gateway's limit.
 */
const LIMIT_MS = 400;
const HANG_MS = 2_500;

interface Seen {
  key: string;
  headers: Record<string, unknown>;
}
const seen: Seen[] = [];
/** `service path` keys answered 503 on their next request, and keys that do not answer in time. */
const failOnce = new Set<string>();
const hung = new Set<string>();

const services = new Map<ServiceName, FastifyInstance>();
const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-'));
const cdnDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdn-'));
let gateway: Awaited<ReturnType<typeof startGateway>>;

async function standIn(service: ServiceName): Promise<string> {
  // A hung answer is still being written when the file ends: closing drops it with its connection.
  const app = Fastify({ forceCloseConnections: true });
  app.addHook('onRequest', async (request, reply) => {
    const key = `${service} ${request.url}`;
    seen.push({ key, headers: request.headers });

    if (failOnce.delete(key)) return reply.status(503).send({ ErrorCode: '53' });
    if (hung.has(key)) await sleep(HANG_MS);
  });
  app.post('/internal/sessions/check', async (request) => ({
    ErrorCode: '00',
    active: true,
    role: 'ROLE_USER',
    until: (request.body as { exp: number }).exp - 60,
  }));
  app.get('/api/open/main-page', async () => ({ ErrorCode: '00', mainPage: { title: '12기 모집' } }));
  app.get('/api/stories/:id', async () => ({
    ErrorCode: '00',
    story: { title: '팀장 없이 살아남기', summary: '14주 동안의 기록', cover: null },
  }));
  app.get('/openapi.json', async () => ({
    openapi: '3.0.3',
    paths: service === 'content' ? { '/api/stories/{storyId}': { get: { summary: '스토리' } } } : {},
  }));
  app.all('/*', async () => ({ ErrorCode: '00' }));
  services.set(service, app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

beforeAll(async () => {
  fs.writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><title>사이드퀘스트</title></head><body><div id="root"></div></body></html>',
  );
  const version = path.join(cdnDir, 'bundles', 'mfe-home', '1.0.0');
  fs.mkdirSync(path.join(version, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(version, 'server', 'first-content.cjs'),
    `exports.pages = { '/': { api: '/open/main-page', render: (body) => '<h2 data-content-ready>' + body.mainPage.title + '</h2>' } };`,
  );
  fs.writeFileSync(
    path.join(version, 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  );
  const urls = {} as Record<ServiceName, string>;
  for (const service of ['account', 'content', 'programs', 'careercard', 'itskill'] as ServiceName[])
    urls[service] = await standIn(service);
  // The test's requests stand for a load balancer in front (TRUSTED_PROXIES), whose request ids and traces are kept.
  gateway = await startGateway(urls, {
    trustedProxies: ['127.0.0.1'],
    shellDir,
    cdnDir,
    firstContentRemotes: ['mfe_home'],
    serviceCalls: {
      retries: 2,
      backoffMs: 20,
      sessionCheckTimeoutMs: LIMIT_MS,
      firstContentTimeoutMs: LIMIT_MS,
      linkPreviewTimeoutMs: LIMIT_MS,
      apiDocsTimeoutMs: LIMIT_MS,
    },
  });
  const knex = knexFactory({ client: 'pg', connection: gateway.config.databaseUrl });
  const routes = [{ path: '/', access: 'public' as const, layout: 'default' as const, title: '홈', ready: true }];
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
  await Promise.all([...services.values()].map((app) => app.close()));
  fs.rmSync(shellDir, { recursive: true, force: true });
  fs.rmSync(cdnDir, { recursive: true, force: true });
});

beforeEach(() => {
  failOnce.clear();
  hung.clear();
});

interface Caller {
  name: string;
  /** The service path the gateway reads for it. */
  key: string;
  ask: (headers: Record<string, string>) => Promise<LightMyRequestResponse>;
  served: (response: LightMyRequestResponse) => void;
  fellBack: (response: LightMyRequestResponse) => void;
}

const CALLERS: Caller[] = [
  {
    name: 'the session check',
    key: 'account /internal/sessions/check',
    // A session of its own each time: a cached answer would ask nothing.
    ask: (headers) =>
      gateway.app.inject({
        url: '/api/meOauth',
        headers: { ...headers, authorization: `Bearer ${token({ sid: randomUUID() })}` },
      }),
    served: (response) => expect(response.statusCode).toBe(200),
    fellBack: (response) => {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ErrorCode: '53', message: MESSAGES.serviceUnavailable });
    },
  },
  {
    name: 'the first content',
    key: 'content /api/open/main-page',
    ask: (headers) => gateway.app.inject({ url: '/', headers }),
    served: (response) => expect(response.body).toContain('<h2 data-content-ready>12기 모집</h2>'),
    fellBack: (response) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('data-content-ready');
    },
  },
  {
    name: 'the link preview',
    key: 'content /api/stories/7',
    ask: (headers) => gateway.app.inject({ url: '/story/detail/7', headers }),
    served: (response) => expect(response.body).toContain('<meta property="og:title" content="팀장 없이 살아남기" />'),
    fellBack: (response) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>사이드퀘스트</title>');
      expect(response.body).not.toContain('og:title');
    },
  },
  {
    name: 'the API docs',
    key: 'content /openapi.json',
    ask: (headers) => gateway.app.inject({ url: '/api/docs/json', headers }),
    served: (response) => expect(Object.keys(response.json().paths)).toContain('/api/stories/{storyId}'),
    fellBack: (response) => {
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json().paths)).not.toContain('/api/stories/{storyId}');
      // The other services' documents are still read.
      expect(Object.keys(response.json().paths).length).toBeGreaterThan(0);
    },
  },
];

const attemptsOf = (key: string, since: number) => seen.slice(since).filter((s) => s.key === key);

describe("the gateway's own calls to services", () => {
  it.each(CALLERS)('$name carries the request id and the trace of the request that caused it', async (caller) => {
    const since = seen.length;
    const requestId = `req-${randomUUID()}`;
    const traceId = randomBytes(16).toString('hex');
    const response = await caller.ask({
      'x-request-id': requestId,
      traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
    });
    caller.served(response);
    const [attempt] = attemptsOf(caller.key, since);
    expect(attempt?.headers['x-request-id']).toBe(requestId);
    // The gateway's hop of the caller's trace: the traceparent the proxy sends and the answer names.
    expect(attempt?.headers.traceparent).toBe(response.headers.traceparent);
    expect(String(attempt?.headers.traceparent)).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    // Public reads go as a visitor's; only the internal session check carries the internal secret.
    expect(attempt?.headers['x-internal-secret'] !== undefined).toBe(caller.key.includes('/internal/'));
  });

  it.each(CALLERS)(
    '$name: a read the service answers 503 is asked once more, and its answer is used',
    async (caller) => {
      const since = seen.length;
      failOnce.add(caller.key);
      caller.served(await caller.ask({}));
      expect(attemptsOf(caller.key, since)).toHaveLength(2);
    },
  );

  it.each(CALLERS)(
    '$name: a service that hangs is given up after the configured time, and the caller falls back',
    async (caller) => {
      const since = seen.length;
      hung.add(caller.key);
      const started = performance.now();
      const response = await caller.ask({});
      const spent = performance.now() - started;
      caller.fellBack(response);

      expect(spent).toBeGreaterThanOrEqual(LIMIT_MS - 5);
      expect(spent).toBeLessThan(LIMIT_MS + 1_000);
      // The time was spent on one attempt: no retry could start within it.
      expect(attemptsOf(caller.key, since)).toHaveLength(1);
    },
  );
});

describe('their configuration', () => {
  const base = { DATABASE_URL: 'postgres://x', JWT_PUBLIC_KEY: keys.publicKey };

  it('takes the documented defaults, and the environment where it says otherwise', () => {
    expect(readGatewayConfig(base).serviceCalls).toEqual({
      retries: 2,
      backoffMs: 100,
      sessionCheckTimeoutMs: 5_000,
      firstContentTimeoutMs: 300,
      linkPreviewTimeoutMs: 2_000,
      apiDocsTimeoutMs: 3_000,
    });
    const set = readGatewayConfig({
      ...base,
      INTERNAL_CALL_RETRIES: '1',
      SESSION_CHECK_TIMEOUT_MS: '800',
      FIRST_CONTENT_TIMEOUT_MS: '250',
      LINK_PREVIEW_TIMEOUT_MS: '900',
      API_DOCS_TIMEOUT_MS: '1500',
    });
    expect(set.serviceCalls).toEqual({
      retries: 1,
      backoffMs: 100,
      sessionCheckTimeoutMs: 800,
      firstContentTimeoutMs: 250,
      linkPreviewTimeoutMs: 900,
      apiDocsTimeoutMs: 1_500,
    });
  });

  it('refuses a time limit that is not a positive whole number of milliseconds at start', () => {
    for (const value of ['0', '-5', '2.5', 'soon']) {
      expect(() => readGatewayConfig({ ...base, SESSION_CHECK_TIMEOUT_MS: value }), value).toThrow(
        /SESSION_CHECK_TIMEOUT_MS/,
      );
    }
  });
});
