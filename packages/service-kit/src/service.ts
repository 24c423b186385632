import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import type { Knex } from 'knex';
import { createServiceApp } from './app';
import { readServiceConfig } from './config';
import { createKnex, prepareDatabase, type Migration } from './knex';
import { listen } from './server';
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
}

/** Prepares the service's schema and returns its app, not yet listening (tests use `inject`). */
export async function buildService(definition: ServiceDefinition, options: BuildOptions): Promise<FastifyInstance> {
  const knex = createKnex({ databaseUrl: options.databaseUrl, schema: definition.schema });
  try {
    await prepareDatabase(knex, { ...definition, databaseUrl: options.databaseUrl, runSeed: options.runSeed });
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
  });
}

/** The server entry of every service. */
export async function runService(definition: ServiceDefinition, defaultPort: number): Promise<FastifyInstance> {
  const config = readServiceConfig();
  const app = await buildService(definition, {
    databaseUrl: config.databaseUrl,
    internalSecret: config.internalSecret,
    // Production never gets demo data (and refuses to start when asked for it).
    runSeed: seedsDemoData(process.env),
    logger: { level: config.logLevel },
  });
  await listen(app, Number(process.env.PORT ?? defaultPort));
  return app;
}
