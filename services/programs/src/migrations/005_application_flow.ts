import type { Knex } from 'knex';
import { APPLICATION_STATES, LIVE_STATES } from '@sq/contracts/api/applications';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The application flow: the wizard's answers and step, the payment columns, the history of every state
 * change, payments and refunds as the PG recorded them, and the webhook ids already taken in.
 *  - product.charge_policy: when a product's fee is charged, as data (ON_TEAM_PUBLISH: reserved at
 *    application and charged when the team is published; AT_PURCHASE: charged at once).
 *  - application.status follows APPLICATION_STATES (@sq/contracts/api/applications); one live application
 *    per member and cohort (partial unique index over LIVE_STATES).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product', (t) => {
    t.string('charge_policy', 20).notNullable().defaultTo('AT_PURCHASE');
  });
  await knex.raw(
    `alter table product add constraint product_charge_policy check (charge_policy in ('ON_TEAM_PUBLISH', 'AT_PURCHASE'))`,
  );
  // Programs that build teams reserve first; the rest charge at purchase.
  await knex('product').whereIn('kind', ['TEAM_PROJECT', 'SPRINT']).update({ charge_policy: 'ON_TEAM_PUBLISH' });

  await knex.raw('drop index application_one_live_per_cohort');
  await knex.raw('alter table application drop constraint if exists application_status_check');
  await knex.raw('alter table application drop constraint if exists application_role_check');
  await knex.schema.alterTable('application', (t) => {
    t.string('status', 30).notNullable().defaultTo('DRAFT').alter();
    // Chosen at the required step; a fresh draft has none yet.
    t.string('role', 20).nullable().alter();
    t.jsonb('answers').notNullable().defaultTo('{}');
    t.string('current_step', 20).notNullable().defaultTo('required');
    t.integer('fee_krw');
    t.timestamp('submitted_at', { useTz: true });
    // The billing-key issue (hosted card page) of the current attempt; bound to this application.
    t.string('issue_id', 100).unique();
    t.integer('issue_attempt').notNullable().defaultTo(0);
    t.string('billing_key', 200);
    t.string('card_number', 40);
    t.timestamp('reserved_at', { useTz: true });
    // Set when the PG confirmed the billing key is deleted (reservation released).
    t.timestamp('billing_key_released_at', { useTz: true });
    t.integer('charge_attempt').notNullable().defaultTo(0);
    t.jsonb('last_failure');
    t.index(['status']);
  });
  await knex.raw(
    `alter table application add constraint application_status_check check (status in (${list(APPLICATION_STATES)}))`,
  );
  await knex.raw(
    `alter table application add constraint application_role_check check (role is null or role in ('PLANNER', 'DESIGNER', 'DEVELOPER'))`,
  );
  await knex.raw(
    `create unique index application_one_live_per_cohort on application (odd_id, user_id) where status in (${list(LIVE_STATES)})`,
  );

  await knex.schema.createTable('application_history', (t) => {
    t.bigIncrements('history_id');
    t.integer('join_id').notNullable().references('join_id').inTable('application').onDelete('CASCADE');
    t.string('from_status', 30);
    t.string('to_status', 30).notNullable();
    t.string('actor', 20).notNullable();
    t.integer('actor_user_id');
    t.string('reason', 500);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['join_id', 'history_id']);
  });

  // One row per charge attempt; payment_id is the PG's idempotency key (sq-{joinId}-charge[-n]).
  await knex.schema.createTable('payment', (t) => {
    t.string('payment_id', 100).primary();
    t.integer('join_id').notNullable().references('join_id').inTable('application');
    t.string('billing_key', 200).notNullable();
    t.integer('amount_krw').notNullable();
    t.string('currency', 3).notNullable().defaultTo('KRW');
    // PENDING: asked (or about to ask) the PG; the repair job settles it from the PG's record.
    t.string('status', 20).notNullable().defaultTo('PENDING');
    t.string('pg_tx_id', 200);
    t.timestamp('paid_at', { useTz: true });
    t.integer('cancelled_krw').notNullable().defaultTo(0);
    t.string('failure_reason', 500);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['join_id']);
    t.index(['status', 'created_at']);
  });
  await knex.raw(
    `alter table payment add constraint payment_status check (status in ('PENDING', 'PAID', 'FAILED', 'PARTIAL_CANCELLED', 'CANCELLED'))`,
  );
  await knex.raw(
    'alter table payment add constraint payment_amounts check (amount_krw > 0 and cancelled_krw between 0 and amount_krw)',
  );

  // Refunds (PG cancellations). REQUESTED is written before the PG is asked, so a crash is repaired.
  await knex.schema.createTable('refund', (t) => {
    t.increments('refund_id');
    t.string('payment_id', 100).notNullable().references('payment_id').inTable('payment');
    t.integer('join_id').notNullable().references('join_id').inTable('application');
    t.string('refund_case', 30).notNullable();
    t.integer('amount_krw').notNullable();
    t.string('reason', 300).notNullable();
    t.string('status', 20).notNullable().defaultTo('REQUESTED');
    // The application state once the refund is done (REFUNDED, PARTIALLY_REFUNDED, CANCELLED, or unchanged for rewards).
    t.string('target_status', 30);
    t.string('actor', 20).notNullable();
    t.integer('actor_user_id');
    t.string('pg_cancellation_id', 200);
    t.timestamp('cancelled_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table refund add constraint refund_status check (status in ('REQUESTED', 'SUCCEEDED', 'FAILED'))`,
  );
  await knex.raw('alter table refund add constraint refund_amount check (amount_krw > 0)');
  // At most one refund in flight per payment: concurrent cancels cannot both reach the PG.
  await knex.raw(`create unique index refund_one_in_flight on refund (payment_id) where status = 'REQUESTED'`);

  // What the payment timeline shows (reserved, released, charged, failed, refunded), written with each change.
  await knex.schema.createTable('payment_event', (t) => {
    t.bigIncrements('event_id');
    t.integer('join_id').notNullable().references('join_id').inTable('application').onDelete('CASCADE');
    t.string('type', 20).notNullable();
    t.integer('amount_krw').notNullable().defaultTo(0);
    t.string('note', 500);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['join_id', 'event_id']);
  });

  // Standard Webhooks ids taken in (deduplication) with their body, processed by the job queue.
  await knex.schema.createTable('processed_webhook', (t) => {
    t.string('webhook_id', 200).primary();
    t.string('type', 60).notNullable();
    t.jsonb('body').notNullable();
    t.string('outcome', 40);
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('processed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['processed_webhook', 'payment_event', 'refund', 'payment', 'application_history'])
    await knex.schema.dropTable(table);
  await knex.raw('drop index application_one_live_per_cohort');
  await knex.schema.alterTable('application', (t) => {
    for (const column of [
      'answers',
      'current_step',
      'fee_krw',
      'submitted_at',
      'issue_id',
      'issue_attempt',
      'billing_key',
      'card_number',
      'reserved_at',
      'billing_key_released_at',
      'charge_attempt',
      'last_failure',
    ])
      t.dropColumn(column);
  });
  await knex.schema.alterTable('product', (t) => t.dropColumn('charge_policy'));
}
