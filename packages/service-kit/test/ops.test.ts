import net from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Agent, fetch as fetchWith } from 'undici';
import { createTestDatabase } from '../src/testing';
import { buildService, readOpsConfig, serve, type ServiceDefinition, type Serving } from '../src';

/** How long the probe's slow route takes: long enough that shutdown starts while every request is in flight. */
const SLOW_MS = 800;
const SLOW_REQUESTS = 12;
/** A body big enough that a cut connection could not pass for a full answer. */
const BODY_BYTES = 200_000;

function probe(inFlight: { count: number }): ServiceDefinition {
  return {
    name: 'opsprobe',
    schema: 'opsprobe',
    migrations: {
      '001_item': {
        up: (knex) =>
          knex.schema.createTable('item', (t) => {
            t.increments('id');
            t.text('name');
          }),
        down: (knex) => knex.schema.dropTable('item'),
      },
      '002_tag': {
        up: (knex) =>
          knex.schema.createTable('tag', (t) => {
            t.increments('id');
          }),
        down: (knex) => knex.schema.dropTable('tag'),
      },
    },
    plugin: async (app) => {
      app.get('/api/slow', async () => {
        inFlight.count += 1;
        await sleep(SLOW_MS);
        // The database is still there for a request accepted before shutdown.
        const row = await app.knex.raw('select 1 as one');
        return { ErrorCode: '00', one: row.rows[0].one, padding: 'x'.repeat(BODY_BYTES) };
      });
      app.get('/api/items/:id', async (request) => ({ ErrorCode: '00', id: (request.params as { id: string }).id }));
      app.get('/api/hang', async () => {
        inFlight.count += 1;
        await sleep(60_000);
        return { ErrorCode: '00' };
      });
      app.get('/api/log', async (request) => {
        request.log.info('probe line');
        return { ErrorCode: '00' };
      });
    },
  };
}

interface Started {
  app: FastifyInstance;
  serving: Serving;
  inFlight: { count: number };
  lines: Record<string, unknown>[];
  drop(): Promise<void>;
}

async function start(
  drainTimeoutMs = 10_000,
  readinessDelayMs?: number,
  keepAliveTimeoutMs?: number,
): Promise<Started> {
  const database = await createTestDatabase('ops');
  const inFlight = { count: 0 };
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildService(probe(inFlight), {
    databaseUrl: database.url,
    internalSecret: 'test-secret',
    logger: { level: 'info', stream },
  });
  const serving = await serve(app, {
    port: 0,
    host: '127.0.0.1',
    ops: {
      port: 0,
      host: '127.0.0.1',
      readinessDelayMs,
      drainTimeoutMs,
      shutdownTimeoutMs: 40_000,
      keepAliveTimeoutMs,
    },
    service: 'opsprobe',
  });
  return { app, serving, inFlight, lines, drop: database.drop };
}

const readyz = async (s: Started) => {
  const response = await fetch(`${s.serving.opsUrl}/readyz`);
  return { status: response.status, body: (await response.json()) as { reason?: string; status: string } };
};

describe('graceful shutdown', () => {
  it('answers every accepted request in full while /readyz says 503, then stops accepting', async () => {
    const s = await start();
    try {
      expect(await readyz(s)).toEqual({ status: 200, body: { status: 'ready', service: 'opsprobe' } });
      const answers = Array.from({ length: SLOW_REQUESTS }, () =>
        fetch(`${s.serving.url}/api/slow`).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { one: number; padding: string },
        })),
      );
      // Every request is in its handler before the signal.
      while (s.inFlight.count < SLOW_REQUESTS) await sleep(10);

      const signalled = Date.now();
      const closing = s.serving.shutdown('SIGTERM');
      const during = await readyz(s);
      expect(during).toEqual({
        status: 503,
        body: { status: 'unavailable', service: 'opsprobe', reason: 'shutting down' },
      });
      // The ops port still tells the process is alive while it drains.
      expect((await fetch(`${s.serving.opsUrl}/healthz`)).status).toBe(200);

      const results = await Promise.all(answers);
      for (const result of results) {
        expect(result.status).toBe(200);
        expect(result.body.one).toBe(1);
        expect(result.body.padding).toHaveLength(BODY_BYTES);
      }
      await closing;
      // Done once the answers are out, not at the drain timeout (kept-alive connections are let go).
      expect(Date.now() - signalled).toBeLessThan(SLOW_MS + 3_000);
      // Closed: no new connection is accepted, the ops port is gone, the pool is destroyed.
      await expect(fetch(`${s.serving.url}/api/items/1`)).rejects.toThrow();
      await expect(fetch(`${s.serving.opsUrl}/healthz`)).rejects.toThrow();
      await expect(s.app.knex.raw('select 1')).rejects.toThrow();
    } finally {
      await s.serving.shutdown();
      await s.drop();
    }
  });

  it('serves a request whose connection it accepted before shutdown began, instead of answering 503', async () => {
    const s = await start();
    try {
      // A slow request keeps the server draining while the second one arrives.
      const slow = fetch(`${s.serving.url}/api/slow`).then((response) => response.status);
      while (s.inFlight.count < 1) await sleep(10);
      // Accepted and half sent before the signal (as a balancer's request can be), finished during the drain.
      const { port } = new URL(s.serving.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const answer = new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk) => {
          text += String(chunk);
        });
        socket.on('close', () => resolve(text));
      });
      socket.write('GET /api/items/7 HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      await sleep(50);
      const closing = s.serving.shutdown('SIGTERM');
      await sleep(100);
      socket.end('Connection: close\r\n\r\n');
      expect((await answer).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      expect(await answer).toContain('"id":"7"');
      expect(await slow).toBe(200);
      await closing;
    } finally {
      await s.serving.shutdown();
      await s.drop();
    }
  });

  it('keeps serving new connections, already unready, for the readiness delay before it closes its listener', async () => {
    const delayMs = 1_500;
    const s = await start(10_000, delayMs);
    try {
      const signalled = Date.now();
      const closing = s.serving.shutdown('SIGTERM');
      expect((await readyz(s)).status).toBe(503);
      // A balancer that has not yet seen the endpoint go sends new connections all through the delay.
      const answered: number[] = [];
      while (Date.now() - signalled < delayMs - 300) {
        // A new connection each time, as a balancer's new clients open.
        const fresh = new Agent();
        answered.push((await fetchWith(`${s.serving.url}/api/items/7`, { dispatcher: fresh })).status);
        await fresh.close();
        await sleep(100);
      }
      expect(answered.length).toBeGreaterThan(5);
      expect(answered.every((status) => status === 200)).toBe(true);
      await closing;
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(delayMs);
      await expect(fetch(`${s.serving.url}/api/items/7`)).rejects.toThrow();
    } finally {
      await s.serving.shutdown();
      await s.drop();
    }
  });

  it('leaves no idle kept-alive connection for itself to close at the end of the delay: its clients closed them first', async () => {
    // A client following the Keep-Alive header (undici, as the gateway's pools) closes an idle connection 2 s
    // before the announced timeout: 1 s here, inside the 2.5 s delay.
    const delayMs = 2_500;
    const s = await start(10_000, delayMs, 3_000);
    const pool = new Agent({ connections: 4 });
    const closedBy: ('client' | 'service')[] = [];
    s.app.server.on('connection', (socket: net.Socket) => {
      let ended = false;
      socket.on('end', () => {
        ended = true;
      });
      socket.on('close', () => closedBy.push(ended ? 'client' : 'service'));
    });
    try {
      // Four connections in the pool, idle when the shutdown begins.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => fetchWith(`${s.serving.url}/api/items/7`, { dispatcher: pool })),
      );
      expect(answers.map((answer) => answer.headers.get('keep-alive'))).toEqual(Array(4).fill('timeout=3'));
      await Promise.all(answers.map((answer) => answer.text()));
      await s.serving.shutdown('SIGTERM');
      expect(closedBy).toEqual(['client', 'client', 'client', 'client']);
    } finally {
      await pool.close();
      await s.serving.shutdown();
      await s.drop();
    }
  });

  it('cuts a request that outlasts the drain timeout instead of hanging', async () => {
    const drainMs = 300;
    const s = await start(drainMs);
    try {
      const hung = fetch(`${s.serving.url}/api/hang`).then(
        () => 'answered',
        () => 'cut',
      );
      while (s.inFlight.count < 1) await sleep(10);
      const started = Date.now();
      await s.serving.shutdown('SIGTERM');
      expect(Date.now() - started).toBeLessThan(drainMs + 5_000);
      expect(await hung).toBe('cut');
    } finally {
      await s.serving.shutdown();
      await s.drop();
    }
  });
});

describe('ops endpoints', () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => {
    await s?.serving.shutdown();
    await s?.drop();
  });

  it('is on its own port: the public port does not serve them', async () => {
    expect(s.serving.opsUrl).not.toBe(s.serving.url);
    for (const path of ['/healthz', '/readyz', '/metrics'])
      expect((await fetch(`${s.serving.url}${path}`)).status).toBe(404);
    expect(await (await fetch(`${s.serving.opsUrl}/healthz`)).json()).toEqual({ status: 'ok', service: 'opsprobe' });
  });

  it('/readyz is 503 with the reason while a migration of this build is not applied', async () => {
    expect((await readyz(s)).status).toBe(200);
    await s.app.knex.withSchema('opsprobe').from('knex_migrations').where({ name: '002_tag' }).delete();
    try {
      expect(await readyz(s)).toEqual({
        status: 503,
        body: { status: 'unavailable', service: 'opsprobe', reason: 'migrations pending: 002_tag' },
      });
    } finally {
      await s.app.knex
        .withSchema('opsprobe')
        .into('knex_migrations')
        .insert({ name: '002_tag', batch: 1, migration_time: new Date() });
    }
    expect((await readyz(s)).status).toBe(200);
  });

  it('/metrics counts requests by route pattern, method and status, and shows the pool', async () => {
    const series = async () => {
      const response = await fetch(`${s.serving.opsUrl}/metrics`);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.text();
    };
    const count = (text: string, labels: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`http_request_duration_seconds_count{${labels}}`));
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const labels = 'method="GET",route="/api/items/:id",status="200"';
    const before = count(await series(), labels);
    await fetch(`${s.serving.url}/api/items/17`);
    await fetch(`${s.serving.url}/api/items/42`);
    await fetch(`${s.serving.url}/api/nowhere`);
    const after = await series();
    expect(count(after, labels)).toBe(before + 2);
    expect(count(after, 'method="GET",route="unmatched",status="404"')).toBeGreaterThanOrEqual(1);
    // The raw URL never becomes a label (one series per route, not per id).
    expect(after).not.toContain('/api/items/17');
    expect(after).toMatch(/^db_pool_connections\{state="used"\} \d+$/m);
    expect(after).toMatch(/^db_pool_connections\{state="free"\} \d+$/m);
    expect(after).toMatch(/^db_pool_connections\{state="pending"\} \d+$/m);
    // The process's own series follow the app's, each on its own line.
    expect(after).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('takes a well-formed x-request-id as its request id, answers and logs it with the trace id', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await fetch(`${s.serving.url}/api/log`, {
      headers: { 'x-request-id': 'req-abc.123', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.headers.get('x-request-id')).toBe('req-abc.123');
    const line = s.lines.find((l) => l.msg === 'probe line' && l.reqId === 'req-abc.123');
    expect(line).toMatchObject({ reqId: 'req-abc.123', traceId, level: 30 });

    // Malformed ids (spaces, control characters, too long) are replaced, never logged as given.
    for (const bad of ['has space', 'x'.repeat(129), 'quote"d']) {
      const answered = await fetch(`${s.serving.url}/api/log`, { headers: { 'x-request-id': bad } });
      const id = answered.headers.get('x-request-id');
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('ops configuration', () => {
  it("defaults each process to its own ops port, clear of the stack's ports, and reads OPS_PORT, OPS_HOST, SHUTDOWN_DRAIN_MS", () => {
    expect(readOpsConfig('content', {})).toEqual({
      port: 9182,
      host: '127.0.0.1',
      readinessDelayMs: 5_000,
      drainTimeoutMs: 25_000,
      shutdownTimeoutMs: 45_000,
      keepAliveTimeoutMs: 5_000,
    });
    expect(
      readOpsConfig('gateway', {
        OPS_PORT: '0',
        OPS_HOST: '0.0.0.0',
        SHUTDOWN_READINESS_DELAY_MS: '0',
        SHUTDOWN_DRAIN_MS: '5000',
        SHUTDOWN_TIMEOUT_MS: '9000',
      }),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      readinessDelayMs: 0,
      drainTimeoutMs: 5000,
      shutdownTimeoutMs: 9000,
      keepAliveTimeoutMs: 72_000,
    });
    expect(readOpsConfig('content', { KEEP_ALIVE_TIMEOUT_MS: '4000' }).keepAliveTimeoutMs).toBe(4_000);
    expect(() => readOpsConfig('content', { OPS_PORT: 'x' })).toThrow(/OPS_PORT/);
  });
});
