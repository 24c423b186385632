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

/** Connections one process's knex pool may open at most (DB_POOL_MAX), unless its caller sets a pool. */
export const DEFAULT_DB_POOL_MAX = 10;

/**
 * The knex pool of a serving process: none kept open while idle, at most DB_POOL_MAX. Every replica of every
 * role opens up to this many, so it is what deploy/README.md's connection budget multiplies.
 */
export function readPoolConfig(env: NodeJS.ProcessEnv = process.env): { min: number; max: number } {
  const raw = env.DB_POOL_MAX;
  if (raw === undefined || raw === '') return { min: 0, max: DEFAULT_DB_POOL_MAX };
  const max = Number(raw);
  if (!Number.isInteger(max) || max < 1) throw new Error(`DB_POOL_MAX must be a positive integer, not "${raw}"`);
  return { min: 0, max };
}

export function createKnex({
  databaseUrl,
  schema,
  pool,
}: Pick<DatabaseOptions, 'databaseUrl' | 'schema' | 'pool'>): Knex {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    searchPath: [schema],
    pool: pool ?? readPoolConfig(),
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

export interface PreparedSchema {
  /** Migrations this call applied (empty when the schema was already at head). */
  applied: string[];
}

/** How often a migrator waiting for another one's schema lock asks again. */
export const MIGRATION_LOCK_POLL_MS = 200;

/**
 * Creates the schema, runs migrations, the reference seed and (unless told not to) the demo seed. Safe to run
 * from several processes at once (pods starting together, migrate Jobs): each holds a session-level advisory
 * lock of the schema on a connection of its own for the whole preparation, so the others wait and then find the
 * schema at head. A session lock rather than a transaction's, because knex runs each migration in its own
 * transaction; and it dies with its connection, so a process killed mid-way never leaves the schema locked.
 */
export async function prepareDatabase(knex: Knex, options: DatabaseOptions): Promise<PreparedSchema> {
  const lock = new pg.Client({ connectionString: options.databaseUrl, application_name: `migrate:${options.schema}` });
  await lock.connect();
  try {
    // Polled rather than waited for in one statement: a waiting statement holds a snapshot, and a migration that
    // builds an index CONCURRENTLY waits for every older snapshot to end, so it would wait on the very runs that
    // wait on it (three `migrate all` at once hung on 200_scale_indexes).
    while (
      !(
        await lock.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [
          `schema:${options.schema}`,
        ])
      ).rows[0]!.locked
    ) {
      await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_POLL_MS));
    }
    await knex.raw('create schema if not exists ??', [options.schema]);
    const config = {
      migrationSource: new RecordMigrationSource(options.migrations),
      schemaName: options.schema,
      tableName: 'knex_migrations',
    };
    // knex's own lock row outlives a process killed mid-migration and would refuse every later run; under the
    // advisory lock no other migrator of this schema runs, so a row left locked is such a leftover.
    await knex.migrate.forceFreeMigrationsLock(config);
    const [, applied] = (await knex.migrate.latest(config)) as [number, string[]];
    const demo = options.runSeed !== false ? options.seed : undefined;
    if (options.referenceSeed || demo) {
      await knex.transaction(async (trx) => {
        await options.referenceSeed?.(trx);
        await demo?.(trx);
      });
    }
    return { applied };
  } finally {
    // Unlocked explicitly (not only by closing) so a pooled connection never keeps it.
    await lock.query('select pg_advisory_unlock(hashtext($1))', [`schema:${options.schema}`]).catch(() => undefined);
    await lock.end();
  }
}

/**
 * Whether a process brings its schema to head when it starts (`MIGRATE_ON_START`, default true: `npm start`
 * and a single instance). `false` where migrations run as their own step (the `migrate` role, a Kubernetes Job):
 * the process then only checks that the schema is at head.
 */
export const migrateOnStart = (env: NodeJS.ProcessEnv = process.env): boolean => env.MIGRATE_ON_START !== 'false';

/** Migrations of this build not recorded in the schema (all of them when the schema does not exist yet). */
export async function pendingMigrations(knex: Knex, schema: string, names: string[]): Promise<string[]> {
  const exists = await knex.schema.withSchema(schema).hasTable('knex_migrations');
  if (!exists) return [...names].sort();
  const rows = await knex.withSchema(schema).select('name').from('knex_migrations');
  const applied = new Set(rows.map((row: { name: string }) => row.name));
  return names.filter((name) => !applied.has(name)).sort();
}

/** Throws, saying what to run, when the schema is not at head (a start with `MIGRATE_ON_START=false`). */
export async function assertSchemaAtHead(knex: Knex, schema: string, names: string[]): Promise<void> {
  const pending = await pendingMigrations(knex, schema, names);
  if (pending.length) {
    throw new Error(
      `schema "${schema}" is not at head (MIGRATE_ON_START=false): migrations pending: ${pending.join(', ')}. Run the migrate role first (npm run role -- migrate ${schema}).`,
    );
  }
}

/** What a process does with its schema at start: migrate it (MIGRATE_ON_START) or check it is at head. */
export async function prepareOrCheckDatabase(
  knex: Knex,
  options: DatabaseOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  if (migrateOnStart(env)) await prepareDatabase(knex, options);
  else await assertSchemaAtHead(knex, options.schema, Object.keys(options.migrations));
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
