import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok } from '@sq/contracts';
import { cohortInputSchema, type CohortInput, type CohortListResponse } from '@sq/contracts/api/operators/cohorts';
import { idParam, notFound, requireAdmin } from '@sq/service-kit';

const oddParams = z.object({ oddId: idParam });
const listQuery = z.object({ productId: idParam.optional() });

/** Operators' cohorts: list per product with live counts, create, edit. Every change is in the audit log. */
const adminCohortRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: z.infer<typeof listQuery> }>(
    '/api/admin/cohorts',
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], summary: '운영: 기수 목록 (상태별, 역할별 지원 수)', querystring: listQuery },
    },
    async (request): Promise<CohortListResponse & { ErrorCode: '00' }> =>
      ok({ cohorts: await app.cohortRepository.list({ productId: request.query.productId }) }),
  );

  app.post<{ Body: CohortInput }>(
    '/api/admin/cohorts',
    { onRequest: requireAdmin, schema: { tags: ['admin'], summary: '운영: 기수 만들기', body: cohortInputSchema } },
    async (request) =>
      ok({
        cohort: await app.cohortRepository.create(request.body, {
          actorUserId: request.identity!.userId,
          at: app.clock(),
        }),
      }),
  );

  app.put<{ Params: z.infer<typeof oddParams>; Body: CohortInput }>(
    '/api/admin/cohorts/:oddId',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '운영: 기수 수정 (일정, 정원, 역할별 자리)',
        params: oddParams,
        body: cohortInputSchema,
      },
    },
    async (request) => {
      const cohort = await app.cohortRepository.update(request.params.oddId, request.body, {
        actorUserId: request.identity!.userId,
        at: app.clock(),
      });
      if (!cohort) throw notFound(MESSAGES.adminCohortNotFound);
      return ok({ cohort });
    },
  );
};

export default adminCohortRoutes;
