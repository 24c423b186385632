import { apiPost } from '@sq/api-client';
import type { BoardResponse } from '@sq/contracts/api/operators';

/** POST /api/admin/cohorts/{oddId}/board/run — the matcher around the locks; the same seed gives the same teams. */
export async function runMatcher(oddId: number, seed?: number) {
  return apiPost<BoardResponse>(`/admin/cohorts/${oddId}/board/run`, seed === undefined ? {} : { seed });
}
