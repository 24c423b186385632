import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  CAREER_CARD_LIMITS, MESSAGES, ok, projectOrderSchema, projectSchema,
  type CareerCardProjectResponse, type CareerCardProjectListResponse, type ProjectOrderForm,
} from '@sq/contracts';
import { badRequest, conflict, idParam, notFound, requireMember } from '@sq/service-kit';
import { requireOwnUploads } from '../card-rules';

/** The parsed body (defaults applied) as the route sees it. */
type ProjectBody = z.output<typeof projectSchema>;
const projectParams = z.object({ projectId: idParam });

/**
 * Projects of the member's own card: create, edit, delete, reorder (the card lists them in the member's
 * order), and the public page of one project. Images are the member's own uploads.
 */
const projectRoutes: FastifyPluginAsync = async (app) => {
  const knex = app.knex;

  async function ownCardId(userId: number, trx = knex) {
    const row = await trx('profile').where({ user_id: userId }).whereNull('retired_at').forUpdate().first('profile_id');
    if (!row) throw notFound(MESSAGES.careerCardNotFound);
    return row.profile_id as string;
  }
  const list = async (userId: number): Promise<CareerCardProjectListResponse> => ok({ projects: (await app.profileRepository.ownCard(userId))?.projects ?? [] });
  const columns = (body: ProjectBody) => ({
    title: body.title,
    role: body.role,
    start_date: body.startDate,
    end_date: body.endDate,
    description: body.description,
    links: JSON.stringify(body.links),
    img_ids: JSON.stringify(body.imgIds),
  });

  app.get<{ Params: z.infer<typeof projectParams> }>(
    '/api/profile/project/:projectId',
    { schema: { tags: ['profile'], summary: '프로젝트 경험 공개 보기', params: projectParams } },
    async (request): Promise<CareerCardProjectResponse> => {
      const project = await app.profileRepository.publicProject(request.params.projectId, request.identity?.userId ?? null);
      if (!project) throw notFound(MESSAGES.projectNotFound);
      return ok({ project });
    },
  );

  app.post<{ Body: ProjectBody }>(
    '/api/profile/project',
    { schema: { tags: ['profile'], summary: '프로젝트 경험 추가', body: projectSchema }, preHandler: requireMember },
    async (request, reply) => {
      const userId = request.identity!.userId;
      await requireOwnUploads(knex, userId, request.body.imgIds, 'imgIds');
      await knex.transaction(async (trx) => {
        const profileId = await ownCardId(userId, trx);
        const count = Number((await trx('profile_project').where({ profile_id: profileId }).count({ n: '*' }).first())?.n ?? 0);
        if (count >= CAREER_CARD_LIMITS.projectsMax) throw conflict(MESSAGES.projectsTooMany);
        // New projects go first: the newest work is what a visitor should see.
        await trx('profile_project').where({ profile_id: profileId }).increment('sort_order', 1);
        await trx('profile_project').insert({ profile_id: profileId, sort_order: 0, ...columns(request.body) });
      });
      reply.status(201);
      return list(userId);
    },
  );

  app.put<{ Params: z.infer<typeof projectParams>; Body: ProjectBody }>(
    '/api/profile/project/:projectId',
    { schema: { tags: ['profile'], summary: '프로젝트 경험 수정', params: projectParams, body: projectSchema }, preHandler: requireMember },
    async (request) => {
      const userId = request.identity!.userId;
      await requireOwnUploads(knex, userId, request.body.imgIds, 'imgIds');
      await knex.transaction(async (trx) => {
        const profileId = await ownCardId(userId, trx);
        // Another member's project answers like a missing one.
        const updated = await trx('profile_project').where({ project_id: request.params.projectId, profile_id: profileId }).update(columns(request.body));
        if (!updated) throw notFound(MESSAGES.projectNotFound);
      });
      return list(userId);
    },
  );

  app.delete<{ Params: z.infer<typeof projectParams> }>(
    '/api/profile/project/:projectId',
    { schema: { tags: ['profile'], summary: '프로젝트 경험 삭제', params: projectParams }, preHandler: requireMember },
    async (request) => {
      const userId = request.identity!.userId;
      await knex.transaction(async (trx) => {
        const profileId = await ownCardId(userId, trx);
        const deleted = await trx('profile_project').where({ project_id: request.params.projectId, profile_id: profileId }).delete();
        if (!deleted) throw notFound(MESSAGES.projectNotFound);
      });
      return list(userId);
    },
  );

  app.post<{ Body: ProjectOrderForm }>(
    '/api/profile/project/order',
    { schema: { tags: ['profile'], summary: '프로젝트 경험 순서 변경', body: projectOrderSchema }, preHandler: requireMember },
    async (request) => {
      const userId = request.identity!.userId;
      const wanted = request.body.projectIds;
      await knex.transaction(async (trx) => {
        const profileId = await ownCardId(userId, trx);
        const mine: number[] = await trx('profile_project').where({ profile_id: profileId }).pluck('project_id');
        // Exactly the card's projects, each once: a partial or foreign list would scramble the order.
        const same = wanted.length === mine.length && new Set(wanted).size === wanted.length && wanted.every((id) => mine.includes(id));
        if (!same) throw badRequest(MESSAGES.projectOrderInvalid, { projectIds: MESSAGES.projectOrderInvalid });
        for (const [order, projectId] of wanted.entries()) {
          await trx('profile_project').where({ project_id: projectId, profile_id: profileId }).update({ sort_order: order });
        }
      });
      return list(userId);
    },
  );
};

export default projectRoutes;
