import type { Knex } from 'knex';

/**
 * Attempts on the recovery screens, for their rate limits (repositories/attempt-limit.ts): find e-mail per client
 * address and per person looked up, password-reset requests per requested e-mail (whether or not an account
 * has it, so the limit answers the same for both). Subjects are keyed hashes only; rows older than a day go.
 * The reset-mail limit used to count `password_reset_token` rows, which exist only for real accounts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recovery_attempt', (t) => {
    t.bigIncrements('id');
    t.string('scope', 30).notNullable();
    t.string('subject_hash', 64).notNullable();
    t.timestamp('attempted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['scope', 'subject_hash', 'attempted_at']);
    t.index(['attempted_at']);
  });
  await knex.raw(
    "alter table recovery_attempt add constraint recovery_attempt_scope_check check (scope in ('FIND_EMAIL_ADDRESS', 'FIND_EMAIL_TARGET', 'RESET_REQUEST'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recovery_attempt');
}
