import type { Knex } from 'knex';

/**
 * Common codes: small lists the screens pick from (job groups, positions, career years). Codes are unique
 * across groups so other tables can reference them with a plain foreign key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('code_group', (t) => {
    t.string('group_id', 40).primary();
    t.string('name', 100).notNullable();
    t.string('description', 300).notNullable().defaultTo('');
  });
  await knex.schema.createTable('code_detail', (t) => {
    t.string('code', 40).primary();
    t.string('group_id', 40).notNullable().references('group_id').inTable('code_group').onDelete('CASCADE');
    // A position belongs to a job group; null for top-level codes.
    t.string('parent_code', 40).references('code').inTable('code_detail');
    t.string('name', 100).notNullable();
    t.integer('sort_order').notNullable();
    // Retired codes stay for old profiles but are no longer offered.
    t.boolean('in_use').notNullable().defaultTo(true);
    t.index(['group_id', 'sort_order']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('code_detail');
  await knex.schema.dropTable('code_group');
}
