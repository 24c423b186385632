import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok, type LeftMenuResponse, type ProjectDetailResponse, type ProjectListResponse } from '@sq/contracts';
import { notFound, pageQuery, idParam } from '@sq/service-kit';
import { previewQuery, withPreview } from '../repositories/cms/preview';
import { createProjectRepository } from '../repositories/project-repository';

const listQuery = pageQuery
  .extend({ productId: idParam.optional(), oddId: idParam.optional() })
  .extend(previewQuery.shape);
const leftMenuQuery = z.object({ productId: idParam });
const detailParams = z.object({ projectId: idParam });

const projectRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/project/getLeftMenu',
    { schema: { tags: ['projects'], summary: '지난 프로젝트 왼쪽 메뉴' } },
    async (): Promise<LeftMenuResponse> => ok({ leftMenu: await app.projectRepository.leftMenu() }),
  );

  app.get<{ Querystring: z.infer<typeof leftMenuQuery> }>(
    '/api/project/getLeftMenuByProductId',
    { schema: { tags: ['projects'], summary: '프로그램별 왼쪽 메뉴', querystring: leftMenuQuery } },
    async (request): Promise<LeftMenuResponse> =>
      ok({ leftMenu: await app.projectRepository.leftMenu(request.query.productId) }),
  );

  app.get<{ Querystring: z.infer<typeof listQuery> }>(
    '/api/projects',
    { schema: { tags: ['projects'], summary: '지난 프로젝트 목록', querystring: listQuery } },
    async (request): Promise<ProjectListResponse> =>
      ok({ projects: await withPreview(app, request, (db) => createProjectRepository(db).list(request.query)) }),
  );

  app.get<{ Params: z.infer<typeof detailParams>; Querystring: z.infer<typeof previewQuery> }>(
    '/api/projects/:projectId',
    {
      schema: {
        tags: ['projects'],
        summary: '지난 프로젝트 상세 (운영자는 ?preview=로 초안 미리보기)',
        params: detailParams,
        querystring: previewQuery,
      },
    },
    async (request): Promise<ProjectDetailResponse> => {
      const project = await withPreview(app, request, (db) =>
        createProjectRepository(db).detail(request.params.projectId),
      );
      if (!project) throw notFound();
      return ok({ project });
    },
  );
};

export default projectRoutes;
