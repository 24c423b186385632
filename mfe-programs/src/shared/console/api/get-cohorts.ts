import { apiGet } from '@sq/api-client';
import type { CohortListResponse } from '@sq/contracts/api/operators/cohorts';
import { useAsync } from '@sq/ui';

/** GET /api/admin/cohorts?productId= — cohorts (of one product, or all) with live counts per state and role. */
export async function getCohorts(productId: number | null, signal?: AbortSignal) {
  return (await apiGet<CohortListResponse>('/admin/cohorts', { productId: productId ?? undefined }, { signal }))
    .cohorts;
}

export function useCohorts(productId: number | null) {
  return useAsync((signal) => getCohorts(productId, signal), [productId]);
}

/** One cohort of the list (the console has no single-cohort endpoint; the list carries the counts). */
export function useCohort(oddId: number) {
  return useAsync(async (signal) => (await getCohorts(null, signal)).find((c) => c.oddId === oddId) ?? null, [oddId]);
}
