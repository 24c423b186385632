import type { Knex } from 'knex';

/**
 * A @fastify/rate-limit store kept in PostgreSQL, so the limit holds across every gateway instance.
 * One upsert per request: the counter resets when its window has passed.
 */
export function createPostgresRateLimitStore(knex: Knex) {
  return class PostgresStore {
    private readonly timeWindow: number;
    constructor(options: { timeWindow: number }) {
      this.timeWindow = options.timeWindow;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      knex
        .raw<{ rows: { current: number; ttl: string }[] }>(
          `insert into gateway.rate_limit as rate_limit (key, count, expires_at) values (?, 1, now() + (? || ' milliseconds')::interval)
           on conflict (key) do update set
             count = case when rate_limit.expires_at <= now() then 1 else rate_limit.count + 1 end,
             expires_at = case when rate_limit.expires_at <= now() then excluded.expires_at else rate_limit.expires_at end
           returning count as current, greatest(0, extract(epoch from (expires_at - now())) * 1000)::bigint as ttl`,
          [key, String(this.timeWindow)],
        )
        .then(({ rows }) => callback(null, { current: rows[0]!.current, ttl: Number(rows[0]!.ttl) }))
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: { timeWindow: number }) {
      return new PostgresStore({ timeWindow: routeOptions.timeWindow });
    }
  };
}

export async function migrateRateLimit(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw("select pg_advisory_xact_lock(hashtext('schema:gateway'))");
    await trx.raw('create schema if not exists gateway');
    await trx.raw(
      'create unlogged table if not exists gateway.rate_limit (key text primary key, count integer not null, expires_at timestamptz not null)',
    );
  });
}
