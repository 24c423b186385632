import { apiPost } from '@sq/api-client';

/** POST /api/applications/{joinId}/checkin — today's check-in (sprint; 409 after 22:00 Asia/Seoul). */
export async function checkIn(joinId: number): Promise<{ day: string; checkedAt: string }> {
  return apiPost<{ day: string; checkedAt: string }>(`/applications/${joinId}/checkin`);
}
