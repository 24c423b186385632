import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';
import { backfillBanners, seedNavigation } from './navigation';
import { seedProjects } from './projects';
import { seedStories } from './stories';
import { seedFaq } from './faq';
import { seedLegal } from './legal';
import { seedSiteSettings } from './site-settings';
import { seedProgramIntros } from './program-intros';

/** Past projects shown on the main page, in this order. */
const FEATURED_PROJECTS = ['한입레시피', '로컬픽', '모아보기', '마음일기', '스터디로그', '기획서 리뷰 클럽'];

/**
 * The main-page additions, once: when the stories have not been seeded yet (a fresh database, or one kept
 * from before stories existed), feature the demo projects and complete the demo banners.
 */
async function seedMainPage(knex: Knex): Promise<void> {
  if ((await countRows(knex('story'))) > 0) return;
  await backfillBanners(knex);
  if ((await countRows(knex('project').whereNotNull('featured_order'))) > 0) return;
  for (const [order, title] of FEATURED_PROJECTS.entries()) {
    await knex('project')
      .where({ title })
      .whereNull('featured_order')
      .update({ featured_order: order + 1 });
  }
}

/**
 * Reference content, production included: the menu and banners, the programs' intro pages, the FAQ (programs
 * and refund answers), the legal texts and the site settings. Each part inserts only into empty tables, so restarts keep edits.
 */
export async function referenceSeed(knex: Knex): Promise<void> {
  await seedNavigation(knex);
  await seedProgramIntros(knex);
  await seedFaq(knex);
  await seedLegal(knex);
  await seedSiteSettings(knex);
}

/** Demo content, development only: example past projects and stories, featured on the main page. */
export async function seed(knex: Knex): Promise<void> {
  await seedProjects(knex);
  await seedMainPage(knex);
  await seedStories(knex);
}
