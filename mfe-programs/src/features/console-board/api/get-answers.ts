import { apiGet } from '@sq/api-client';
import type { ApplicationAnswersResponse } from '@sq/contracts/api/operators/applicants';
import { useAsync } from '@sq/ui';

/** GET /api/admin/applications/{joinId}/answers — what the applicant submitted at each step (erased after withdrawal). */
export async function getAnswers(joinId: number, signal?: AbortSignal): Promise<ApplicationAnswersResponse> {
  return apiGet<ApplicationAnswersResponse>(`/admin/applications/${joinId}/answers`, undefined, { signal });
}

export function useAnswers(joinId: number) {
  return useAsync((signal) => getAnswers(joinId, signal), [joinId]);
}
