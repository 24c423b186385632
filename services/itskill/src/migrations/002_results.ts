import type { Knex } from 'knex';

/**
 * One member's run through a survey: the base info of step A, the answers of step B and the scores shown
 * on the result page. The result page is public and shareable, so it is addressed by an unguessable key,
 * never by the serial id. `user_id` belongs to the account service (no cross-schema key).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('checkup_result', (t) => {
    t.increments('result_id');
    t.uuid('share_key').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('survey_id').notNullable().references('survey_id').inTable('survey');
    t.integer('user_id').notNullable();
    t.string('job_group_code', 40).notNullable();
    t.string('year_code', 40).notNullable();
    t.enu('status', ['IN_PROGRESS', 'COMPLETED']).notNullable().defaultTo('IN_PROGRESS');
    t.integer('total_score');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.index(['survey_id', 'status']);
    t.index(['user_id']);
  });
  // A member resumes the run they started instead of opening a second one.
  await knex.raw(
    `create unique index checkup_result_one_in_progress on checkup_result (survey_id, user_id) where status = 'IN_PROGRESS'`,
  );
  await knex.raw(
    `alter table checkup_result add constraint checkup_result_completed check ((status = 'COMPLETED') = (completed_at is not null))`,
  );

  await knex.schema.createTable('checkup_answer', (t) => {
    t.integer('result_id').notNullable().references('result_id').inTable('checkup_result').onDelete('CASCADE');
    t.integer('question_id').notNullable();
    t.integer('option_id').notNullable();
    t.timestamp('answered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['result_id', 'option_id']);
    t.foreign(['option_id', 'question_id']).references(['option_id', 'question_id']).inTable('question_option');
    t.index(['result_id', 'question_id']);
  });

  await knex.schema.createTable('checkup_area_score', (t) => {
    t.integer('result_id').notNullable().references('result_id').inTable('checkup_result').onDelete('CASCADE');
    t.integer('area_id').notNullable().references('area_id').inTable('survey_area');
    t.integer('score').notNullable();
    t.integer('max_score').notNullable();
    // 1 (입문) to 5 (전문가), shown as the level badge.
    t.smallint('level').notNullable();
    t.primary(['result_id', 'area_id']);
  });
  await knex.raw(
    'alter table checkup_area_score add constraint checkup_area_score_range check (score between 0 and max_score and level between 1 and 5)',
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['checkup_area_score', 'checkup_answer', 'checkup_result']) await knex.schema.dropTable(table);
}
