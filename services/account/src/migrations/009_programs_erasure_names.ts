import type { Knex } from 'knex';

/**
 * What programs needs to take the withdrawn member's name out of OTHER members' records (see 008): the
 * nickname and career card ID the member had, written in the withdrawal's transaction before the account
 * overwrites them, and sent in the erasure request. Null for rows 008 queued for earlier withdrawals (their
 * old names are gone: programs has nothing to replace) and for a member without a career card.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('programs_erasure', (t) => {
    t.string('nickname', 30);
    t.string('career_card_id', 30);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('programs_erasure', (t) => {
    t.dropColumn('nickname');
    t.dropColumn('career_card_id');
  });
}
