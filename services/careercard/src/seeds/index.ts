import type { Knex } from 'knex';
import { seedCodes } from './codes';
import { seedProfiles } from './profiles';
import { seedDemoApplicantCards } from './demo-applicant-cards';

/** Reference data, production included: the common codes the forms pick from (only into empty tables). */
export async function referenceSeed(knex: Knex): Promise<void> {
  await seedCodes(knex);
}

/** Demo data, development only: example career cards and the demo applicants' (only once, so restarts keep edits). */
export async function seed(knex: Knex): Promise<void> {
  await seedProfiles(knex);
  await seedDemoApplicantCards(knex);
}
