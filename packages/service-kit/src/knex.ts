import fp from 'fastify-plugin';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// A DATE is a calendar day, not an instant: keep 'YYYY-MM-DD' instead of a Date shifted by the server's zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

declare module 'fastify' {
  interface FastifyInstance {
    knex: Knex;
  }
}

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string;
  /** The PostgreSQL schema the service owns; nothing else is on its search path. */
  schema: string;
  /** Ordered by name; names never change once released. */
  migrations: Record<string, Migration>;
  /** Idempotent reference data every deployment needs (codes, products, legal texts); always runs. */
  referenceSeed?: (knex: Knex) => Promise<void>;
  /** Idempotent demo data (development only: see production.ts seedsDemoData); runs when runSeed is not false. */
  seed?: (knex: Knex) => Promise<void>;
  runSeed?: boolean;
  pool?: { min: number; max: number };
}

export function createKnex({ databaseUrl, schema, pool }: Pick<DatabaseOptions, 'databaseUrl' | 'schema' | 'pool'>): Knex {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    searchPath: [schema],
    pool: pool ?? { min: 0, max: 10 },
  });
}

class RecordMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations() {
    return Object.keys(this.migrations).sort();
  }
  getMigrationName(name: string) {
    return name;
  }
  async getMigration(name: string) {
    const migration = this.migrations[name];
    if (!migration) throw new Error(`unknown migration ${name}`);
    return migration;
  }
}

/** Creates the schema, runs migrations, the reference seed and (unless told not to) the demo seed. Safe to run from several instances at once. */
export async function prepareDatabase(knex: Knex, options: DatabaseOptions): Promise<void> {
  // Two instances starting together would both try CREATE SCHEMA; an advisory lock serialises them.
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`schema:${options.schema}`]);
    await trx.raw('create schema if not exists ??', [options.schema]);
  });
  await knex.migrate.latest({
    migrationSource: new RecordMigrationSource(options.migrations),
    schemaName: options.schema,
    tableName: 'knex_migrations',
  });
  const demo = options.runSeed !== false ? options.seed : undefined;
  if (options.referenceSeed || demo) {
    await knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`seed:${options.schema}`]);
      await options.referenceSeed?.(trx);
      await demo?.(trx);
    });
  }
}

/** The knex instance as a named Fastify plugin, destroyed when the app closes. */
export const knexPlugin = fp<{ knex: Knex }>(
  async (app, { knex }) => {
    app.decorate('knex', knex);
    app.addHook('onClose', async () => {
      await knex.destroy();
    });
  },
  { name: 'knex' },
);

/** Number of rows a query would return (ignores its order, limit and selected columns). */
export async function countRows(query: Knex.QueryBuilder): Promise<number> {
  const row = await query.clone().clearSelect().clearOrder().count<{ count: string }[]>({ count: '*' }).first();
  return Number((row as { count?: string } | undefined)?.count ?? 0);
}

/**
 * A row as knex returns it. Repositories map rows to the contract types right where they read them, so this
 * loose type never leaves a repository.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;
