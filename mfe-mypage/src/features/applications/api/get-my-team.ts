import { apiGet } from '@sq/api-client';
import type { MyTeamResponse } from '@sq/contracts/api/operators/sprint';
import { useAsync } from '@sq/ui';

/** GET /api/applications/{joinId}/team — the member's published team (404 sprintNoTeam until it is published). */
export async function getMyTeam(joinId: number, signal?: AbortSignal): Promise<MyTeamResponse> {
  return apiGet<MyTeamResponse>(`/applications/${joinId}/team`, undefined, { signal });
}

export function useMyTeam(joinId: number) {
  return useAsync((signal) => getMyTeam(joinId, signal), [joinId]);
}
