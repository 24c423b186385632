import { apiGet } from '@sq/api-client';
import type { ProductDetailResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';
import { getProgramIntro } from './get-program-intro';

/** GET /api/products/{productIdOrSlug} — the program with its cohorts, team make-up, fee, eligibility and refund rules. */
export async function getProduct(key: string | number, signal?: AbortSignal) {
  const response = await apiGet<ProductDetailResponse>(`/products/${encodeURIComponent(String(key))}`, undefined, {
    signal,
  });
  return response.product;
}

/** A program page's data: the program's facts (programs service) and the intro operators published (content), together. */
export function useProgramPage(key: string | number) {
  return useAsync(
    async (signal) => {
      const [product, intro] = await Promise.all([getProduct(key, signal), getProgramIntro(key, signal)]);
      return { product, intro };
    },
    [key],
  );
}
