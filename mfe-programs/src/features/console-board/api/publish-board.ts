import { apiPost } from '@sq/api-client';
import type { PublishResponse } from '@sq/contracts/api/operators/board';

/** POST /api/admin/cohorts/{oddId}/board/publish — once: teams written, one charge job per reserved member. */
export async function publishBoard(oddId: number) {
  return apiPost<PublishResponse>(`/admin/cohorts/${oddId}/board/publish`, {});
}
