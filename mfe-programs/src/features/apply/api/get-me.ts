import { apiGet } from '@sq/api-client';
import type { UserDataResponse } from '@sq/contracts';

/** GET /api/meOauth — the signed-in member: contact e-mail, phone and job group prefill the required step. */
export async function getMe(signal?: AbortSignal) {
  return (await apiGet<UserDataResponse>('/meOauth', undefined, { signal })).userData;
}
