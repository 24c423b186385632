import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok, type CodeGroupDetailResponse, type JobGroupPositionResponse } from '@sq/contracts';
import { notFound } from '@sq/service-kit';

const groupQuery = z.object({
  groupId: z.string({ error: MESSAGES.badRequest }).regex(/^[A-Z][A-Z0-9_]{1,39}$/, MESSAGES.badRequest),
});

const codeRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: z.infer<typeof groupQuery> }>(
    '/api/common/getCodeGroupDetail',
    { schema: { tags: ['codes'], summary: '공통 코드 그룹 (직군, 포지션, 경력)', querystring: groupQuery } },
    async (request): Promise<CodeGroupDetailResponse> => {
      const codeGroup = await app.codeRepository.group(request.query.groupId);
      if (!codeGroup) throw notFound();
      return ok({ codeGroup });
    },
  );

  app.get(
    '/api/profile/job-group/position',
    { schema: { tags: ['codes'], summary: '직군별 포지션' } },
    async (): Promise<JobGroupPositionResponse> => ok({ jobGroups: await app.codeRepository.jobGroupsWithPositions() }),
  );
};

export default codeRoutes;
