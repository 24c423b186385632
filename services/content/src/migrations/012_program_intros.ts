import type { Knex } from 'knex';

/**
 * Program intros become content: the lead, hero image, text sections and photos of each program's
 * intro page, one per program, kept with the program's name and slug as published (no SQL across schemas).
 * The fee, team make-up, schedule and refund rules stay the programs service's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('program_intro', (t) => {
    t.increments('intro_id');
    t.integer('product_id').notNullable().unique();
    t.string('product_slug', 40).notNullable().unique();
    t.string('product_name', 100).notNullable();
    t.string('summary', 300).notNullable();
    // { url, width, height, alt } or null.
    t.jsonb('hero');
    // [{ url, width, height, alt }], shown after the text.
    t.jsonb('images').notNullable().defaultTo('[]');
    t.boolean('published').notNullable().defaultTo(true);
  });
  await knex.raw(
    `alter table program_intro add constraint program_intro_product_slug check (product_slug ~ '^[a-z][a-z0-9-]{1,39}$')`,
  );
  await knex.schema.createTable('program_intro_section', (t) => {
    t.increments('id');
    t.integer('intro_id').notNullable().references('intro_id').inTable('program_intro').onDelete('CASCADE');
    t.integer('sort_order').notNullable();
    t.string('heading', 200);
    t.specificType('paragraphs', 'text[]').notNullable();
    t.unique(['intro_id', 'sort_order']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('program_intro_section');
  await knex.schema.dropTable('program_intro');
}
