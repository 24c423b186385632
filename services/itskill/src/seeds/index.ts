import type { Knex } from 'knex';
import { seedDemoSeasons } from './demo-seasons';
import { seedTrends } from './trends';

/**
 * Demo data only (the open season and its question bank are migration 005's): past example seasons with
 * example results, and one job-posting skill report. Each part inserts only into empty tables.
 */
export async function seed(knex: Knex): Promise<void> {
  await seedDemoSeasons(knex);
  await seedTrends(knex);
}
