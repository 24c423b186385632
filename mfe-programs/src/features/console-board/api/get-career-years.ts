import { apiGet } from '@sq/api-client';
import type { CodeGroupDetailResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/common/getCodeGroupDetail?groupId=CAREER_YEARS — the career choices the applicants picked from. */
export async function getCareerYears(signal?: AbortSignal) {
  return (await apiGet<CodeGroupDetailResponse>('/common/getCodeGroupDetail', { groupId: 'CAREER_YEARS' }, { signal }))
    .codeGroup.codes;
}

export function useCareerYears() {
  return useAsync((signal) => getCareerYears(signal), []);
}
