import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok, type StoryDetailResponse, type StoryListResponse } from '@sq/contracts';
import { notFound, pageQuery, idParam } from '@sq/service-kit';
import { previewQuery, withPreview } from '../repositories/cms/preview';
import { createStoryRepository } from '../repositories/story-repository';

const listQuery = pageQuery.extend({ productId: idParam.optional() }).extend(previewQuery.shape);
const detailParams = z.object({ storyId: idParam });

const storyRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: z.infer<typeof listQuery> }>(
    '/api/stories',
    { schema: { tags: ['stories'], summary: '참가 후기 목록 (최신순)', querystring: listQuery } },
    async (request): Promise<StoryListResponse> =>
      ok({ stories: await withPreview(app, request, (db) => createStoryRepository(db).list(request.query)) }),
  );

  app.get<{ Params: z.infer<typeof detailParams>; Querystring: z.infer<typeof previewQuery> }>(
    '/api/stories/:storyId',
    {
      schema: {
        tags: ['stories'],
        summary: '참가 후기 상세 (운영자는 ?preview=로 초안 미리보기)',
        params: detailParams,
        querystring: previewQuery,
      },
    },
    async (request): Promise<StoryDetailResponse> => {
      const story = await withPreview(app, request, (db) => createStoryRepository(db).detail(request.params.storyId));
      if (!story) throw notFound();
      return ok({ story });
    },
  );
};

export default storyRoutes;
