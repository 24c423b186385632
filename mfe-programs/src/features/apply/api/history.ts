import { apiGet } from '@sq/api-client';
import type { JoinHistoryResponse } from '@sq/contracts/api/applications';

/** GET /api/join/history — the member's applications, newest first. */
export async function getHistory(signal?: AbortSignal) {
  return (await apiGet<JoinHistoryResponse>('/join/history', undefined, { signal })).applications;
}
