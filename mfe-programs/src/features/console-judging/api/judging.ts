import { apiGet, apiPost, apiPut } from '@sq/api-client';
import type { JudgingResults, JudgingView } from '@sq/contracts/api/operators/judging';
import { useTeamPage } from '../../../shared/console/use-team-page';

/**
 * GET /api/admin/cohorts/{oddId}/judging?page= — a page of the teams with their submissions and current scores, the rubric,
 * the cohort's summary (teams unscored, the ranking), the results once published.
 */
export async function getJudging(oddId: number, page: number, signal?: AbortSignal) {
  return apiGet<JudgingView>(`/admin/cohorts/${oddId}/judging`, { page: String(page) }, { signal });
}

/** Judging a page of teams at a time, with the cohort's summary on every page. */
export function useJudging(oddId: number) {
  return useTeamPage(oddId, (page, signal) => getJudging(oddId, page, signal));
}

/** PUT /api/admin/teams/{teamId}/score — one team's scores (0..10 per criterion) and feedback, until the results are published. */
export async function scoreTeam(teamId: number, scores: Record<string, number>, feedback: string) {
  return apiPut<{ teamId: number; scores: Record<string, number>; total: number; feedback: string }>(
    `/admin/teams/${teamId}/score`,
    { scores, feedback },
  );
}

/** POST /api/admin/cohorts/{oddId}/results/publish — the winner's prize and the member prizes, once. */
export async function publishResults(oddId: number, memberPrizes: { joinId: number; amountKrw: number }[]) {
  return apiPost<JudgingResults>(`/admin/cohorts/${oddId}/results/publish`, { memberPrizes });
}
