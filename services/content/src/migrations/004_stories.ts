import type { Knex } from 'knex';

/**
 * Stories (참가 후기) are published content, like past projects: the program's name and slug and the cohort
 * name are kept as published (the slug drives the call-to-action), so no SQL crosses schemas.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('story', (t) => {
    t.increments('story_id');
    t.string('title', 200).notNullable();
    t.string('summary', 500).notNullable();
    t.integer('product_id').notNullable();
    t.string('product_slug', 40).notNullable();
    t.string('product_name', 100).notNullable();
    t.integer('odd_id');
    t.string('cohort_name', 100).notNullable();
    t.string('author_alias', 50).notNullable();
    t.enu('author_role', ['PLANNER', 'DESIGNER', 'DEVELOPER']).notNullable();
    t.string('author_position', 50).notNullable();
    t.string('profile_id', 50);
    t.string('cover_url', 500).notNullable();
    t.integer('cover_width').notNullable();
    t.integer('cover_height').notNullable();
    t.date('published_date').notNullable();
    t.boolean('published').notNullable().defaultTo(true);
    // Null: not featured; otherwise the position on the main page.
    t.integer('featured_order');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['published_date', 'story_id']);
    t.index(['product_id']);
  });
  await knex.raw(`alter table story add constraint story_cover_size check (cover_width > 0 and cover_height > 0)`);
  await knex.raw(`alter table story add constraint story_product_slug check (product_slug ~ '^[a-z][a-z0-9-]{1,39}$')`);
  await knex.schema.createTable('story_section', (t) => {
    t.increments('id');
    t.integer('story_id').notNullable().references('story_id').inTable('story').onDelete('CASCADE');
    t.integer('sort_order').notNullable();
    t.string('heading', 200);
    t.specificType('paragraphs', 'text[]').notNullable();
    t.unique(['story_id', 'sort_order']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('story_section');
  await knex.schema.dropTable('story');
}
