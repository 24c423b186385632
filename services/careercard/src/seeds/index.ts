import type { Knex } from 'knex';
import { seedCodes } from './codes';
import { seedProfiles } from './profiles';

/** Common codes and demo career cards; each part inserts only into empty tables, so restarts keep edits. */
export async function seed(knex: Knex): Promise<void> {
  await seedCodes(knex);
  await seedProfiles(knex);
}
