import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { CheckupIntro } from '@sq/contracts';
import { countRows } from '@sq/service-kit';

export function createSurveyRepository(knex: Knex) {
  return {
    /** The open survey as the intro page shows it; null when no check-up is open. */
    async openIntro(): Promise<CheckupIntro | null> {
      const survey = await knex('survey').where({ status: 'OPEN' }).first();
      if (!survey) return null;
      const areas = await knex('survey_area').where({ survey_id: survey.survey_id }).orderBy('sort_order');
      const [questionCount, participantCount] = await Promise.all([
        countRows(knex('survey_question as q').join('survey_area as a', 'a.area_id', 'q.area_id').where('a.survey_id', survey.survey_id)),
        // People, not runs: a member who retakes the check-up is counted once.
        knex('checkup_result')
          .where({ survey_id: survey.survey_id, status: 'COMPLETED' })
          .countDistinct<{ count: string }[]>({ count: 'user_id' })
          .first()
          .then((row) => Number(row?.count ?? 0)),
      ]);
      return {
        surveyId: survey.survey_id,
        title: survey.title,
        description: survey.description,
        questionCount,
        estimatedMinutes: survey.estimated_minutes,
        participantCount,
        areas: areas.map((a) => ({ code: a.code, name: a.name, description: a.description })),
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    surveyRepository: ReturnType<typeof createSurveyRepository>;
  }
}

export default fp(async (app) => {
  app.decorate('surveyRepository', createSurveyRepository(app.knex));
}, { name: 'survey-repository', dependencies: ['knex'] });
