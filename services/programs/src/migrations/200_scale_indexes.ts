import type { Knex } from 'knex';

/**
 * Indexes the data-at-scale bench (e2e/bench/scale.ts: 5,000,000 applications) showed missing:
 *  - refund (payment_id): a member's application detail sums the refunds of its payment (payments/ledger.ts
 *    ledgerLine); without it every detail read scanned the whole refund table.
 *  - application (odd_id, status, role): the public applicant counts per role of a cohort (countByRole) and the
 *    console's applicant list filter a cohort's applications by state and role; with all three columns in the
 *    index the counts are read from the index alone.
 * Built CONCURRENTLY (outside a transaction) so a deployment with millions of rows keeps taking applications.
 */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index concurrently if not exists refund_payment on refund (payment_id)');
  await knex.raw(
    'create index concurrently if not exists application_cohort_status_role on application (odd_id, status, role)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index concurrently if exists application_cohort_status_role');
  await knex.raw('drop index concurrently if exists refund_payment');
}
