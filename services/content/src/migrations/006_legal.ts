import type { Knex } from 'knex';

/**
 * Terms of service and privacy policy as versioned documents. The current version is the newest published
 * one whose effective date has come (Asia/Seoul); earlier versions stay readable. A section may carry a
 * refund marker: its schedule is composed from the programs service's refund rules for that product.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('legal_document', (t) => {
    t.increments('document_id');
    t.enu('kind', ['terms', 'privacy']).notNullable();
    t.integer('version').notNullable();
    t.string('title', 200).notNullable();
    t.date('effective_date').notNullable();
    t.boolean('published').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['kind', 'version']);
  });
  await knex.raw('alter table legal_document add constraint legal_document_version check (version > 0)');
  await knex.schema.createTable('legal_section', (t) => {
    t.increments('id');
    t.integer('document_id').notNullable().references('document_id').inTable('legal_document').onDelete('CASCADE');
    t.integer('sort_order').notNullable();
    t.string('heading', 200).notNullable();
    t.specificType('paragraphs', 'text[]').notNullable().defaultTo('{}');
    t.integer('refund_product_id');
    t.unique(['document_id', 'sort_order']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('legal_section');
  await knex.schema.dropTable('legal_document');
}
