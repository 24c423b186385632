import type { Knex } from 'knex';
import { seedCodes } from './codes';
import { seedProfiles } from './profiles';

/** Reference data, production included: the common codes the forms pick from (only into empty tables). */
export async function referenceSeed(knex: Knex): Promise<void> {
  await seedCodes(knex);
}

/** Demo data, development only: example career cards (only into empty tables, so restarts keep edits). */
export async function seed(knex: Knex): Promise<void> {
  await seedProfiles(knex);
}
