import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  CAREER_CARD_LIMITS,
  MESSAGES,
  ok,
  projectOrderSchema,
  projectSchema,
  type CareerCardProjectResponse,
  type CareerCardProjectListResponse,
  type ProjectOrderForm,
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
  const projects = app.cardProjectRepository;
  const uploads = app.uploadRepository;
  const noCard = () => notFound(MESSAGES.careerCardNotFound);
  const list = async (userId: number): Promise<CareerCardProjectListResponse> =>
    ok({ projects: (await app.profileRepository.ownCard(userId))?.projects ?? [] });

  app.get<{ Params: z.infer<typeof projectParams> }>(
    '/api/profile/project/:projectId',
    { schema: { tags: ['profile'], summary: '프로젝트 경험 공개 보기', params: projectParams } },
    async (request): Promise<CareerCardProjectResponse> => {
      const project = await app.profileRepository.publicProject(
        request.params.projectId,
        request.identity?.userId ?? null,
      );
      if (!project) throw notFound(MESSAGES.projectNotFound);
      return ok({ project });
    },
  );

  app.post<{ Body: ProjectBody }>(
    '/api/profile/project',
    { schema: { tags: ['profile'], summary: '프로젝트 경험 추가', body: projectSchema }, preHandler: requireMember },
    async (request, reply) => {
      const userId = request.identity!.userId;
      await requireOwnUploads(uploads, userId, request.body.imgIds, 'imgIds');
      const added = await projects.add(userId, request.body, CAREER_CARD_LIMITS.projectsMax);
      if (added === 'no card') throw noCard();
      if (added === 'full') throw conflict(MESSAGES.projectsTooMany);
      reply.status(201);
      return list(userId);
    },
  );

  app.put<{ Params: z.infer<typeof projectParams>; Body: ProjectBody }>(
    '/api/profile/project/:projectId',
    {
      schema: { tags: ['profile'], summary: '프로젝트 경험 수정', params: projectParams, body: projectSchema },
      preHandler: requireMember,
    },
    async (request) => {
      const userId = request.identity!.userId;
      await requireOwnUploads(uploads, userId, request.body.imgIds, 'imgIds');
      const updated = await projects.update(userId, request.params.projectId, request.body);
      if (updated === 'no card') throw noCard();
      if (updated === 'no project') throw notFound(MESSAGES.projectNotFound);
      return list(userId);
    },
  );

  app.delete<{ Params: z.infer<typeof projectParams> }>(
    '/api/profile/project/:projectId',
    { schema: { tags: ['profile'], summary: '프로젝트 경험 삭제', params: projectParams }, preHandler: requireMember },
    async (request) => {
      const userId = request.identity!.userId;
      const deleted = await projects.remove(userId, request.params.projectId);
      if (deleted === 'no card') throw noCard();
      if (deleted === 'no project') throw notFound(MESSAGES.projectNotFound);
      return list(userId);
    },
  );

  app.post<{ Body: ProjectOrderForm }>(
    '/api/profile/project/order',
    {
      schema: { tags: ['profile'], summary: '프로젝트 경험 순서 변경', body: projectOrderSchema },
      preHandler: requireMember,
    },
    async (request) => {
      const userId = request.identity!.userId;
      const reordered = await projects.reorder(userId, request.body.projectIds);
      if (reordered === 'no card') throw noCard();
      // Exactly the card's projects, each once.
      if (reordered === 'wrong list')
        throw badRequest(MESSAGES.projectOrderInvalid, { projectIds: MESSAGES.projectOrderInvalid });
      return list(userId);
    },
  );
};

export default projectRoutes;
