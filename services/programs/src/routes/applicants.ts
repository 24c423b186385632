import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '@sq/contracts';
import type { CohortApplicantsResponse } from '@sq/contracts/api/applicants';
import { notFound, idParam } from '@sq/service-kit';

const params = z.object({ oddId: idParam });

/** Public: how many people applied to a cohort, per role, against the team make-up (counts only, no one's data). */
const applicantRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: z.infer<typeof params> }>(
    '/api/cohorts/:oddId/applicants',
    { schema: { tags: ['programs'], summary: '기수별 직군 지원자 수 (실시간)', params } },
    async (request, reply): Promise<CohortApplicantsResponse> => {
      const applicants = await app.applicantRepository.countByRole(request.params.oddId, new Date());
      if (!applicants) throw notFound();
      // Live, but the same for everyone: a short shared cache absorbs a crowd at the deadline.
      reply.header('cache-control', 'public, max-age=10');
      return ok({ applicants });
    },
  );
};

export default applicantRoutes;
