import { apiGet } from '@sq/api-client';
import type { CodeGroupDetailResponse, CommonCode } from '@sq/contracts';
import { useAsync } from '@sq/ui';

export const CAREER_YEARS_GROUP = 'CAREER_YEARS';

/** GET /api/common/getCodeGroupDetail?groupId=CAREER_YEARS: the career-years choices. */
export function getCareerYears(signal?: AbortSignal): Promise<CommonCode[]> {
  return apiGet<CodeGroupDetailResponse>(
    '/common/getCodeGroupDetail',
    { groupId: CAREER_YEARS_GROUP },
    { signal },
  ).then((r) => r.codeGroup.codes);
}

export function useCareerYears() {
  return useAsync((signal) => getCareerYears(signal), []);
}
