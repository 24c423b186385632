import { apiGet, apiPost, isApiError } from '@sq/api-client';
import {
  SKILL_POINT_REASON,
  type PointGrantResponse,
  type PointStatusResponse,
  type SharedCheckupResult,
  type SharedCheckupResultResponse,
} from '@sq/contracts';

/** GET /api/itskill/results/{shareKey} — public, no personal data. */
export async function getSharedResult(shareKey: string, signal?: AbortSignal): Promise<SharedCheckupResult> {
  return (
    await apiGet<SharedCheckupResultResponse>(`/itskill/results/${encodeURIComponent(shareKey)}`, undefined, { signal })
  ).result;
}

/** GET /api/itskill/my-result — the signed-in member's latest result; null when they have none. */
export async function getMyResult(signal?: AbortSignal): Promise<SharedCheckupResult | null> {
  try {
    return (await apiGet<SharedCheckupResultResponse>('/itskill/my-result', undefined, { signal })).result;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/point/skill — whether the check-up's point was already received. */
export async function getPointReceived(signal?: AbortSignal): Promise<boolean> {
  return (
    (await apiGet<PointStatusResponse>('/point/skill', { reasonCode: SKILL_POINT_REASON }, { signal })).received === 'Y'
  );
}

/** POST /api/point/skill {reasonCode, reasonText, entry} — granted once, after a completed check-up. */
export async function claimSkillPoint(): Promise<number> {
  const response = await apiPost<PointGrantResponse>('/point/skill', {
    reasonCode: SKILL_POINT_REASON,
    reasonText: 'IT 스킬 체크업 완료',
    entry: 'itskillcheckup',
  });
  return response.granted;
}
