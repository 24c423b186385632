import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createOpsServer, type OpsConfig } from './ops';
import { exitOnSignals } from './signals';
import { activeTracing } from './tracing';

export interface Serving {
  /** The public listener, e.g. `http://127.0.0.1:4102`. */
  url: string;
  /** The ops listener (`/healthz`, `/readyz`, `/metrics`). */
  opsUrl: string;
  /**
   * What SIGTERM/SIGINT run: /readyz answers 503 at once; the process keeps serving for the readiness delay
   * (`readinessDelayMs`, while balancers take it out of their endpoints); the server stops accepting connections; requests
   * already accepted finish (up to `drainTimeoutMs`, then the remaining connections are cut); the app's close
   * hooks then stop its workers (pg-boss) and close the database pool; the ops listener closes last. Calling it
   * again returns the same promise.
   */
  shutdown(signal?: string): Promise<void>;
}

/**
 * While draining, connections that fall idle (their answer sent) are closed this often: one whose answer had
 * started before shutdown would otherwise stay open until its keep-alive timeout.
 */
export const IDLE_SWEEP_MS = 100;

const urlOf = (server: FastifyInstance) => {
  const address = server.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
};

/**
 * Listens on `port` with the app and on `ops.port` with its ops endpoints. `app` must have the ops plugin
 * (createServiceApp and the gateway register it).
 */
export async function serve(
  app: FastifyInstance,
  options: { port: number; host: string; ops: OpsConfig; service: string },
): Promise<Serving> {
  const ops = createOpsServer(app, options.service);
  if (options.ops.keepAliveTimeoutMs !== undefined) app.server.keepAliveTimeout = options.ops.keepAliveTimeoutMs;
  await app.listen({ port: options.port, host: options.host });
  try {
    await ops.listen({ port: options.ops.port, host: options.ops.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  let closing: Promise<void> | null = null;
  const shutdown = (signal = 'shutdown') =>
    (closing ??= (async () => {
      app.ops.draining = true;
      const delayMs = options.ops.readinessDelayMs ?? 0;
      app.log.info(
        { signal, readinessDelayMs: delayMs, drainTimeoutMs: options.ops.drainTimeoutMs },
        'shutting down: not ready, draining requests',
      );
      // Balancers still send new connections until they see the endpoint gone: they are served, not refused.
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      // A request slower than the drain timeout is cut rather than holding the process (and a deploy) forever.
      const cut = setTimeout(() => {
        app.log.warn('drain timeout: closing the connections still open');
        app.server.closeAllConnections();
      }, options.ops.drainTimeoutMs);
      cut.unref();
      const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      sweep.unref();
      try {
        // Fastify closes the listener first (no new connections; idle keep-alive ones close; a new request on a
        // busy one is answered 503 with Connection: close), waits for the requests in flight, then runs the
        // plugins' close hooks: pg-boss stops, then the knex pool is destroyed.
        await app.close();
      } finally {
        clearTimeout(cut);
        clearInterval(sweep);
        await ops.close();
        // The last spans (the drained requests') go out before the process exits.
        await activeTracing()?.shutdown();
      }
      app.log.info({ signal }, 'shut down');
    })());
  return { url: urlOf(app), opsUrl: urlOf(ops), shutdown };
}

/** Serves the app and shuts it down gracefully on SIGINT/SIGTERM (see `Serving.shutdown`), then exits. */
export async function listen(
  app: FastifyInstance,
  port: number,
  host: string,
  ops: OpsConfig,
  service: string,
): Promise<Serving> {
  const serving = await serve(app, { port, host, ops, service });
  exitOnSignals(serving.shutdown, app.log, ops.shutdownTimeoutMs);
  app.log.info({ url: serving.url, opsUrl: serving.opsUrl }, 'listening');
  return serving;
}
