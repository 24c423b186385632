import { apiGet } from '@sq/api-client';
import type { TeamHealthResponse } from '@sq/contracts/api/operators/teams';
import { useTeamPage } from '../../../shared/console/use-team-page';

/**
 * GET /api/admin/cohorts/{oddId}/team-health?page=&trouble= — a page of the published teams (only those in trouble with
 * `trouble`) with check-ins, streaks and misses per member, and the whole cohort's counts.
 */
export async function getTeamHealth(oddId: number, page: number, trouble: boolean, signal?: AbortSignal) {
  return apiGet<TeamHealthResponse>(
    `/admin/cohorts/${oddId}/team-health`,
    { page: String(page), ...(trouble ? { trouble: 'true' } : {}) },
    { signal },
  );
}

/** Team health a page of teams at a time, of every team or only of those in trouble (the team operations page reads it too). */
export function useTeamHealth(oddId: number) {
  return useTeamPage(oddId, (page, signal, trouble) => getTeamHealth(oddId, page, trouble, signal), false);
}
