import { apiGet, apiPost, isApiError } from '@sq/api-client';
import type { AttachSkillResponse, SharedCheckupResult, SharedCheckupResultResponse } from '@sq/contracts';

/** GET /api/itskill/my-result — the member's latest completed IT skill check-up; null when they have none. */
export async function getMySkillResult(signal?: AbortSignal): Promise<SharedCheckupResult | null> {
  try {
    return (await apiGet<SharedCheckupResultResponse>('/itskill/my-result', undefined, { signal })).result;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** POST /api/getMyinfoSkill {surveyId, joinId} — files that season's result under the member's application. */
export async function attachSkill(surveyId: number, joinId: number) {
  return (await apiPost<AttachSkillResponse>('/getMyinfoSkill', { surveyId, joinId })).attached;
}
