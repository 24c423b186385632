import type { Knex } from 'knex';
import { BANK_SEASON, QUESTION_BANK, type BankJobGroup } from '../bank/question-bank';

/**
 * Seasons with one question bank per job group, weighted questions, demo rows kept apart from real ones,
 * results attached to applications, and the first real season (product content, so it is a migration:
 * a production start runs no demo seed).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('checkup_job_group', (t) => {
    t.string('code', 40).primary();
    t.string('name', 50).notNullable();
    t.integer('sort_order').notNullable();
  });
  await knex('checkup_job_group').insert(
    QUESTION_BANK.map((g, order) => ({ code: g.code, name: g.name, sort_order: order })),
  );

  await knex.schema.alterTable('survey', (t) => {
    // Seeded example seasons (trends only); never offered to members, never in a percentile.
    t.boolean('is_demo').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('survey_area', (t) => {
    t.text('advice').notNullable().defaultTo('');
  });
  await knex.schema.alterTable('survey_question', (t) => {
    t.smallint('weight').notNullable().defaultTo(1);
  });
  await knex.raw('alter table survey_question add constraint survey_question_weight check (weight between 1 and 3)');
  await knex.schema.alterTable('checkup_result', (t) => {
    t.boolean('is_demo').notNullable().defaultTo(false);
    t.string('position_code', 40);
    t.smallint('level');
    t.index(['survey_id', 'job_group_code', 'year_code']);
  });
  // Rows of the earlier demo seed (user ids from 900,001) are demo rows.
  await knex('checkup_result').where('user_id', '>', 900_000).update({ is_demo: true });

  // A result attached to an application (POST /getMyinfoSkill). joinId is the programs service's; keyed with
  // the member, so attaching to someone else's application only ever files a row under one's own id.
  await knex.schema.createTable('checkup_application', (t) => {
    t.integer('join_id').notNullable();
    t.integer('user_id').notNullable();
    t.integer('result_id').notNullable().references('result_id').inTable('checkup_result').onDelete('CASCADE');
    t.timestamp('attached_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['join_id', 'user_id']);
  });

  // The earlier single survey (one bank for everyone) gives way to the first season with banks per job group.
  await knex('survey').where({ status: 'OPEN' }).update({ status: 'CLOSED', closed_at: knex.fn.now() });
  const [season] = await knex('survey')
    .insert({
      title: BANK_SEASON.title,
      description: BANK_SEASON.description,
      estimated_minutes: BANK_SEASON.estimatedMinutes,
      status: 'OPEN',
      opened_at: knex.fn.now(),
    })
    .returning('survey_id');
  await insertBank(knex, season.survey_id, QUESTION_BANK);
}

/** Writes a bank under a season (also used by the demo seed for its past seasons). */
export async function insertBank(knex: Knex, surveyId: number, bank: BankJobGroup[]): Promise<void> {
  let areaOrder = 0;
  for (const group of bank) {
    for (const area of group.areas) {
      const [row] = await knex('survey_area')
        .insert({
          survey_id: surveyId,
          code: area.code,
          name: area.name,
          description: area.description,
          advice: area.advice,
          job_group_code: group.code,
          sort_order: areaOrder++,
        })
        .returning('area_id');
      for (const [questionOrder, [body, weight, options]] of area.questions.entries()) {
        const [question] = await knex('survey_question')
          .insert({ area_id: row.area_id, sort_order: questionOrder, body, weight })
          .returning('question_id');
        await knex('question_option').insert(
          options.map((label, order) => ({
            question_id: question.question_id,
            sort_order: order,
            label,
            score: order + 1,
          })),
        );
      }
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('checkup_application');
  await knex.schema.alterTable('checkup_result', (t) => {
    t.dropIndex(['survey_id', 'job_group_code', 'year_code']);
    t.dropColumns('is_demo', 'position_code', 'level');
  });
  await knex.raw('alter table survey_question drop constraint survey_question_weight');
  await knex.schema.alterTable('survey_question', (t) => t.dropColumn('weight'));
  await knex.schema.alterTable('survey_area', (t) => t.dropColumn('advice'));
  await knex.schema.alterTable('survey', (t) => t.dropColumn('is_demo'));
  await knex.schema.dropTable('checkup_job_group');
}
