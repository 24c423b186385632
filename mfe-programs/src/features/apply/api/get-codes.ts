import { apiGet } from '@sq/api-client';
import type {
  CodeGroupDetailResponse,
  CommonCode,
  JobGroupPositionResponse,
  JobGroupWithPositions,
} from '@sq/contracts';

export const CAREER_YEARS_GROUP = 'CAREER_YEARS';

/** GET /api/profile/job-group/position — job groups with their positions. */
export async function getJobGroups(signal?: AbortSignal): Promise<JobGroupWithPositions[]> {
  return (await apiGet<JobGroupPositionResponse>('/profile/job-group/position', undefined, { signal })).jobGroups;
}

/** GET /api/common/getCodeGroupDetail?groupId=CAREER_YEARS — the career-years choices. */
export async function getCareerYears(signal?: AbortSignal): Promise<CommonCode[]> {
  return (
    await apiGet<CodeGroupDetailResponse>('/common/getCodeGroupDetail', { groupId: CAREER_YEARS_GROUP }, { signal })
  ).codeGroup.codes;
}
