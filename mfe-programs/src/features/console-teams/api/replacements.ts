import { apiGet, apiPost } from '@sq/api-client';
import type { ApplicantRole } from '@sq/contracts/api/application-states';
import type { ReplacementCandidate } from '@sq/contracts/api/operators/team-changes';
import { useAsync } from '@sq/ui';

/** GET /api/admin/teams/{teamId}/replacements?role= — reservations of the role without a team, best fit first. */
export async function getReplacements(teamId: number, role: ApplicantRole, signal?: AbortSignal) {
  return (
    await apiGet<{ candidates: ReplacementCandidate[] }>(`/admin/teams/${teamId}/replacements`, { role }, { signal })
  ).candidates;
}

export function useReplacements(teamId: number, role: ApplicantRole) {
  return useAsync((signal) => getReplacements(teamId, role, signal), [teamId, role]);
}

/** POST /api/admin/teams/{teamId}/replacements — on the team at once, charged by a job, mailed when charged. */
export async function acceptReplacement(teamId: number, joinId: number) {
  return apiPost<{ accepted: true }>(`/admin/teams/${teamId}/replacements`, { joinId });
}
