import { apiGet } from '@sq/api-client';
import type { SkillTrends, SkillTrendsResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/itskill/trends[?surveyId=] — from completed results; demo seasons are flagged. */
export async function getTrends(surveyId: number | null, signal?: AbortSignal): Promise<SkillTrends> {
  return (await apiGet<SkillTrendsResponse>('/itskill/trends', surveyId ? { surveyId } : undefined, { signal })).trends;
}

export function useTrends(surveyId: number | null) {
  return useAsync((signal) => getTrends(surveyId, signal), [surveyId]);
}
