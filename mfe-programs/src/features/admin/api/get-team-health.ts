import { apiGet } from '@sq/api-client';
import type { TeamHealthResponse } from '@sq/contracts/api/operators';
import { useTeamPage } from '../hooks/use-team-page';

/** GET /api/admin/cohorts/{oddId}/team-health?page= — a page of the published teams with check-ins, streaks and misses per member. */
export async function getTeamHealth(oddId: number, page: number, signal?: AbortSignal) {
  return apiGet<TeamHealthResponse>(`/admin/cohorts/${oddId}/team-health`, { page: String(page) }, { signal });
}

/** Team health a page of teams at a time (the team operations page reads it too). */
export function useTeamHealth(oddId: number) {
  return useTeamPage(oddId, (page, signal) => getTeamHealth(oddId, page, signal));
}
