import type { Knex } from 'knex';

/**
 * Past projects are published content: the program and cohort names are kept as published, so a later
 * rename in the programs service does not rewrite history (and no SQL crosses schemas).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project', (t) => {
    t.increments('project_id');
    t.string('title', 200).notNullable();
    t.string('summary', 500).notNullable();
    t.text('description').notNullable();
    t.integer('product_id').notNullable();
    t.string('product_name', 100).notNullable();
    t.integer('odd_id').notNullable();
    t.string('cohort_name', 100).notNullable();
    t.string('thumbnail_url', 500).notNullable();
    t.integer('thumbnail_width').notNullable();
    t.integer('thumbnail_height').notNullable();
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    t.boolean('published').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['product_id', 'odd_id']);
  });
  await knex.schema.createTable('project_member', (t) => {
    t.increments('id');
    t.integer('project_id').notNullable().references('project_id').inTable('project').onDelete('CASCADE');
    t.integer('sort_order').notNullable();
    t.string('user_alias', 50).notNullable();
    t.enu('role', ['PLANNER', 'DESIGNER', 'DEVELOPER']).notNullable();
    t.string('position_name', 50).notNullable();
    t.string('profile_id', 50);
  });
  await knex.schema.createTable('project_image', (t) => {
    t.increments('id');
    t.integer('project_id').notNullable().references('project_id').inTable('project').onDelete('CASCADE');
    t.integer('sort_order').notNullable();
    t.string('url', 500).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.string('alt', 200).notNullable();
  });
  await knex.schema.createTable('project_link', (t) => {
    t.increments('id');
    t.integer('project_id').notNullable().references('project_id').inTable('project').onDelete('CASCADE');
    t.integer('sort_order').notNullable();
    t.string('label', 100).notNullable();
    t.string('url', 500).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['project_link', 'project_image', 'project_member', 'project'])
    await knex.schema.dropTable(table);
}
