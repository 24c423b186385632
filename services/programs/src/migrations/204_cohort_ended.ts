import type { Knex } from 'knex';

/**
 * A cohort the company ended (the operators confirmed the COMPANY_ENDED refunds of the whole cohort): `ended_at`.
 * Nothing charges a member of an ended cohort any more (src/payments/charges.ts reads it under the application's
 * lock), the way nothing charges a member of a stopped team (`team.stopped_at`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cohort', (t) => {
    t.timestamp('ended_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cohort', (t) => {
    t.dropColumn('ended_at');
  });
}
