import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import { buildGateway } from '../src/app';
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
