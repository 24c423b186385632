import { apiPost } from '@sq/api-client';
import type { BoardResponse } from '@sq/contracts/api/operators';

/** POST /api/admin/cohorts/{oddId}/board/move — to another team (a new key makes a new team), or to the waitlist (null). */
export async function moveMember(oddId: number, joinId: number, toTeam: string | null) {
  return apiPost<BoardResponse>(`/admin/cohorts/${oddId}/board/move`, { joinId, toTeam });
}
