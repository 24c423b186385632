import { apiGet } from '@sq/api-client';
import type { CodeGroupDetailResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/common/getCodeGroupDetail?groupId= — the names of a code group's codes (POSITION, CAREER_YEARS, ...). */
export async function getCodeNames(groupId: string, signal?: AbortSignal): Promise<Record<string, string>> {
  const { codes } = (await apiGet<CodeGroupDetailResponse>('/common/getCodeGroupDetail', { groupId }, { signal }))
    .codeGroup;
  return Object.fromEntries(codes.map((c) => [c.code, c.name]));
}

export function useCodeNames(groupId: string) {
  return useAsync((signal) => getCodeNames(groupId, signal), [groupId]);
}
