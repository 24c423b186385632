import { apiGet } from '@sq/api-client';
import type { BoardResponse } from '@sq/contracts/api/operators';
import { useAsync } from '@sq/ui';

/** GET /api/admin/cohorts/{oddId}/board — proposed teams (members, locks, explanations, score) and the waitlist with reasons. */
export async function getBoard(oddId: number, signal?: AbortSignal) {
  return apiGet<BoardResponse>(`/admin/cohorts/${oddId}/board`, undefined, { signal });
}

export function useBoard(oddId: number) {
  return useAsync((signal) => getBoard(oddId, signal), [oddId]);
}
