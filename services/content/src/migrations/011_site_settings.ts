import type { Knex } from 'knex';

/**
 * Site settings become content: operators edit the chat channel, social links and company details
 * of the footer. One row; its first values are the configuration's (the reference seed). The site's name
 * stays configuration (ARCHITECTURE).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_setting', (t) => {
    t.increments('setting_id');
    t.string('chat_url', 500).notNullable();
    t.jsonb('social').notNullable();
    t.jsonb('company').notNullable();
    t.boolean('published').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('site_setting');
}
