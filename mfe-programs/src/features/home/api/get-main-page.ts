import { apiGet, previewParam } from '@sq/api-client';
import type { MainPageResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/open/main-page — banners, featured projects and stories, the programs with their cohorts. */
export async function getMainPage(signal?: AbortSignal) {
  const response = await apiGet<MainPageResponse>('/open/main-page', previewParam(), { signal });
  return response.mainPage;
}

export function useMainPage() {
  return useAsync((signal) => getMainPage(signal), []);
}
