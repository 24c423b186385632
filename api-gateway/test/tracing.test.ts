import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  DEV_INTERNAL_SECRET,
  activeTracing,
  buildService,
  serve,
  startTracing,
  type ServiceName,
  type Serving,
} from '@sq/service-kit';
import { createTestDatabase } from '@sq/service-kit/testing';
import { contentService } from '../../services/content/src/service';
import { buildGateway } from '../src/app';
import { testGatewayConfig } from './helpers';

/**
 * OpenTelemetry on (OTEL_EXPORTER_OTLP_ENDPOINT set, as in production): a collector stand-in (a real HTTP
 * server reading OTLP/JSON) receives the gateway's and the service's spans, one trace from the client's
 * traceparent through the gateway to the service. Its own file: tracing is per process.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
const received: OtlpSpan[] = [];
let collector: http.Server;
let service: { app: FastifyInstance; serving: Serving; drop(): Promise<void> };
let gateway: { app: FastifyInstance; serving: Serving; drop(): Promise<void> };

beforeAll(async () => {
  expect(await startTracing('test', {})).toBeNull();
  expect(activeTracing()).toBeNull();

  collector = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const parsed = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const resource of parsed.resourceSpans)
          for (const scope of resource.scopeSpans) received.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint;
  expect(await startTracing('sq-test', process.env)).not.toBeNull();

  const serviceDb = await createTestDatabase('content');
  const app = await buildService(contentService, { databaseUrl: serviceDb.url, internalSecret: DEV_INTERNAL_SECRET });
  service = {
    app,
    serving: await serve(app, {
      port: 0,
      host: '127.0.0.1',
      ops: { port: 0, host: '127.0.0.1', drainTimeoutMs: 5_000, shutdownTimeoutMs: 40_000 },
      service: 'content',
    }),
    drop: serviceDb.drop,
  };
  const gatewayDb = await createTestDatabase('gateway');
  const services = Object.fromEntries(
    (['account', 'content', 'programs', 'careercard', 'itskill'] as ServiceName[]).map((name) => [
      name,
      service.serving.url,
    ]),
  ) as Record<ServiceName, string>;
  // The test's client stands for a load balancer in front (TRUSTED_PROXIES), whose trace the gateway continues.
  const gatewayApp = await buildGateway(testGatewayConfig(services, gatewayDb.url, { trustedProxies: ['127.0.0.1'] }));
  gateway = {
    app: gatewayApp,
    serving: await serve(gatewayApp, {
      port: 0,
      host: '127.0.0.1',
      ops: { port: 0, host: '127.0.0.1', drainTimeoutMs: 5_000, shutdownTimeoutMs: 40_000 },
      service: 'gateway',
    }),
    drop: gatewayDb.drop,
  };
}, 120_000);

afterAll(async () => {
  await gateway?.serving.shutdown();
  await gateway?.drop();
  await service?.serving.shutdown();
  await service?.drop();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  await new Promise((resolve) => collector?.close(resolve));
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';

describe('OpenTelemetry through the gateway', () => {
  it("exports the gateway's span under the client's and the service's under the gateway's, named by route", async () => {
    const response = await fetch(`${gateway.serving.url}/api/faq`, {
      headers: { traceparent: `00-${TRACE_ID}-${CLIENT_SPAN}-01` },
    });
    expect(response.status).toBe(200);
    const gatewaySpanId = response.headers.get('traceparent')!.split('-')[2];
    // Shutting down sends what is buffered (the same call SIGTERM ends with).
    await gateway.serving.shutdown();
    await service.serving.shutdown();

    const inTrace = received.filter((span) => span.traceId === TRACE_ID);
    const atGateway = inTrace.find((span) => span.parentSpanId === CLIENT_SPAN)!;
    expect(atGateway).toMatchObject({ spanId: gatewaySpanId, name: 'GET /api/faq', kind: 2 });
    const atService = inTrace.find((span) => span.parentSpanId === gatewaySpanId)!;
    expect(atService).toMatchObject({ name: 'GET /api/faq', kind: 2 });
    expect(atService.attributes).toContainEqual({ key: 'http.response.status_code', value: { intValue: 200 } });
  });
});
