import type { Knex } from 'knex';

/**
 * The member's name, mirrored from the account service like the nickname (`user_alias`): the account sends
 * it when it creates the card and whenever the member changes it. At most 20 characters, the account's own
 * name rule (`userName` in @sq/contracts). Null on cards made before the mirror existed (they show the
 * nickname only) and on retired cards.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile', (t) => {
    t.string('user_name', 20);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile', (t) => t.dropColumn('user_name'));
}
