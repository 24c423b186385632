import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';
import { readContentConfig } from '../config';

/** The footer's chat channel, social links and company details start as the configuration's values; operators edit them from then on. */
export async function seedSiteSettings(knex: Knex): Promise<void> {
  if ((await countRows(knex('site_setting'))) > 0) return;
  const { chatUrl, social, company } = readContentConfig().site;
  await knex('site_setting').insert({
    chat_url: chatUrl,
    social: JSON.stringify(social),
    company: JSON.stringify(company),
  });
}
