import { apiGet } from '@sq/api-client';
import type { JobGroupPositionResponse, JobGroupWithPositions } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/profile/job-group/position: the job groups with their positions (sign-up and onboarding pickers). */
export function getJobGroups(signal?: AbortSignal): Promise<JobGroupWithPositions[]> {
  return apiGet<JobGroupPositionResponse>('/profile/job-group/position', undefined, { signal }).then(
    (r) => r.jobGroups,
  );
}

export function useJobGroups() {
  return useAsync((signal) => getJobGroups(signal), []);
}
