import { apiGet, apiPost, apiPut } from '@sq/api-client';
import type { JudgingResults } from '@sq/contracts/api/operators';
import { useAsync } from '@sq/ui';

export interface RubricCriterion {
  key: string;
  name: string;
  /** Percent; the weights add up to 100, so a total is out of 1,000. */
  weight: number;
}

/** GET /api/admin/judging/rubric — the criteria (scored 0..10) and their weights. */
export async function getRubric(signal?: AbortSignal) {
  return (await apiGet<{ rubric: RubricCriterion[] }>('/admin/judging/rubric', undefined, { signal })).rubric;
}

export function useRubric() {
  return useAsync((signal) => getRubric(signal), []);
}

/** PUT /api/admin/teams/{teamId}/score — one team's scores and feedback (until the results are published). */
export async function scoreTeam(teamId: number, scores: Record<string, number>, feedback: string) {
  return apiPut<{ teamId: number; scores: Record<string, number>; total: number; feedback: string }>(`/admin/teams/${teamId}/score`, { scores, feedback });
}

/** POST /api/admin/cohorts/{oddId}/results/publish — the winner's prize and the member prizes, once. */
export async function publishResults(oddId: number, memberPrizes: { joinId: number; amountKrw: number }[]) {
  return apiPost<JudgingResults>(`/admin/cohorts/${oddId}/results/publish`, { memberPrizes });
}
