import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '@sq/contracts';
import type { SprintProjectListResponse } from '@sq/contracts/api/operators/sprint';
import { idParam, pageQuery } from '@sq/service-kit';
import type { PeopleClient } from '../clients/people-client';
import { listSprintProjects } from '../operators/sprint-projects';

const listQuery = pageQuery.extend({ productId: idParam.optional(), oddId: idParam.optional() });

/** Public: the sprint projects whose judging results are published, for /projects. */
const sprintProjectRoutes: FastifyPluginAsync<{ people: PeopleClient }> = async (app, { people }) => {
  app.get<{ Querystring: z.infer<typeof listQuery> }>(
    '/api/sprint-projects',
    { schema: { tags: ['projects'], summary: '팀 스프린트 결과물 (심사 결과 발표 후 공개)', querystring: listQuery } },
    async (request): Promise<SprintProjectListResponse> =>
      ok({ projects: await listSprintProjects(app, people, request.query) }),
  );
};

export default sprintProjectRoutes;
