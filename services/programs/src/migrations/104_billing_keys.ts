import type { Knex } from 'knex';

/**
 * Billing keys live only as long as they are needed:
 *  - card_page_attempt: every hosted card page the site opened for an application (its issue id and why: the
 *    apply wizard's book step, or a card update after a declined team charge). A key the PG issued for an
 *    attempt that is not the application's current one is recognised as this application's and released.
 *    Applications booked before this migration have no rows; their current issue id stays on the application.
 *  - superseded_billing_key: keys that no longer belong to the application (a replaced card, a superseded
 *    attempt's key), released at the PG by the reservation-release job until it answers.
 *    application.billing_key_released_at keeps saying whether the application's current key is released.
 *  - application.pg_customer_id: the PG customer id the card page was opened with (an HMAC of the member id,
 *    not guessable); null for applications booked before, which used `sq-member-{userId}`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('card_page_attempt', (t) => {
    t.string('issue_id', 100).primary();
    t.integer('join_id').notNullable().references('join_id').inTable('application');
    t.string('purpose', 20).notNullable();
    t.timestamp('opened_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['join_id']);
  });
  await knex.schema.createTable('superseded_billing_key', (t) => {
    t.string('billing_key', 200).primary();
    t.integer('join_id').notNullable().references('join_id').inTable('application');
    t.string('issue_id', 100);
    t.string('card_number', 40);
    t.string('reason', 30).notNullable();
    t.timestamp('superseded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('released_at', { useTz: true });
  });
  await knex.raw(
    'create index superseded_billing_key_unreleased on superseded_billing_key (join_id) where released_at is null',
  );
  await knex.schema.alterTable('application', (t) => {
    t.string('pg_customer_id', 100);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('application', (t) => {
    t.dropColumn('pg_customer_id');
  });
  await knex.schema.dropTable('superseded_billing_key');
  await knex.schema.dropTable('card_page_attempt');
}
