import { apiPost } from '@sq/api-client';
import type { BoardResponse } from '@sq/contracts/api/operators/board';
import { boardQuery, type BoardView } from './get-board';

/** POST /api/admin/cohorts/{oddId}/board/move — to another team (a new key makes a new team), or to the waitlist (null); answers the view's page. */
export async function moveMember(oddId: number, joinId: number, toTeam: string | null, view: BoardView) {
  return apiPost<BoardResponse>(`/admin/cohorts/${oddId}/board/move`, { joinId, toTeam }, { params: boardQuery(view) });
}
