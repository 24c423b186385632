import type { Knex } from 'knex';

/**
 * The daily reconciliation with the PG and the exceptions queue operators work through (OPERATORS.md,
 * "Reconciliation and the exceptions queue"):
 *  - reconciliation_run: one row per run, its window and figures (what matched, each mismatch by kind). At most one
 *    run is RUNNING at a time (the partial unique index), whichever instance or operator starts it.
 *  - money_exception: what did not match or stays owed, one open row per subject (`subject_key`, the partial unique
 *    index: the kind and the payment, cancellation, refund or key it is about), so a second run over the same window
 *    opens nothing new. Closed by an operator's action (with its reason) or by a later run that finds it matched.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reconciliation_run', (t) => {
    t.bigIncrements('run_id');
    t.timestamp('window_from', { useTz: true }).notNullable();
    t.timestamp('window_until', { useTz: true }).notNullable();
    t.string('status', 20).notNullable().defaultTo('RUNNING');
    // SCHEDULE (the cron job) or OPERATOR (run now); actor_user_id: the operator.
    t.string('trigger', 20).notNullable();
    t.integer('actor_user_id');
    t.integer('pg_payments').notNullable().defaultTo(0);
    t.integer('pg_billing_keys').notNullable().defaultTo(0);
    t.integer('matched_count').notNullable().defaultTo(0);
    t.bigInteger('matched_krw').notNullable().defaultTo(0);
    t.bigInteger('matched_refund_krw').notNullable().defaultTo(0);
    // { [kind]: { count, amountKrw } } of every mismatch the run found, new or still open.
    t.jsonb('mismatches').notNullable().defaultTo('{}');
    t.integer('opened_count').notNullable().defaultTo(0);
    t.integer('resolved_count').notNullable().defaultTo(0);
    t.string('error', 500);
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['started_at']);
  });
  await knex.raw(
    `alter table reconciliation_run add constraint reconciliation_run_status check (status in ('RUNNING', 'DONE', 'FAILED'))`,
  );
  await knex.raw(
    `create unique index reconciliation_one_running on reconciliation_run (status) where status = 'RUNNING'`,
  );

  await knex.schema.createTable('money_exception', (t) => {
    t.bigIncrements('exception_id');
    t.string('kind', 40).notNullable();
    t.string('subject_key', 300).notNullable();
    t.string('payment_id', 100);
    t.integer('join_id');
    t.integer('refund_id');
    t.string('billing_key', 200);
    t.integer('amount_krw').notNullable().defaultTo(0);
    t.string('detail', 500).notNullable();
    t.bigInteger('opened_run_id');
    t.bigInteger('last_run_id');
    t.timestamp('opened_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // RESOLVED (a later check found it matched), BOOKED (the PG's record booked), RETRIED (settled by a retry), CLOSED (an operator's reason).
    t.string('resolution', 20);
    t.string('close_reason', 500);
    t.integer('closed_by');
    t.timestamp('closed_at', { useTz: true });
  });
  await knex.raw(
    `alter table money_exception add constraint money_exception_kind check (kind in ('PAID_AT_PG_NOT_BOOKED', 'BOOKED_NOT_AT_PG', 'AMOUNT_DIFFERS', 'REFUND_OWED_UNPAID', 'KEY_ISSUED_UNHELD', 'CHARGE_PENDING_TOO_LONG'))`,
  );
  await knex.raw(
    `alter table money_exception add constraint money_exception_resolution check (resolution is null or resolution in ('RESOLVED', 'BOOKED', 'RETRIED', 'CLOSED'))`,
  );
  await knex.raw(
    'alter table money_exception add constraint money_exception_closed check ((closed_at is null) = (resolution is null))',
  );
  await knex.raw(
    'create unique index money_exception_open_once on money_exception (subject_key) where closed_at is null',
  );
  await knex.raw('create index money_exception_open on money_exception (opened_at) where closed_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('money_exception');
  await knex.schema.dropTable('reconciliation_run');
}
