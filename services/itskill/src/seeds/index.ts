import type { Knex } from 'knex';
import { seedSurvey } from './survey';
import { seedResults } from './results';
import { seedTrends } from './trends';

/** The open check-up with demo results, and one trend report; each part inserts only into empty tables. */
export async function seed(knex: Knex): Promise<void> {
  const surveyId = await seedSurvey(knex);
  if (surveyId !== null) await seedResults(knex, surveyId);
  await seedTrends(knex);
}
