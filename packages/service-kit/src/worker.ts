import type { FastifyInstance } from 'fastify';
import { readServiceConfig } from './config';
import { migrateOnStart } from './knex';
import { createOpsServer, readOpsConfig } from './ops';
import { seedsDemoData } from './production';
import { exitOnSignals } from './signals';
import { buildService, type ServiceDefinition } from './service';
import { activeTracing, startTracing } from './tracing';

export interface Working {
  app: FastifyInstance;
  /** The ops listener (`/healthz`, `/readyz`, `/metrics`): the only port a worker opens. */
  opsUrl: string;
  /** `/readyz` answers 503 at once, the app closes (pg-boss lets running jobs finish), then the ops listener. */
  shutdown(signal?: string): Promise<void>;
}

/**
 * A process that runs a service's background work (pg-boss workers and schedules, started by the app's
 * onReady hooks) without its public port: the `programs-worker` role. SIGTERM/SIGINT shut it down and exit.
 */
export async function runWorker(definition: ServiceDefinition, processName: string): Promise<Working> {
  const config = readServiceConfig();
  await startTracing(processName);
  const app = await buildService(definition, {
    databaseUrl: config.databaseUrl,
    internalSecret: config.internalSecret,
    runSeed: seedsDemoData(process.env),
    logger: { level: config.logLevel },
    migrate: migrateOnStart(),
  });
  await app.ready();
  const opsConfig = readOpsConfig(processName);
  const ops = createOpsServer(app, processName);
  try {
    await ops.listen({ port: opsConfig.port, host: opsConfig.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = ops.server.address();
  const opsUrl = typeof address === 'object' && address ? `http://${opsConfig.host}:${address.port}` : '';
  let closing: Promise<void> | null = null;
  const shutdown = (signal = 'shutdown') =>
    (closing ??= (async () => {
      app.ops.draining = true;
      app.log.info({ signal }, 'shutting down: not ready, letting running jobs finish');
      try {
        await app.close();
      } finally {
        await ops.close();
        await activeTracing()?.shutdown();
      }
      app.log.info({ signal }, 'shut down');
    })());
  exitOnSignals(shutdown, app.log, opsConfig.shutdownTimeoutMs);
  app.log.info({ opsUrl }, 'working');
  return { app, opsUrl, shutdown };
}
