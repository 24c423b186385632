import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { IncomingMessage } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { endRequestSpan, serviceTraceContext, type TraceContext } from './request-id';

/**
 * What operators read: `/healthz`, `/readyz` and `/metrics` on a second, internal listener per process (the
 * ops port). Not on the public port: the gateway's own public port would otherwise serve its metrics to the
 * internet, and a service's port is where the gateway forwards client requests. The ops port is one the
 * gateway never forwards to, bound to loopback unless OPS_HOST says otherwise, so a scraper or an
 * orchestrator's probes reach it and clients cannot.
 */

/**
 * Default ops port of each process (OPS_PORT overrides it; 0 picks a free one). Chosen clear of the ports the
 * stack already uses (8080, 4101–4105, 54329, 1025, 8025, 4180, 4190, 4191, 3000–3004) and of every port on
 * the Fetch standard's bad-port list, so a browser may open them too.
 */
export const OPS_PORTS = {
  gateway: 9180,
  account: 9181,
  content: 9182,
  programs: 9183,
  careercard: 9184,
  itskill: 9185,
  // The programs service's job runner (the `programs-worker` role): no public port, only this one.
  'programs-worker': 9186,
} as const;

export type OpsProcessName = keyof typeof OPS_PORTS;

/** How long shutdown waits for in-flight requests before it cuts the remaining connections (SHUTDOWN_DRAIN_MS). */
export const DEFAULT_DRAIN_TIMEOUT_MS = 25_000;
/**
 * How long a stopping process keeps serving, already unready, before it closes its listener
 * (SHUTDOWN_READINESS_DELAY_MS). A balancer (kube-proxy, an ingress controller) learns that an endpoint is gone
 * some time after the signal: the EndpointSlice change has to reach every node, or a readiness probe has to
 * fail first. Until then it still sends new connections here; a closed listener would refuse them. Sized for
 * that propagation (a few seconds in a healthy cluster); the site's own `npm start`, with no balancer, sets 0.
 */
export const DEFAULT_READINESS_DELAY_MS = 5_000;
/**
 * How long a service keeps an idle kept-alive connection open (KEEP_ALIVE_TIMEOUT_MS), announced in every
 * answer's `Keep-Alive: timeout=` header. Its clients (the gateway's connection pools, the services' internal
 * calls: undici) follow that header and close an idle connection 2 s before it runs out, so no request is ever
 * written on a connection the service is closing. Kept at or below SHUTDOWN_READINESS_DELAY_MS for the same reason
 * during a shutdown: by the end of the delay every idle connection has been closed by its client (one in use
 * was ended by its `Connection: close` answer), and the stopping service has none left to close under a request.
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;
/**
 * The gateway's (KEEP_ALIVE_TIMEOUT_MS of the gateway role): Fastify's default, above the 60 s an ingress
 * controller or a cloud load balancer keeps an idle upstream connection, so that they, not the gateway, close it.
 */
export const GATEWAY_KEEP_ALIVE_TIMEOUT_MS = 72_000;
/**
 * How long a signalled process may take to shut down in all before it exits anyway (SHUTDOWN_TIMEOUT_MS): the
 * readiness delay, the drain, pg-boss's stop (10 s) and the pool's close, below the manifests' 50 s
 * termination grace period.
 */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 45_000;
/**
 * How long one readiness check may take (READINESS_TIMEOUT_MS): a database that does not answer within it is
 * as good as down for a probe, and a probe must not hang for knex's 60 s acquire timeout.
 */
export const DEFAULT_READINESS_TIMEOUT_MS = 2_000;

/**
 * Upper bounds (seconds) of the request-duration histogram's buckets: from a cached GET (a few ms) to the
 * gateway's upstream timeout range; requests above the last bound land in +Inf.
 */
export const REQUEST_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface OpsConfig {
  /** OPS_PORT; 0 takes a free port (test stacks, several stacks on one machine). */
  port: number;
  /** OPS_HOST; loopback by default so only this machine (a local scraper, a sidecar) reaches it. */
  host: string;
  /** SHUTDOWN_READINESS_DELAY_MS (readOpsConfig fills its default); absent: the listener closes at once. */
  readinessDelayMs?: number;
  /** SHUTDOWN_DRAIN_MS. */
  drainTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS (readOpsConfig fills its default); absent: Fastify's. */
  keepAliveTimeoutMs?: number;
  /** SHUTDOWN_TIMEOUT_MS. */
  shutdownTimeoutMs: number;
}

export function readOpsConfig(name: string, env: NodeJS.ProcessEnv = process.env): OpsConfig {
  const defaultPort = (OPS_PORTS as Record<string, number>)[name];
  if (defaultPort === undefined && !env.OPS_PORT)
    throw new Error(`OPS_PORT is not set and "${name}" has no default ops port`);
  const number = (key: string, fallback: number) => {
    const raw = env[key];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${key} must be a non-negative integer, not "${raw}"`);
    return value;
  };
  return {
    port: number('OPS_PORT', defaultPort ?? 0),
    host: env.OPS_HOST ?? '127.0.0.1',
    readinessDelayMs: number('SHUTDOWN_READINESS_DELAY_MS', DEFAULT_READINESS_DELAY_MS),
    drainTimeoutMs: number('SHUTDOWN_DRAIN_MS', DEFAULT_DRAIN_TIMEOUT_MS),
    keepAliveTimeoutMs: number(
      'KEEP_ALIVE_TIMEOUT_MS',
      name === 'gateway' ? GATEWAY_KEEP_ALIVE_TIMEOUT_MS : DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    ),
    shutdownTimeoutMs: number('SHUTDOWN_TIMEOUT_MS', DEFAULT_SHUTDOWN_TIMEOUT_MS),
  };
}

/** A counter of an app's metrics (`app.metrics.counter`), for code that only increments it. */
export type MetricCounter<L extends string> = Counter<L>;

/** A readiness check: null when fine, else the reason the process is not ready. */
export type ReadinessCheck = () => Promise<string | null>;

/** The metrics of one app: its own registry, so several apps in one process (tests) never share series. */
export interface AppMetrics {
  registry: Registry;
  /** The scrape: this app's series and the process's (CPU, memory, event loop), in the text format. */
  text(): Promise<string>;
  /** One counter per name, created on first use (domain code: charges, refunds, rejections...). */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L>;
  /** A gauge read when scraped (queue depths...). */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: (gauge: Gauge<L>) => Promise<void> | void,
  ): Gauge<L>;
}

export interface OpsState {
  /** Set from the first moment of shutdown: /readyz answers 503 from then on. */
  draining: boolean;
  /** null when ready, else why not. */
  readiness(): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
    ops: OpsState;
  }
}

/**
 * Process metrics (CPU, memory, event-loop lag, GC, handles) explain most slow responses. Collected once per
 * process, not per app: each collection keeps an event-loop monitor and a GC observer running for good.
 */
let processRegistry: Registry | null = null;

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  const shared = processRegistry;
  const counters = new Map<string, Counter<string>>();
  return {
    registry,
    async text() {
      return (await registry.metrics()) + (await shared.metrics());
    },
    counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
      let counter = counters.get(name);
      if (!counter)
        counters.set(name, (counter = new Counter({ name, help, labelNames: [...labelNames], registers: [registry] })));
      return counter as Counter<L>;
    },
    gauge<L extends string>(
      name: string,
      help: string,
      labelNames: readonly L[],
      collect: (gauge: Gauge<L>) => Promise<void> | void,
    ) {
      return new Gauge<L>({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          await collect(this);
        },
      });
    },
  };
}

/** The database answers `select 1`. */
export const databaseAnswers =
  (knex: Knex): ReadinessCheck =>
  async () => {
    try {
      await knex.raw('select 1');
      return null;
    } catch (error) {
      return `database unreachable: ${(error as Error).message}`;
    }
  };

/** Every migration this build knows is recorded in the schema's migration table (the one prepareDatabase writes). */
export const migrationsApplied =
  (knex: Knex, schema: string, names: string[]): ReadinessCheck =>
  async () => {
    try {
      const rows = await knex.withSchema(schema).select('name').from('knex_migrations');
      const applied = new Set(rows.map((row: { name: string }) => row.name));
      const pending = names.filter((name) => !applied.has(name));
      return pending.length ? `migrations pending: ${pending.join(', ')}` : null;
    } catch (error) {
      return `migrations unreadable: ${(error as Error).message}`;
    }
  };

const withTimeout = (check: ReadinessCheck, ms: number): Promise<string | null> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`check timed out after ${ms} ms`), ms);
  });
  return Promise.race([check(), late]).finally(() => clearTimeout(timer));
};

export interface OpsPluginOptions {
  /** Its knex pool is reported in /metrics (db_pool_connections). */
  knex: Knex;
  checks: ReadinessCheck[];
  readinessTimeoutMs?: number;
  /** The request's trace context (the gateway's own hop, or a service's); starts its span when tracing is on. */
  traceContext?: (raw: IncomingMessage) => TraceContext | null;
}

/**
 * Metrics and readiness of an app: a request-duration histogram by route pattern, method and status, the
 * database pool, and the state /readyz reads. The ops listener (startOpsServer) serves them.
 */
export const opsPlugin = fp<OpsPluginOptions>(
  async (app, options) => {
    const metrics = createMetrics();
    const timeoutMs =
      options.readinessTimeoutMs ?? Number(process.env.READINESS_TIMEOUT_MS ?? DEFAULT_READINESS_TIMEOUT_MS);
    const state: OpsState = {
      draining: false,
      async readiness() {
        if (state.draining) return 'shutting down';
        for (const check of options.checks) {
          const reason = await withTimeout(check, timeoutMs);
          if (reason) return reason;
        }
        return null;
      },
    };
    app.decorate('metrics', metrics);
    app.decorate('ops', state);
    // An answer sent while draining ends its connection: a keep-alive client (the gateway's pool) would
    // otherwise hold it open, and the process would wait for it until the drain timeout.
    app.addHook('onSend', async (_request, reply) => {
      if (state.draining) reply.header('connection', 'close');
    });

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: "Time from the request's arrival to its answer, by route pattern (not the raw URL), method and status.",
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_DURATION_BUCKETS,
      registers: [metrics.registry],
    });
    const traceContext = options.traceContext ?? serviceTraceContext;
    app.addHook('onRequest', async (request) => {
      // Decided here at the latest (the logger usually asked first): with tracing on, the span starts now.
      traceContext(request.raw);
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route pattern keeps the series bounded: `/api/projects/*`, never each project's URL.
      const route = request.routeOptions.url ?? 'unmatched';
      duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      endRequestSpan(request.raw, route, reply.statusCode);
    });

    metrics.gauge(
      'db_pool_connections',
      'Database pool connections: used, free, and requests waiting for one (pending).',
      ['state'],
      (gauge) => {
        // tarn's pool; gone once the app has closed.
        const pool = (
          options.knex.client as {
            pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number; numPendingCreates(): number };
          }
        ).pool;
        if (!pool) return;
        gauge.set({ state: 'used' }, pool.numUsed());
        gauge.set({ state: 'free' }, pool.numFree());
        gauge.set({ state: 'pending' }, pool.numPendingAcquires() + pool.numPendingCreates());
      },
    );
  },
  { name: 'ops' },
);

/** The internal listener: `/healthz`, `/readyz`, `/metrics` of `app`. Not listening yet: call `listen`. */
export function createOpsServer(app: FastifyInstance, service: string): FastifyInstance {
  // No logger: a scraper every few seconds would drown the request log.
  const ops = Fastify({ logger: false });
  ops.get('/healthz', async () => ({ status: 'ok', service }));
  ops.get('/readyz', async (_request, reply) => {
    const reason = await app.ops.readiness();
    if (reason) return reply.status(503).send({ status: 'unavailable', service, reason });
    return { status: 'ready', service };
  });
  ops.get('/metrics', async (_request, reply) => {
    reply.header('content-type', app.metrics.registry.contentType);
    return app.metrics.text();
  });
  return ops;
}
