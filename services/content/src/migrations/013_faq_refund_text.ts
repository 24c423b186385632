import type { Knex } from 'knex';

/**
 * A refund answer's closing paragraphs: operators write the text above the refund table
 * (`answer`) and below it; the table itself stays composed from the programs service's refund rules.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('faq_entry', (t) => {
    t.specificType('answer_after', 'text[]').notNullable().defaultTo('{}');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('faq_entry', (t) => t.dropColumn('answer_after'));
}
