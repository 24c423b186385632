import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';
import { seedProducts } from './products';
import { seedCohorts } from './cohorts';
import { seedRefundRules } from './refund-rules';
import { seedApplications } from './applications';

/** Reference data, production included: the four products and their refund rules; only into an empty catalogue. */
export async function referenceSeed(knex: Knex): Promise<void> {
  if (await seedProducts(knex)) await seedRefundRules(knex);
}

/**
 * Demo data, development only: cohorts on the demo calendar and example applicants; only when there are no
 * cohorts yet, so restarts keep edits (production's cohorts are the operators').
 */
export async function seed(knex: Knex): Promise<void> {
  if ((await countRows(knex('cohort'))) > 0) return;
  await seedCohorts(knex);
  await seedApplications(knex);
}
