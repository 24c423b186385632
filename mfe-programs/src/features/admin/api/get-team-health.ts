import { apiGet } from '@sq/api-client';
import type { TeamHealthResponse } from '@sq/contracts/api/operators';
import { useAsync } from '@sq/ui';

/** GET /api/admin/cohorts/{oddId}/team-health — published teams with check-ins, streaks and misses per member. */
export async function getTeamHealth(oddId: number, signal?: AbortSignal) {
  return apiGet<TeamHealthResponse>(`/admin/cohorts/${oddId}/team-health`, undefined, { signal });
}

export function useTeamHealth(oddId: number) {
  return useAsync((signal) => getTeamHealth(oddId, signal), [oddId]);
}
