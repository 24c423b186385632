import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { SharedCheckupResult } from '@sq/contracts';

export function createResultRepository(knex: Knex) {
  return {
    /** A completed result by its share key; who took it is never part of the answer. */
    async findShared(shareKey: string): Promise<SharedCheckupResult | null> {
      const result = await knex('checkup_result as r')
        .join('survey as s', 's.survey_id', 'r.survey_id')
        .where('r.share_key', shareKey)
        .whereNotNull('r.completed_at')
        .first(
          'r.result_id',
          's.title',
          'r.total_score',
          knex.raw(`to_char(r.completed_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as completed_date`),
        );
      if (!result) return null;
      const areas = await knex('checkup_area_score as a')
        .join('survey_area as sa', 'sa.area_id', 'a.area_id')
        .where('a.result_id', result.result_id)
        .orderBy('sa.sort_order')
        .select('sa.code', 'sa.name', 'a.score', 'a.max_score', 'a.level');
      return {
        shareKey,
        surveyTitle: result.title,
        completedDate: result.completed_date,
        totalScore: result.total_score,
        areas: areas.map((a) => ({ code: a.code, name: a.name, score: a.score, maxScore: a.max_score, level: a.level })),
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    resultRepository: ReturnType<typeof createResultRepository>;
  }
}

export default fp(async (app) => {
  app.decorate('resultRepository', createResultRepository(app.knex));
}, { name: 'result-repository', dependencies: ['knex'] });
