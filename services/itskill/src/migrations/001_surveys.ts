import type { Knex } from 'knex';

/** A check-up survey: areas (기획, 디자인, ...), their questions and each question's scored options. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('survey', (t) => {
    t.increments('survey_id');
    t.string('title', 200).notNullable();
    t.text('description').notNullable();
    t.integer('estimated_minutes').notNullable();
    t.enu('status', ['DRAFT', 'OPEN', 'CLOSED']).notNullable().defaultTo('DRAFT');
    t.timestamp('opened_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The intro page shows "the" check-up: at most one survey is open at a time.
  await knex.raw(`create unique index survey_one_open on survey (status) where status = 'OPEN'`);

  await knex.schema.createTable('survey_area', (t) => {
    t.increments('area_id');
    t.integer('survey_id').notNullable().references('survey_id').inTable('survey').onDelete('CASCADE');
    t.string('code', 20).notNullable();
    t.string('name', 50).notNullable();
    t.string('description', 300).notNullable();
    // The careercard job group whose members are offered this area first; null for everyone.
    t.string('job_group_code', 40);
    t.integer('sort_order').notNullable();
    t.unique(['survey_id', 'code']);
  });

  await knex.schema.createTable('survey_question', (t) => {
    t.increments('question_id');
    t.integer('area_id').notNullable().references('area_id').inTable('survey_area').onDelete('CASCADE');
    t.integer('sort_order').notNullable();
    t.text('body').notNullable();
    t.enu('kind', ['SINGLE', 'MULTIPLE']).notNullable().defaultTo('SINGLE');
    t.index(['area_id', 'sort_order']);
  });

  await knex.schema.createTable('question_option', (t) => {
    t.increments('option_id');
    t.integer('question_id').notNullable().references('question_id').inTable('survey_question').onDelete('CASCADE');
    t.integer('sort_order').notNullable();
    t.string('label', 300).notNullable();
    t.integer('score').notNullable();
    // Lets an answer's foreign key prove that the chosen option belongs to the answered question.
    t.unique(['option_id', 'question_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['question_option', 'survey_question', 'survey_area', 'survey'])
    await knex.schema.dropTable(table);
}
