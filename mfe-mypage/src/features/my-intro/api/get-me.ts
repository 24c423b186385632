import { apiGet } from '@sq/api-client';
import type { UserDataResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/meOauth — the signed-in member (userData) and whether they are a registered user (isUser). */
export async function getMe(signal?: AbortSignal) {
  return apiGet<UserDataResponse>('/meOauth', undefined, { signal });
}

export function useMe() {
  return useAsync((signal) => getMe(signal), []);
}
