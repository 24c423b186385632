import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import type { Knex } from 'knex';
import { createServiceApp } from './app';
import { readServiceConfig } from './config';
import { createKnex, migrateOnStart, prepareOrCheckDatabase, type Migration } from './knex';
import { listen, type Serving } from './server';
import { readOpsConfig } from './ops';
import { startTracing } from './tracing';
import { seedsDemoData } from './production';

/** What a domain service is made of; `services/<name>/src/service.ts` exports one of these. */
export interface ServiceDefinition {
  name: string;
  /** The PostgreSQL schema it owns. */
  schema: string;
  migrations: Record<string, Migration>;
  /** Reference data every deployment needs, production included (codes, products, legal texts). */
  referenceSeed?: (knex: Knex) => Promise<void>;
  /** Demo data for development only: demo accounts, example applicants, participants and cards. */
  seed?: (knex: Knex) => Promise<void>;
  /** Repositories and routes. */
  plugin: FastifyPluginAsync;
}

export interface BuildOptions {
  databaseUrl: string;
  internalSecret: string;
  runSeed?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Migrate at build (default) or only check the schema is at head (`MIGRATE_ON_START=false`: the `migrate` role ran). */
  migrate?: boolean;
}

/** Prepares the service's schema and returns its app, not yet listening (tests use `inject`). */
export async function buildService(definition: ServiceDefinition, options: BuildOptions): Promise<FastifyInstance> {
  const knex = createKnex({ databaseUrl: options.databaseUrl, schema: definition.schema });
  try {
    const env = options.migrate === false ? { MIGRATE_ON_START: 'false' } : {};
    await prepareOrCheckDatabase(
      knex,
      { ...definition, databaseUrl: options.databaseUrl, runSeed: options.runSeed },
      env,
    );
  } catch (error) {
    await knex.destroy();
    throw error;
  }
  return createServiceApp({
    name: definition.name,
    knex,
    internalSecret: options.internalSecret,
    plugin: definition.plugin,
    logger: options.logger,
    migrations: { schema: definition.schema, names: Object.keys(definition.migrations) },
  });
}

/** The server entry of every service: its port (PORT), its ops port (OPS_PORT) and graceful shutdown. */
export async function runService(
  definition: ServiceDefinition,
  defaultPort: number,
): Promise<Serving & { app: FastifyInstance }> {
  const config = readServiceConfig();
  // Before the app exists: its requests are traced from the first one (nothing is loaded when it is off).
  await startTracing(definition.name);
  const app = await buildService(definition, {
    databaseUrl: config.databaseUrl,
    internalSecret: config.internalSecret,
    // Production never gets demo data (and refuses to start when asked for it).
    runSeed: seedsDemoData(process.env),
    logger: { level: config.logLevel },
    migrate: migrateOnStart(),
  });
  const serving = await listen(
    app,
    Number(process.env.PORT ?? defaultPort),
    process.env.HOST ?? '127.0.0.1',
    readOpsConfig(definition.name),
    definition.name,
  );
  return { ...serving, app };
}
