import { apiGet } from '@sq/api-client';
import type { ReleaseWindow, ReleasesResponse } from '@sq/contracts/rum';

/** GET /api/admin/releases?window= — per remote: live, canary, history, and each version's field figures. */
export async function getReleases(window: ReleaseWindow, signal?: AbortSignal): Promise<ReleasesResponse> {
  return apiGet<ReleasesResponse>('/admin/releases', { window }, { signal });
}
