import type { Knex } from 'knex';

/**
 * The insert budget every gateway shares (RUM_INSERT_BUDGET_PER_MINUTE): one row per minute in PostgreSQL,
 * raised atomically only while the total stays within the budget, so several instances never store more
 * than it between them.
 */

/** Takes `events` from this minute's budget; false (nothing taken) when they do not fit. */
export async function takeBudget(knex: Knex, events: number, perMinute: number): Promise<boolean> {
  if (events > perMinute) return false;
  const { rows } = await knex.raw<{ rows: { events: number }[] }>(
    `insert into gateway.rum_budget as b (minute, events) values (date_trunc('minute', now()), ?)
     on conflict (minute) do update set events = b.events + excluded.events
       where b.events + excluded.events <= ?
     returning b.events`,
    [events, perMinute],
  );
  return rows.length > 0;
}

/** Forgets minutes long past; safe from several instances at once. */
export async function pruneBudget(knex: Knex): Promise<number> {
  return knex('gateway.rum_budget').where('minute', '<', knex.raw("now() - interval '1 hour'")).delete();
}
