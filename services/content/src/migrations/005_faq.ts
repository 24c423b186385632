import type { Knex } from 'knex';

/**
 * FAQ categories (one per program plus a general one) and their entries. A REFUND entry carries no
 * schedule of its own: its answer is composed from the programs service's refund rules for `product_id`
 * (optionally only some cases), so the FAQ, the terms and the payment engine read the same rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('faq_category', (t) => {
    t.increments('category_id');
    t.string('slug', 40).notNullable().unique();
    t.string('name', 100).notNullable();
    t.integer('product_id');
    t.integer('sort_order').notNullable();
  });
  await knex.raw(`alter table faq_category add constraint faq_category_slug check (slug ~ '^[a-z][a-z0-9-]{1,39}$')`);
  await knex.schema.createTable('faq_entry', (t) => {
    t.increments('entry_id');
    t.integer('category_id').notNullable().references('category_id').inTable('faq_category').onDelete('CASCADE');
    t.integer('sort_order').notNullable();
    t.string('question', 300).notNullable();
    // Paragraphs of the answer; for REFUND entries the introduction before the composed schedule.
    t.specificType('answer', 'text[]').notNullable().defaultTo('{}');
    t.enu('kind', ['TEXT', 'REFUND']).notNullable().defaultTo('TEXT');
    // The program the entry is about: REFUND entries need it; TEXT entries with placeholders use its facts.
    t.integer('product_id');
    // REFUND entries: which refund cases to show (null: all of the product's rules).
    t.specificType('refund_cases', 'text[]');
    t.boolean('published').notNullable().defaultTo(true);
    t.unique(['category_id', 'sort_order']);
  });
  await knex.raw(`alter table faq_entry add constraint faq_entry_refund check (
    (kind = 'TEXT' or product_id is not null)
    and (kind = 'REFUND' or refund_cases is null)
    and (kind = 'REFUND' or cardinality(answer) > 0))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('faq_entry');
  await knex.schema.dropTable('faq_category');
}
