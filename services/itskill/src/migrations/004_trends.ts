import type { Knex } from 'knex';

/** IT skill trends: a monthly report ranking the skills most asked for in each area. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trend_report', (t) => {
    t.increments('report_id');
    t.string('title', 200).notNullable();
    // First day of the month the report covers.
    t.date('period_month').notNullable().unique();
    t.text('summary').notNullable();
    t.timestamp('published_at', { useTz: true });
  });
  await knex.schema.createTable('trend_skill', (t) => {
    t.increments('id');
    t.integer('report_id').notNullable().references('report_id').inTable('trend_report').onDelete('CASCADE');
    t.string('area_code', 20).notNullable();
    t.string('skill_name', 50).notNullable();
    t.integer('rank').notNullable();
    // Share of job postings in the area that ask for the skill.
    t.decimal('share_percent', 5, 2).notNullable();
    // Places gained (+) or lost (-) since the previous report; null for a newcomer.
    t.integer('rank_change');
    t.unique(['report_id', 'area_code', 'skill_name']);
    t.unique(['report_id', 'area_code', 'rank']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('trend_skill');
  await knex.schema.dropTable('trend_report');
}
