import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok, type CohortSummary, type ProgramRefundRulesResponse } from '@sq/contracts';
import { notFound, requireInternal, idParam } from '@sq/service-kit';

const params = z.object({ productId: idParam });

/** The cohort whose dates a reader cares about: the one recruiting now, else the next one to open. */
function referenceCohort(cohorts: CohortSummary[]): CohortSummary | null {
  const recruiting = cohorts.find((c) => c.recruiting);
  if (recruiting) return recruiting;
  const upcoming = cohorts
    .filter((c) => c.status === 'UPCOMING')
    .sort((a, b) => a.recruitStart.localeCompare(b.recruitStart));
  return upcoming[0] ?? null;
}

/**
 * Fee, eligibility, team make-up and refund rules for the content service (FAQ answers and the terms are rendered from these rows, so the
 * schedule has one source). Never routed by the gateway.
 */
const internalRefundRuleRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: z.infer<typeof params> }>(
    '/internal/products/:productId/refund-rules',
    { preHandler: requireInternal, schema: { hide: true, params } },
    async (request): Promise<ProgramRefundRulesResponse> => {
      const now = new Date();
      const product = await app.productRepository.detail({ productId: request.params.productId }, now);
      if (!product) throw notFound();
      const reference = referenceCohort(product.cohorts);
      const cohort = reference ? await app.productRepository.cohort(reference.oddId, now) : null;
      return ok({
        product: {
          productId: product.productId,
          slug: product.slug,
          name: product.name,
          kind: product.kind,
          feeKrw: product.feeKrw,
          eligibility: product.eligibility,
          teamMakeup: product.teamMakeup,
        },
        refundRules: product.refundRules,
        cohort: cohort
          ? {
              oddId: cohort.oddId,
              name: cohort.name,
              status: cohort.status,
              statusName: cohort.statusName,
              refundSchedule: cohort.refundSchedule,
            }
          : null,
      });
    },
  );
};

export default internalRefundRuleRoutes;
