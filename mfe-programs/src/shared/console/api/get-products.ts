import { apiGet } from '@sq/api-client';
import type { ProductListResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/products — the programs an operator runs cohorts of (tabs of the cohort list, the form's choice). */
export async function getProducts(signal?: AbortSignal) {
  return (await apiGet<ProductListResponse>('/products', undefined, { signal })).products;
}

export function useProducts() {
  return useAsync((signal) => getProducts(signal), []);
}
