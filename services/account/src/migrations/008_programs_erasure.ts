import type { Knex } from 'knex';

/**
 * Withdrawal across services, second outbox (next to 004's `careercard_retirement`, same shape and delivery):
 * the programs service erases the withdrawn member's personal data from their applications
 * (`POST /internal/users/{id}/erase-personal-data`, idempotent). The row commits with the withdrawal; the
 * request delivers it after the commit, or the retry job does. `done_at` null = still to deliver.
 *
 * Members who withdrew before this migration get a row too, so the job erases what programs still holds of them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('programs_erasure', (t) => {
    t.integer('user_id').primary().references('user_id').inTable('user_account');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('last_error', 300);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('done_at', { useTz: true });
  });
  await knex.raw('create index programs_erasure_pending on programs_erasure (next_attempt_at) where done_at is null');
  await knex.raw(
    'insert into programs_erasure (user_id) select user_id from user_account where withdrawn_at is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('programs_erasure');
}
