import type { Knex } from 'knex';

/**
 * The refund ledger. A refund case applied to an application is an entitlement: the total the
 * member is owed out of the payment under that case, written once per application and case (the partial
 * unique index), in the same transaction as the refund movement it causes. Refund entitlements do not
 * stack: the member is owed the largest entitlement applied, and every movement (refund row) counts toward it.
 *  - refund_entitlement.case_key: the case, with the reward kind for rewards (REWARD:COMPLETION, ...).
 *  - voided_at: the PG refused the refund the case caused, so the case counts as not applied and can be
 *    applied again.
 *  - refund.entitlement_id: the case behind a movement (null for a cancellation made at the PG's console).
 * Refunds made before the ledger become entitlements of what they paid, so nothing is applied twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('refund_entitlement', (t) => {
    t.increments('entitlement_id');
    t.integer('join_id').notNullable().references('join_id').inTable('application');
    t.string('payment_id', 100).notNullable().references('payment_id').inTable('payment');
    t.string('case_key', 40).notNullable();
    t.string('refund_case', 30).notNullable();
    t.integer('entitlement_krw').notNullable();
    t.string('phase', 200);
    t.string('actor', 20).notNullable();
    t.integer('actor_user_id');
    t.string('reason', 300);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('voided_at', { useTz: true });
    t.index(['join_id']);
  });
  await knex.raw(
    'alter table refund_entitlement add constraint refund_entitlement_amount check (entitlement_krw >= 0)',
  );
  await knex.raw(
    'create unique index refund_entitlement_once on refund_entitlement (join_id, case_key) where voided_at is null',
  );
  await knex.schema.alterTable('refund', (t) => {
    t.integer('entitlement_id').references('entitlement_id').inTable('refund_entitlement');
  });
  await knex.raw(`
    insert into refund_entitlement (join_id, payment_id, case_key, refund_case, entitlement_krw, actor, reason, created_at)
    select join_id, min(payment_id), refund_case, refund_case, sum(amount_krw), 'SYSTEM', '원장 도입 전 환불', min(created_at)
    from refund where status in ('REQUESTED', 'SUCCEEDED') and refund_case <> 'PG_DIRECT'
    group by join_id, refund_case`);
  await knex.raw(`
    update refund r set entitlement_id = e.entitlement_id
    from refund_entitlement e where e.join_id = r.join_id and e.case_key = r.refund_case and r.status in ('REQUESTED', 'SUCCEEDED')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refund', (t) => t.dropColumn('entitlement_id'));
  await knex.schema.dropTable('refund_entitlement');
}
