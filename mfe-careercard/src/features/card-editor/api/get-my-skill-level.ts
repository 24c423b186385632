import { apiGet, isApiError } from '@sq/api-client';
import type { CareerCardSkillLevel, MyCheckupResultResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/**
 * GET /api/itskill/my-result — the member's latest completed check-up, as the card would show it; null when
 * they have none (404). The editor shows it next to the visibility switch so the member knows what they publish.
 */
export async function getMySkillLevel(signal?: AbortSignal): Promise<Omit<CareerCardSkillLevel, 'completedAt'> | null> {
  try {
    const { result } = await apiGet<MyCheckupResultResponse>('/itskill/my-result', undefined, { signal });
    return result.level && result.levelName
      ? { level: result.level, levelName: result.levelName, shareKey: result.shareKey }
      : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useMySkillLevel() {
  return useAsync((signal) => getMySkillLevel(signal), []);
}
