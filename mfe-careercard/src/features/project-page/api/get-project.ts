import { apiGet } from '@sq/api-client';
import type { CareerCardProjectResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/profile/project/{projectId}: one project of a public card. */
export function useProject(projectId: string) {
  return useAsync(
    async (signal) =>
      (
        await apiGet<CareerCardProjectResponse>(`/profile/project/${encodeURIComponent(projectId)}`, undefined, {
          signal,
        })
      ).project,
    [projectId],
  );
}
