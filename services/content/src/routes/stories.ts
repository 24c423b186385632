import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok, type StoryDetailResponse, type StoryListResponse } from '@sq/contracts';
import { notFound, pageQuery, idParam } from '@sq/service-kit';


const listQuery = pageQuery.extend({ productId: idParam.optional() });
const detailParams = z.object({ storyId: idParam });

const storyRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: z.infer<typeof listQuery> }>(
    '/api/stories',
    { schema: { tags: ['stories'], summary: '참가 후기 목록 (최신순)', querystring: listQuery } },
    async (request): Promise<StoryListResponse> => ok({ stories: await app.storyRepository.list(request.query) }),
  );

  app.get<{ Params: z.infer<typeof detailParams> }>(
    '/api/stories/:storyId',
    { schema: { tags: ['stories'], summary: '참가 후기 상세', params: detailParams } },
    async (request): Promise<StoryDetailResponse> => {
      const story = await app.storyRepository.detail(request.params.storyId);
      if (!story) throw notFound();
      return ok({ story });
    },
  );
};

export default storyRoutes;
