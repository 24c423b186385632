import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('gnb_menu', (t) => {
    t.increments('id');
    t.integer('sort_order').notNullable();
    t.enu('type', ['MAIN', 'OUTLINK', 'SUB', 'SEPARATOR']).notNullable();
    t.string('title', 100).notNullable().defaultTo('');
    t.string('url', 500).notNullable().defaultTo('');
    t.boolean('clickable').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('gnb_submenu', (t) => {
    t.increments('id');
    t.integer('menu_id').notNullable().references('id').inTable('gnb_menu').onDelete('CASCADE');
    t.integer('sort_order').notNullable();
    t.string('sub_title', 100).notNullable();
    t.string('url', 500).notNullable();
    t.string('badge_path', 500);
  });
  await knex.schema.createTable('banner', (t) => {
    t.increments('id');
    t.enu('placement', ['gnb', 'main']).notNullable();
    t.integer('sort_order').notNullable();
    t.string('url', 500).notNullable();
    t.string('pc_img_url', 500).notNullable();
    t.string('mo_img_url', 500).notNullable();
    t.boolean('pc_displayable').notNullable().defaultTo(true);
    t.boolean('mo_displayable').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('banner');
  await knex.schema.dropTable('gnb_submenu');
  await knex.schema.dropTable('gnb_menu');
}
