import type { Knex } from 'knex';

/**
 * Withdrawal across services (transactional outbox). The account's anonymisation and this row commit in one
 * transaction; the career card is retired after the commit, by the request itself or, when careercard is
 * unreachable, by the retry job (careercard's retire is idempotent). `done_at` null = still to deliver.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('careercard_retirement', (t) => {
    t.integer('user_id').primary().references('user_id').inTable('user_account');
    t.string('profile_id', 20).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('last_error', 300);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('done_at', { useTz: true });
  });
  await knex.raw(
    'create index careercard_retirement_pending on careercard_retirement (next_attempt_at) where done_at is null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('careercard_retirement');
}
