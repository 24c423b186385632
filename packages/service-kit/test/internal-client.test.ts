import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  IDENTITY_CLIENT_HEADER,
  IDENTITY_CLIENT_SIGNATURE_HEADER,
  IDENTITY_HEADER,
  IDENTITY_SIGNATURE_HEADER,
  INTERNAL_SECRET_HEADER,
  type Identity,
} from '@sq/contracts';
import { build, type TestService } from '../src/testing';
import {
  createInternalClient,
  DEV_INTERNAL_SECRET,
  PeerUnreachable,
  readClient,
  readIdentity,
  readInternalCallConfig,
  type InternalClient,
  type ServiceDefinition,
} from '../src';

const TIMEOUT_MS = 300;
const RETRIES = 2;

/** A real peer on loopback: counts the attempts of each path and keeps the headers of the last one. */
let peer: FastifyInstance;
let peerUrl: string;
const attempts = new Map<string, number>();
let lastHeaders: Record<string, unknown> = {};

beforeAll(async () => {
  peer = Fastify();
  const count = (path: string) => {
    const n = (attempts.get(path) ?? 0) + 1;
    attempts.set(path, n);
    return n;
  };
  // Fails once with 503, then answers: what a restarting peer behind a proxy looks like.
  peer.all('/internal/flaky', async (request, reply) => {
    lastHeaders = request.headers;
    if (count('/internal/flaky') === 1) return reply.status(503).send({ ErrorCode: '99' });
    return { ErrorCode: '00', method: request.method, body: request.body ?? null };
  });
  peer.all('/internal/slow', async () => {
    count('/internal/slow');
    await sleep(TIMEOUT_MS * 4);
    return { ErrorCode: '00' };
  });
  peer.get('/internal/refuse', async (_request, reply) => {
    count('/internal/refuse');
    return reply.status(409).send({ ErrorCode: '09', message: '이미 있습니다.' });
  });
  peer.get('/internal/echo', async (request) => {
    lastHeaders = request.headers;
    return { ErrorCode: '00' };
  });
  peer.get('/internal/always503', async (_request, reply) => {
    count('/internal/always503');
    return reply.status(503).send({ ErrorCode: '53' });
  });
  await peer.listen({ port: 0, host: '127.0.0.1' });
  peerUrl = `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await peer.close();
});

beforeEach(() => {
  attempts.clear();
  lastHeaders = {};
});

const client = (overrides: Partial<Parameters<typeof createInternalClient>[0]> = {}): InternalClient =>
  createInternalClient({
    peer: 'probe',
    baseUrl: `${peerUrl}/`,
    internalSecret: DEV_INTERNAL_SECRET,
    timeoutMs: TIMEOUT_MS,
    retry: { retries: RETRIES, backoffMs: 10 },
    ...overrides,
  });

describe('internal client', () => {
  it('retries a GET the peer answered 503 and returns the answer of the retry', async () => {
    const answer = await client().call({ path: '/internal/flaky' });
    expect(answer).toEqual({ status: 200, json: { ErrorCode: '00', method: 'GET', body: null } });
    expect(attempts.get('/internal/flaky')).toBe(2);
    expect(lastHeaders[INTERNAL_SECRET_HEADER]).toBe(DEV_INTERNAL_SECRET);
  });

  it('does not repeat a POST: the 503 is the answer', async () => {
    const answer = await client().call({ method: 'POST', path: '/internal/flaky', body: { userIds: [1] } });
    expect(answer.status).toBe(503);
    expect(attempts.get('/internal/flaky')).toBe(1);
  });

  it('repeats a POST the caller marked idempotent, with the same body', async () => {
    const answer = await client().call({
      method: 'POST',
      path: '/internal/flaky',
      body: { userIds: [1] },
      idempotent: true,
      headers: { 'idempotency-key': 'k-1' },
    });
    expect(answer.json).toEqual({ ErrorCode: '00', method: 'POST', body: { userIds: [1] } });
    expect(attempts.get('/internal/flaky')).toBe(2);
    expect(lastHeaders['idempotency-key']).toBe('k-1');
  });

  it('gives up on a slow peer after each attempt’s time-out: a GET is tried 1 + retries times, a POST once', async () => {
    await expect(client().call({ path: '/internal/slow' })).rejects.toBeInstanceOf(PeerUnreachable);
    expect(attempts.get('/internal/slow')).toBe(1 + RETRIES);
    await expect(client().call({ method: 'POST', path: '/internal/slow', body: {} })).rejects.toBeInstanceOf(
      PeerUnreachable,
    );
    expect(attempts.get('/internal/slow')).toBe(1 + RETRIES + 1);
  });

  it('hands a refusal back as is, without retrying it', async () => {
    const answer = await client().call({ path: '/internal/refuse' });
    expect(answer).toEqual({ status: 409, json: { ErrorCode: '09', message: '이미 있습니다.' } });
    expect(attempts.get('/internal/refuse')).toBe(1);
  });

  it('reports a peer nobody listens on as unreachable', async () => {
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(closed.server.address() as AddressInfo).port}`;
    await closed.close();
    const failure = await client({ baseUrl: url })
      .call({ path: '/internal/echo' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PeerUnreachable);
    expect((failure as PeerUnreachable).peer).toBe('probe');
  });

  it('gives a call with `withinMs` up after that long in all, however many retries are left', async () => {
    const started = performance.now();
    await expect(
      client({ timeoutMs: 5_000 }).call({ path: '/internal/slow', withinMs: TIMEOUT_MS }),
    ).rejects.toBeInstanceOf(PeerUnreachable);
    const spent = performance.now() - started;
    expect(spent).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(spent).toBeLessThan(TIMEOUT_MS * 2);
    expect(attempts.get('/internal/slow')).toBe(1);
  });

  it('retries within `withinMs` when there is time, and starts no retry that could not begin in time', async () => {
    expect(await client().call({ path: '/internal/flaky', withinMs: TIMEOUT_MS })).toMatchObject({ status: 200 });
    expect(attempts.get('/internal/flaky')).toBe(2);
    // Backoff of 10 s: the first retry could never start within 200 ms, so the 503 is the answer at once.
    const started = performance.now();
    const answer = await client({ retry: { retries: RETRIES, backoffMs: 10_000 } }).call({
      path: '/internal/always503',
      withinMs: 200,
    });
    expect(answer.status).toBe(503);
    expect(attempts.get('/internal/always503')).toBe(1);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('reads its retry settings from the environment and refuses nonsense', () => {
    expect(readInternalCallConfig({})).toEqual({ retries: 2, backoffMs: 100 });
    expect(readInternalCallConfig({ INTERNAL_CALL_RETRIES: '0', INTERNAL_CALL_BACKOFF_MS: '250' })).toEqual({
      retries: 0,
      backoffMs: 250,
    });
    expect(() => readInternalCallConfig({ INTERNAL_CALL_RETRIES: '-1' })).toThrow(/INTERNAL_CALL_RETRIES/);
  });
});

describe('internal client inside a service request', () => {
  let service: TestService;
  const member: Identity = { userId: 42, sid: 'session-42', role: 'ROLE_USER' };

  beforeAll(async () => {
    const caller: ServiceDefinition = {
      name: 'caller',
      schema: 'caller',
      migrations: {},
      plugin: async (app) => {
        const probe = createInternalClient({
          peer: 'probe',
          baseUrl: peerUrl,
          internalSecret: app.internalSecret,
          timeoutMs: TIMEOUT_MS,
          retry: { retries: 0, backoffMs: 10 },
        });
        app.get('/api/ask', async () => {
          // After an await: the request is still known to the client.
          await sleep(1);
          const answer = await probe.call({ path: '/internal/echo' });
          return { ErrorCode: '00', peerStatus: answer.status };
        });
        app.get('/api/ask-as-visitor', async () => {
          const answer = await probe.call({ path: '/internal/echo', asVisitor: true });
          return { ErrorCode: '00', peerStatus: answer.status };
        });
      },
    };
    service = await build(caller);
  });

  afterAll(async () => {
    await service.close();
  });

  it('forwards the request id, the traceparent and the signed identity and client address of the request it serves', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const response = await service.app.inject({
      method: 'GET',
      url: '/api/ask',
      headers: { 'x-request-id': 'req-abc-123', traceparent, ...service.as(member), ...service.from('203.0.113.9') },
    });
    expect(response.json()).toEqual({ ErrorCode: '00', peerStatus: 200 });
    expect(lastHeaders['x-request-id']).toBe('req-abc-123');
    expect(lastHeaders.traceparent).toBe(traceparent);
    expect(
      readIdentity(lastHeaders[IDENTITY_HEADER], lastHeaders[IDENTITY_SIGNATURE_HEADER], DEV_INTERNAL_SECRET),
    ).toEqual(member);
    expect(
      readClient(
        lastHeaders[IDENTITY_CLIENT_HEADER],
        lastHeaders[IDENTITY_CLIENT_SIGNATURE_HEADER],
        DEV_INTERNAL_SECRET,
      ),
    ).toBe('203.0.113.9');
  });

  it('sends no identity for a visitor, and a call outside any request carries only the secret', async () => {
    await service.app.inject({ method: 'GET', url: '/api/ask', headers: { 'x-request-id': 'visitor-1' } });
    expect(lastHeaders['x-request-id']).toBe('visitor-1');
    expect(lastHeaders[IDENTITY_HEADER]).toBeUndefined();

    await client().call({ path: '/internal/echo' });
    expect(lastHeaders['x-request-id']).toBeUndefined();
    expect(lastHeaders[IDENTITY_HEADER]).toBeUndefined();
    expect(lastHeaders[INTERNAL_SECRET_HEADER]).toBe(DEV_INTERNAL_SECRET);
  });

  it('reads a public path as a visitor: the request id and trace go, the secret, identity and client address do not', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await service.app.inject({
      method: 'GET',
      url: '/api/ask-as-visitor',
      headers: { 'x-request-id': 'public-1', traceparent, ...service.as(member), ...service.from('203.0.113.9') },
    });
    expect(lastHeaders['x-request-id']).toBe('public-1');
    expect(lastHeaders.traceparent).toBe(traceparent);
    expect(lastHeaders[INTERNAL_SECRET_HEADER]).toBeUndefined();
    expect(lastHeaders[IDENTITY_HEADER]).toBeUndefined();
    expect(lastHeaders[IDENTITY_CLIENT_HEADER]).toBeUndefined();
  });
});
