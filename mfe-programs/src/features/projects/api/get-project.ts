import { apiGet } from '@sq/api-client';
import type { ProjectDetailResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/projects/{projectId} — one past project with its team, images and links. */
export async function getProject(projectId: number, signal?: AbortSignal) {
  const response = await apiGet<ProjectDetailResponse>(`/projects/${projectId}`, undefined, { signal });
  return response.project;
}

export function useProject(projectId: number) {
  return useAsync((signal) => getProject(projectId, signal), [projectId]);
}
