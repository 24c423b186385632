import type { Knex } from 'knex';
import { seedNavigation } from './navigation';
import { seedProjects } from './projects';

/** Realistic Korean demo content; each part inserts only into empty tables, so restarts keep edits. */
export async function seed(knex: Knex): Promise<void> {
  await seedNavigation(knex);
  await seedProjects(knex);
}
