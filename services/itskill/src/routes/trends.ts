import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok, type SkillTrendsResponse } from '@sq/contracts';
import { idParam, notFound } from '@sq/service-kit';

const query = z.object({ surveyId: idParam.optional() });

/** Public IT skill trends from completed results. */
const trendRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: z.infer<typeof query> }>(
    '/api/itskill/trends',
    {
      schema: {
        tags: ['itskill'],
        summary: 'IT 스킬 트렌드 (직군·경력별 수준, 놓친 영역, 시즌 변화)',
        querystring: query,
      },
    },
    async (request): Promise<SkillTrendsResponse> => {
      const trends = await app.trendsRepository.trends(request.query.surveyId);
      if (!trends) throw notFound();
      return ok({ trends });
    },
  );
};

export default trendRoutes;
