import { apiGet } from '@sq/api-client';
import type { CheckupIntroResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/itskill/checkup — the open IT skill check-up (404 when none is open). */
export async function getCheckupIntro(signal?: AbortSignal) {
  const response = await apiGet<CheckupIntroResponse>('/itskill/checkup', undefined, { signal });
  return response.checkup;
}

export function useCheckupIntro() {
  return useAsync((signal) => getCheckupIntro(signal), []);
}
