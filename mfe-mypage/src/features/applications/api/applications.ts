import { apiGet, apiPost } from '@sq/api-client';
import type {
  CancelResponse,
  CardUpdateResponse,
  JoinHistoryOneResponse,
  JoinHistoryResponse,
  JoinProjectResponse,
} from '@sq/contracts/api/applications';
import type { CodeGroupDetailResponse, JobGroupPositionResponse } from '@sq/contracts';

/** GET /api/join/history — all the member's applications, newest first. */
export async function getHistory(signal?: AbortSignal) {
  return (await apiGet<JoinHistoryResponse>('/join/history', undefined, { signal })).applications;
}

/** GET /api/getJoinProject — the member's current applications (past the wizard, still live). */
export async function getJoinProjects(signal?: AbortSignal) {
  return (await apiGet<JoinProjectResponse>('/getJoinProject', undefined, { signal })).projects;
}

/** POST /api/join/history/one {joinId} — one of the member's own applications; anyone else's is a 404. */
export async function getApplication(joinId: number, signal?: AbortSignal) {
  return (await apiPost<JoinHistoryOneResponse>('/join/history/one', { joinId }, { signal })).application;
}

/** POST /api/applications/{joinId}/cancel — the member cancels; the answer carries the refund. */
export async function cancelApplication(joinId: number, reason?: string) {
  return apiPost<CancelResponse>(`/applications/${joinId}/cancel`, reason ? { reason } : {});
}

/** POST /api/applications/{joinId}/card — after a declined team charge: a new card page (until the deadline). */
export async function startCardUpdate(joinId: number) {
  return apiPost<CardUpdateResponse>(`/applications/${joinId}/card`, {});
}

/** Names of the codes an application stores (job group, position, career years), for the read-only answers. */
export async function getCodeNames(signal?: AbortSignal): Promise<Record<string, string>> {
  const [groups, years] = await Promise.all([
    apiGet<JobGroupPositionResponse>('/profile/job-group/position', undefined, { signal }),
    apiGet<CodeGroupDetailResponse>('/common/getCodeGroupDetail', { groupId: 'CAREER_YEARS' }, { signal }),
  ]);
  const names: Record<string, string> = {};
  for (const g of groups.jobGroups) {
    names[g.code] = g.name;
    for (const p of g.positions) names[p.code] = p.name;
  }
  for (const c of years.codeGroup.codes) names[c.code] = c.name;
  return names;
}
