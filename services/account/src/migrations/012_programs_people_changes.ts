import type { Knex } from 'knex';

/**
 * An outbox to the programs service, same shape and delivery as 008's: a member changed their name or nickname, so
 * the copies programs keeps on their applications (the operators' list searches them; programs OPERATORS.md, "Who
 * the applicants are") are taken again (`POST /internal/users/{id}/people-changed`, idempotent). One row per member,
 * set due again by each change (`armOutbox`), in the change's transaction; the request delivers it after the commit,
 * or the retry job does. `done_at` null = still to deliver.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('programs_people_change', (t) => {
    t.integer('user_id').primary().references('user_id').inTable('user_account');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('last_error', 300);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('done_at', { useTz: true });
  });
  await knex.raw(
    'create index programs_people_change_pending on programs_people_change (next_attempt_at) where done_at is null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('programs_people_change');
}
