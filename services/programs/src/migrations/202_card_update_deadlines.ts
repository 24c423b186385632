import type { Knex } from 'knex';

/**
 * A card-update deadline stays open until the member is charged or it passes (every decline within the
 * first decline's deadline lets the member try another card, and the waitlist stays until then). The deadline job
 * used to resolve a deadline as CARD_UPDATED before the new card was charged; a member whose new card was declined
 * too was left without a card page, their seat never freed. Those deadlines are open again (the same deadline_at:
 * past ones expire on the job's next run and free the seat); nothing resolves as CARD_UPDATED any more.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('charge_deadline')
    .where({ outcome: 'CARD_UPDATED' })
    .whereIn('join_id', knex('application').whereIn('status', ['PAYMENT_FAILED', 'RESERVED']).select('join_id'))
    .update({ resolved_at: null, outcome: null });
}

export async function down(): Promise<void> {
  // Nothing to undo: the reopened deadlines are resolved by the job as any other.
}
