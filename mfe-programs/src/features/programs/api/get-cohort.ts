import { apiGet } from '@sq/api-client';
import type { CohortResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/cohorts/{oddId} — one cohort with its product and its dated refund schedule. */
export async function getCohort(oddId: number, signal?: AbortSignal) {
  const response = await apiGet<CohortResponse>(`/cohorts/${oddId}`, undefined, { signal });
  return response.cohort;
}

export function useCohort(oddId: number) {
  return useAsync((signal) => getCohort(oddId, signal), [oddId]);
}
