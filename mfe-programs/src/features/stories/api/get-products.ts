import { apiGet } from '@sq/api-client';
import type { ProductListResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/products — every program with its cohorts (for filters and tabs). */
export async function getProducts(signal?: AbortSignal) {
  const response = await apiGet<ProductListResponse>('/products', undefined, { signal });
  return response.products;
}

export function useProducts() {
  return useAsync((signal) => getProducts(signal), []);
}
