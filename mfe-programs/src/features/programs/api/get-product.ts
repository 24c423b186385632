import { apiGet } from '@sq/api-client';
import type { ProductDetailResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/products/{productIdOrSlug} — the program with its cohorts, team make-up, fee, eligibility and refund rules. */
export async function getProduct(key: string | number, signal?: AbortSignal) {
  const response = await apiGet<ProductDetailResponse>(`/products/${encodeURIComponent(String(key))}`, undefined, { signal });
  return response.product;
}

export function useProduct(key: string | number) {
  return useAsync((signal) => getProduct(key, signal), [key]);
}
