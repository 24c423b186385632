import { apiGet } from '@sq/api-client';
import type { ApplicationAnswers } from '@sq/contracts/api/applications';
import { useAsync } from '@sq/ui';

/** GET /api/admin/applications/{joinId}/answers — what the applicant submitted at each step. */
export async function getAnswers(joinId: number, signal?: AbortSignal) {
  return (await apiGet<{ joinId: number; answers: ApplicationAnswers }>(`/admin/applications/${joinId}/answers`, undefined, { signal })).answers;
}

export function useAnswers(joinId: number) {
  return useAsync((signal) => getAnswers(joinId, signal), [joinId]);
}
