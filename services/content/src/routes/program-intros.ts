import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok, type ProgramIntroResponse } from '@sq/contracts';
import { previewQuery, withPreview } from '../repositories/cms/preview';
import { createProgramIntroRepository, type ProgramKey } from '../repositories/program-intro-repository';

/** The same keys as the programs service's GET /api/products/{productIdOrSlug}. */
const params = z.object({
  productIdOrSlug: z.string().regex(/^([1-9]\d{0,8}|[a-z][a-z0-9-]{1,39})$/, MESSAGES.badRequest),
});

const programIntroRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: z.infer<typeof params>; Querystring: z.infer<typeof previewQuery> }>(
    '/api/program-intros/:productIdOrSlug',
    {
      schema: {
        tags: ['program-intros'],
        summary: '프로그램 소개 (문구와 이미지; 없으면 intro: null)',
        params,
        querystring: previewQuery,
      },
    },
    async (request): Promise<ProgramIntroResponse> => {
      const key = request.params.productIdOrSlug;
      const programKey: ProgramKey = /^\d/.test(key) ? { productId: Number(key) } : { slug: key };
      return ok({
        intro: await withPreview(app, request, (db) => createProgramIntroRepository(db).published(programKey)),
      });
    },
  );
};

export default programIntroRoutes;
