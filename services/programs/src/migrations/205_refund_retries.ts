import type { Knex } from 'knex';

/**
 * A refund the PG refuses stays owed (src/payments/refunds.ts): the movement stays REQUESTED and the repair job asks
 * again on a backoff schedule (REFUND_RETRY_SCHEDULE_MINUTES), for days, never voiding its case. Each movement keeps
 * how many refused attempts it had, when the last was, when the next is due and the PG's last words.
 *
 * Movements a refusal had already closed (FAILED, their case voided and not applied again since) are owed all the
 * same: the latest of each payment is reopened (REQUESTED, due now) and its case counts again, so the repair job
 * pays it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refund', (t) => {
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('last_attempt_at', { useTz: true });
    t.timestamp('next_attempt_at', { useTz: true });
    t.string('last_error', 300);
  });
  await knex.raw(`
    with reopened as (
      update refund r set status = 'REQUESTED', attempts = 1
      from refund_entitlement e
      where r.status = 'FAILED' and r.entitlement_id = e.entitlement_id and e.voided_at is not null
        and e.entitlement_id = (select max(v.entitlement_id) from refund_entitlement v where v.join_id = e.join_id and v.case_key = e.case_key)
        and not exists (select 1 from refund_entitlement a where a.join_id = e.join_id and a.case_key = e.case_key and a.voided_at is null)
        and not exists (select 1 from refund q where q.payment_id = r.payment_id and q.status = 'REQUESTED')
        and r.refund_id = (select max(f.refund_id) from refund f where f.payment_id = r.payment_id and f.status = 'FAILED')
      returning r.entitlement_id)
    update refund_entitlement set voided_at = null where entitlement_id in (select entitlement_id from reopened)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refund', (t) => {
    for (const column of ['attempts', 'last_attempt_at', 'next_attempt_at', 'last_error']) t.dropColumn(column);
  });
}
