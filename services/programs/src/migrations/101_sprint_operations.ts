import type { Knex } from 'knex';

/**
 * Sprint operations: daily check-ins (one per member and Korean day), the misses the 22:00 job
 * records, the team's final submission, the operators' rubric scores and the published results (prizes).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('checkin', (t) => {
    t.integer('join_id').notNullable().references('join_id').inTable('application');
    t.date('day').notNullable();
    t.timestamp('checked_at', { useTz: true }).notNullable();
    t.primary(['join_id', 'day']);
  });
  await knex.schema.createTable('checkin_miss', (t) => {
    t.integer('join_id').notNullable().references('join_id').inTable('application');
    t.date('day').notNullable();
    t.primary(['join_id', 'day']);
  });
  await knex.schema.createTable('team_submission', (t) => {
    t.integer('team_id').primary().references('team_id').inTable('team');
    t.string('project_name', 100).notNullable();
    t.text('description').notNullable();
    t.string('repository_url', 500).notNullable();
    t.string('demo_url', 500);
    t.jsonb('images').notNullable().defaultTo('[]');
    t.integer('submitted_by').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('team_score', (t) => {
    t.integer('team_id').primary().references('team_id').inTable('team');
    t.jsonb('scores').notNullable();
    t.integer('total').notNullable();
    t.text('feedback').notNullable();
    t.integer('judged_by').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('cohort_result', (t) => {
    t.integer('odd_id').primary().references('odd_id').inTable('cohort');
    t.integer('winner_team_id').notNullable().references('team_id').inTable('team');
    t.jsonb('prizes').notNullable();
    t.integer('published_by').notNullable();
    t.timestamp('published_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['cohort_result', 'team_score', 'team_submission', 'checkin_miss', 'checkin'])
    await knex.schema.dropTable(table);
}
