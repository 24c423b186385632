import type { Knex } from 'knex';

/**
 * Erasure of a withdrawn member's personal data (POST /internal/users/{userId}/erase-personal-data, called by
 * the account service's withdrawal outbox): `application.personal_data_erased_at` says when the answers, the
 * friend requests and the member's own free text of that application were erased. The contract and payment
 * columns stay (see OPERATORS.md "Withdrawn members").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('application', (t) => {
    t.timestamp('personal_data_erased_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('application', (t) => t.dropColumn('personal_data_erased_at'));
}
