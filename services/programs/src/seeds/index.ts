import type { Knex } from 'knex';
import { seedProducts } from './products';
import { seedCohorts } from './cohorts';
import { seedRefundRules } from './refund-rules';

/** The four demo products with their cohorts and refund rules; only into an empty catalogue, so restarts keep edits. */
export async function seed(knex: Knex): Promise<void> {
  if (!(await seedProducts(knex))) return;
  await seedCohorts(knex);
  await seedRefundRules(knex);
}
