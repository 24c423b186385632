import { apiGet, apiPost, apiPut } from '@sq/api-client';
import type { JudgingResults, JudgingView } from '@sq/contracts/api/operators';
import { useAsync } from '@sq/ui';

/** GET /api/admin/cohorts/{oddId}/judging — each team's submission and current score, the rubric, the results once published. */
export async function getJudging(oddId: number, signal?: AbortSignal) {
  return apiGet<JudgingView>(`/admin/cohorts/${oddId}/judging`, undefined, { signal });
}

export function useJudging(oddId: number) {
  return useAsync((signal) => getJudging(oddId, signal), [oddId]);
}

/** PUT /api/admin/teams/{teamId}/score — one team's scores (0..10 per criterion) and feedback, until the results are published. */
export async function scoreTeam(teamId: number, scores: Record<string, number>, feedback: string) {
  return apiPut<{ teamId: number; scores: Record<string, number>; total: number; feedback: string }>(`/admin/teams/${teamId}/score`, { scores, feedback });
}

/** POST /api/admin/cohorts/{oddId}/results/publish — the winner's prize and the member prizes, once. */
export async function publishResults(oddId: number, memberPrizes: { joinId: number; amountKrw: number }[]) {
  return apiPost<JudgingResults>(`/admin/cohorts/${oddId}/results/publish`, { memberPrizes });
}
