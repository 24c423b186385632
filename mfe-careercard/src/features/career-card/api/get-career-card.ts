import { apiGet } from '@sq/api-client';
import type { CareerCardResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/profile/{id} — the public career card; a private or unknown id answers 404. */
export async function getCareerCard(profileId: string, signal?: AbortSignal) {
  const response = await apiGet<CareerCardResponse>(`/profile/${encodeURIComponent(profileId)}`, undefined, { signal });
  return response.profile;
}

export function useCareerCard(profileId: string) {
  return useAsync((signal) => getCareerCard(profileId, signal), [profileId]);
}
