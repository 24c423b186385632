import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEV_INTERNAL_SECRET, buildService, serve, type ServiceName, type Serving } from '@sq/service-kit';
import { createTestDatabase } from '@sq/service-kit/testing';
import { contentService } from '../../services/content/src/service';
import { buildGateway } from '../src/app';
import { testGatewayConfig } from './helpers';

/**
 * The gateway in front of a real service (content, on its own database), both on real listeners with JSON
 * logs captured: request ids and traceparents as a client and an operator see them, and the gateway's ops port.
 */
type Line = Record<string, unknown>;
const capture = (lines: Line[]) =>
  new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });

const RATE_LIMIT_MAX = 40;
const serviceLines: Line[] = [];
const gatewayLines: Line[] = [];
let service: { app: FastifyInstance; serving: Serving; drop(): Promise<void> };
let gateway: { app: FastifyInstance; serving: Serving; drop(): Promise<void> };

beforeAll(async () => {
  const serviceDb = await createTestDatabase('content');
  const app = await buildService(contentService, {
    databaseUrl: serviceDb.url,
    internalSecret: DEV_INTERNAL_SECRET,
    logger: { level: 'info', stream: capture(serviceLines) },
  });
  const serving = await serve(app, {
    port: 0,
    host: '127.0.0.1',
    ops: { port: 0, host: '127.0.0.1', drainTimeoutMs: 5_000, shutdownTimeoutMs: 40_000 },
    service: 'content',
  });
  service = { app, serving, drop: serviceDb.drop };

  const gatewayDb = await createTestDatabase('gateway');
  const services = Object.fromEntries(
    (['account', 'content', 'programs', 'careercard', 'itskill'] as ServiceName[]).map((name) => [name, serving.url]),
  ) as Record<ServiceName, string>;
  // This test's client stands for a load balancer in front (TRUSTED_PROXIES): its ids are kept (edge-ids.test.ts: others' are not).
  const config = testGatewayConfig(services, gatewayDb.url, {
    rateLimit: { max: RATE_LIMIT_MAX, windowMs: 60_000, batchSize: 1, syncIntervalMs: 5 },
    trustedProxies: ['127.0.0.1'],
  });
  const gatewayApp = await buildGateway(config, { logger: { level: 'info', stream: capture(gatewayLines) } });
  const gatewayServing = await serve(gatewayApp, {
    port: 0,
    host: '127.0.0.1',
    ops: { port: 0, host: '127.0.0.1', drainTimeoutMs: 5_000, shutdownTimeoutMs: 40_000 },
    service: 'gateway',
  });
  gateway = { app: gatewayApp, serving: gatewayServing, drop: gatewayDb.drop };
}, 120_000);

afterAll(async () => {
  await gateway?.serving.shutdown();
  await gateway?.drop();
  await service?.serving.shutdown();
  await service?.drop();
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';

describe('request ids and trace context through the gateway', () => {
  it("keeps a trusted proxy's x-request-id and trace: the service logs both, the client gets them back", async () => {
    const response = await fetch(`${gateway.serving.url}/api/faq`, {
      headers: { 'x-request-id': 'client-req-0001', traceparent: `00-${TRACE_ID}-${CLIENT_SPAN}-01` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('client-req-0001');
    const back = response.headers.get('traceparent')!;
    // Same trace and sampling flag; the gateway's own span as the parent of the service's work.
    expect(back).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(back).not.toContain(CLIENT_SPAN);
    const gatewaySpan = back.split('-')[2];

    await vi.waitFor(() => {
      const atService = serviceLines.find(
        (line) => line.reqId === 'client-req-0001' && line.msg === 'incoming request',
      );
      expect(atService).toMatchObject({ traceId: TRACE_ID, spanId: gatewaySpan, req: { url: '/api/faq' } });
      expect(
        gatewayLines.find((line) => line.reqId === 'client-req-0001' && line.msg === 'request completed'),
      ).toMatchObject({ traceId: TRACE_ID, res: { statusCode: 200 } });
    });
  });

  it('makes an id and a trace when the client sends none or malformed ones, and the service uses the same', async () => {
    const response = await fetch(`${gateway.serving.url}/api/faq`, {
      headers: { 'x-request-id': 'not ok;<script>', traceparent: `00-${'0'.repeat(32)}-${CLIENT_SPAN}-01` },
    });
    const id = response.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const [, traceId] = response.headers.get('traceparent')!.split('-');
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceId).not.toBe('0'.repeat(32));
    await vi.waitFor(() => {
      expect(serviceLines.find((line) => line.reqId === id && line.msg === 'incoming request')).toMatchObject({
        traceId,
      });
    });
    expect(JSON.stringify(serviceLines)).not.toContain('not ok');
  });
});

describe("the gateway's ops port", () => {
  const scrape = async () => (await fetch(`${gateway.serving.opsUrl}/metrics`)).text();
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };

  it('answers /healthz and /readyz there, and none of the three on the public port', async () => {
    expect((await fetch(`${gateway.serving.opsUrl}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${gateway.serving.opsUrl}/readyz`)).json()).toEqual({
      status: 'ready',
      service: 'gateway',
    });
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      const response = await fetch(`${gateway.serving.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('http_request_duration_seconds');
    }
  });

  it('counts proxied requests by route pattern and the requests the rate limit turned away', async () => {
    const route = 'http_request_duration_seconds_count{method="GET",route="/api/faq",status="200"}';
    const before = await scrape();
    await fetch(`${gateway.serving.url}/api/faq`);
    const between = await scrape();
    expect(value(between, route)).toBe(value(before, route) + 1);

    const rejectedBefore = value(between, 'gateway_rate_limit_rejections_total');
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX + 5; i += 1)
      statuses.push((await fetch(`${gateway.serving.url}/api/faq`)).status);
    const rejected = statuses.filter((status) => status === 429).length;
    expect(rejected).toBeGreaterThan(0);
    const after = await scrape();
    expect(value(after, 'gateway_rate_limit_rejections_total')).toBe(rejectedBefore + rejected);
    expect(value(after, 'http_request_duration_seconds_count{method="GET",route="/api/faq",status="429"}')).toBe(
      rejected,
    );
  });

  it("the service's ops port reports the same requests under the service's route", async () => {
    const text = await (await fetch(`${service.serving.opsUrl}/metrics`)).text();
    expect(
      value(text, 'http_request_duration_seconds_count{method="GET",route="/api/faq",status="200"}'),
    ).toBeGreaterThan(0);
  });
});
