import { apiGet } from '@sq/api-client';
import type { CohortResponse, ProductDetailResponse } from '@sq/contracts';

/** GET /api/cohorts/{oddId} — the cohort with its product, fee and dated refund schedule. */
export async function getCohort(oddId: number, signal?: AbortSignal) {
  return (await apiGet<CohortResponse>(`/cohorts/${oddId}`, undefined, { signal })).cohort;
}

/** GET /api/products/{productId} — team make-up (max friends), eligibility and the stored refund rules. */
export async function getProduct(productId: number, signal?: AbortSignal) {
  return (await apiGet<ProductDetailResponse>(`/products/${productId}`, undefined, { signal })).product;
}

/** The cohort and its product, the two things every apply screen shows. */
export async function getCohortWithProduct(oddId: number, signal?: AbortSignal) {
  const cohort = await getCohort(oddId, signal);
  const product = await getProduct(cohort.product.productId, signal);
  return { cohort, product };
}
