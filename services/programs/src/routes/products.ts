import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok, type CohortResponse, type ProductDetailResponse, type ProductListResponse } from '@sq/contracts';
import { notFound, idParam } from '@sq/service-kit';

// A product is addressed by its number or by its slug (the path of its intro page, e.g. /bside).
const productKey = z
  .string({ error: MESSAGES.badRequest })
  .regex(/^(?:[1-9][0-9]{0,8}|[a-z][a-z0-9-]{1,39})$/, MESSAGES.badRequest)
  .transform((value) => (/^[0-9]+$/.test(value) ? { productId: Number(value) } : { slug: value }));

const productParams = z.object({ productIdOrSlug: productKey });
const cohortParams = z.object({ oddId: idParam });

const productRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/products',
    { schema: { tags: ['programs'], summary: '프로그램 목록과 기수별 모집 상태' } },
    async (): Promise<ProductListResponse> => ok({ products: await app.productRepository.list(new Date()) }),
  );

  app.get<{ Params: z.infer<typeof productParams> }>(
    '/api/products/:productIdOrSlug',
    { schema: { tags: ['programs'], summary: '프로그램 상세 (기수, 팀 구성, 환불 규정)', params: productParams } },
    async (request): Promise<ProductDetailResponse> => {
      const product = await app.productRepository.detail(request.params.productIdOrSlug, new Date());
      if (!product) throw notFound();
      return ok({ product });
    },
  );

  app.get<{ Params: z.infer<typeof cohortParams> }>(
    '/api/cohorts/:oddId',
    { schema: { tags: ['programs'], summary: '기수 상세와 환불 일정', params: cohortParams } },
    async (request): Promise<CohortResponse> => {
      const cohort = await app.productRepository.cohort(request.params.oddId, new Date());
      if (!cohort) throw notFound();
      return ok({ cohort });
    },
  );
};

export default productRoutes;
