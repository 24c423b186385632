import { apiGet } from '@sq/api-client';
import type { PublishPreview } from '@sq/contracts/api/operators/board';

/** GET /api/admin/cohorts/{oddId}/board/preview — who is charged on publishing, how much each, the total, who waits. */
export async function getPublishPreview(oddId: number, signal?: AbortSignal) {
  return apiGet<PublishPreview>(`/admin/cohorts/${oddId}/board/preview`, undefined, { signal });
}
