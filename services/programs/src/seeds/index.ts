import type { Knex } from 'knex';
import { seedProducts } from './products';
import { seedCohorts } from './cohorts';
import { seedRefundRules } from './refund-rules';
import { seedApplications } from './applications';

/** The four demo products with their cohorts, refund rules and demo applications; only into an empty catalogue, so restarts keep edits. */
export async function seed(knex: Knex): Promise<void> {
  if (!(await seedProducts(knex))) return;
  await seedCohorts(knex);
  await seedRefundRules(knex);
  await seedApplications(knex);
}
