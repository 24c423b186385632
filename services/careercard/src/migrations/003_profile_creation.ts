import type { Knex } from 'knex';

/**
 * The account service creates a card at sign-up (a saga step). `creation_key` is the caller's idempotency
 * key: a retried create answers the same card, and the compensating delete removes only the card that key
 * created. `retired_at` marks the card of a withdrawn member: anonymised and private, its ID kept taken.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile', (t) => {
    t.string('creation_key', 100).unique();
    t.timestamp('retired_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile', (t) => {
    t.dropColumns('creation_key', 'retired_at');
  });
}
