import { apiGet } from '@sq/api-client';
import type { LeftMenuResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/project/getLeftMenu — programs with their cohorts and project counts. */
export async function getLeftMenu(signal?: AbortSignal) {
  const response = await apiGet<LeftMenuResponse>('/project/getLeftMenu', undefined, { signal });
  return response.leftMenu;
}

export function useLeftMenu() {
  return useAsync((signal) => getLeftMenu(signal), []);
}
