import type { FastifyInstance } from 'fastify';
import type { ProgramRefundRulesResponse } from '@sq/contracts';

/** Refund rules of several products in parallel, each fetched once; null for a product that could not be loaded. */
export async function loadRefundRules(
  app: FastifyInstance,
  productIds: Iterable<number>,
): Promise<Map<number, ProgramRefundRulesResponse | null>> {
  const unique = [...new Set(productIds)];
  const results = await Promise.all(unique.map((productId) => app.programsClient.refundRules(productId)));
  return new Map(unique.map((productId, index) => [productId, results[index] ?? null]));
}
