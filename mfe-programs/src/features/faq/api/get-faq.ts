import { apiGet, previewParam } from '@sq/api-client';
import type { FaqResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/faq — every category (one per program, and general) with its entries; refund answers are composed server-side. */
export async function getFaq(signal?: AbortSignal) {
  const response = await apiGet<FaqResponse>('/faq', previewParam(), { signal });
  return response.categories;
}

export function useFaq() {
  return useAsync((signal) => getFaq(signal), []);
}
