import { apiGet, apiPost } from '@sq/api-client';
import type { SurveyAlarmResponse } from '@sq/contracts';

/** GET /api/getIsAlarm — whether the member asked to be told when the next season opens. */
export async function getIsAlarm(signal?: AbortSignal): Promise<boolean> {
  return (await apiGet<SurveyAlarmResponse>('/getIsAlarm', undefined, { signal })).isAlarm;
}

/** POST /api/setSurveyAlarm — ask for the mail when the next season opens. */
export async function setSurveyAlarm(): Promise<boolean> {
  return (await apiPost<SurveyAlarmResponse>('/setSurveyAlarm', {})).isAlarm;
}
