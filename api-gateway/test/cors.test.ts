import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, startUpstreams, token } from './helpers';

let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  upstreams = await startUpstreams();
  gateway = await startGateway(upstreams.urls, { corsOrigins: ['https://site.example.com'] });
});
afterAll(async () => {
  await gateway?.close();
  await upstreams?.stop();
});

describe('a site on another host', () => {
  it('may call with credentials and read the refreshed token header', async () => {
    const response = await gateway.app.inject({
      url: '/api/meOauth',
      headers: { origin: 'https://site.example.com', authorization: `Bearer ${token()}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('https://site.example.com');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-expose-headers']).toBe('authorization');
  });

  it('answers the preflight', async () => {
    const response = await gateway.app.inject({
      method: 'OPTIONS',
      url: '/api/signin',
      headers: { origin: 'https://site.example.com', 'access-control-request-method': 'POST' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-headers']).toContain('authorization');
  });

  it('gives other origins nothing to read', async () => {
    const response = await gateway.app.inject({
      url: '/api/projects',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
