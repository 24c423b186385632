import type { Knex } from 'knex';
import { seedDemoSeasons } from './demo-seasons';
import { seedTrends } from './trends';
import { seedDemoApplicantResults } from './demo-applicants';

/**
 * Demo data only (the open season and its question bank are migration 005's): past example seasons with
 * example results, one job-posting skill report, and the demo applicants' results. Each part inserts only once.
 */
export async function seed(knex: Knex): Promise<void> {
  await seedDemoSeasons(knex);
  await seedTrends(knex);
  await seedDemoApplicantResults(knex);
}
