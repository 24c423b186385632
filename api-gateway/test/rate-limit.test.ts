import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import { buildGateway } from '../src/app';
import { normalisedPath } from '../src/plugins/rate-limit-path';
import { startGateway, startUpstreams } from './helpers';

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
  it('are shared by every gateway instance on the same database', async () => {
    // A second instance over the same PostgreSQL, as a second replica would be.
    const second = await buildGateway(gateway.config);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await gateway.app.inject({ url: '/api/projects' })).statusCode);
    for (let i = 0; i < 2; i += 1) statuses.push((await second.inject({ url: '/api/projects' })).statusCode);
    await second.close();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await gateway.app.inject({ url: '/api/projects' });
    expect(limited.json()).toEqual({ ErrorCode: '29', message: MESSAGES.tooManyRequests });
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('the limiter decides on the path the router sees', () => {
  // Each of these is routed as an /api path (or refused by the router); none may escape the limit.
  const encodings = [
    ['POST', '/%61pi/signin'], ['POST', '/%61%70%69/signin'], ['POST', '/api/%73ignin'], ['POST', '/media/../api/signin'],
    ['GET', '/%61pi/projects'], ['GET', '/a%70i/projects?size=1'], ['GET', '/api/./projects'], ['GET', '/media/content/../../%61pi/projects'],
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
