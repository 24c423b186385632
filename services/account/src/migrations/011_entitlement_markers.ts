import type { Knex } from 'knex';

/**
 * Who already received a one-time point grant, by person rather than account (repositories/entitlement-markers.ts): keyed
 * hashes of the normalised sign-in mailbox and of each social identity, per reason. Kept after withdrawal (they
 * are not reversible without ACCOUNT_MARKER_SECRET), so a new account of the same person gets no second grant.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('entitlement_marker', (t) => {
    t.string('reason_code', 40).notNullable();
    t.string('person_hash', 64).notNullable();
    t.timestamp('granted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['reason_code', 'person_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('entitlement_marker');
}
