import { apiPost } from '@sq/api-client';
import type { BoardResponse } from '@sq/contracts/api/operators/board';
import { boardQuery, type BoardView } from './get-board';

/** POST /api/admin/cohorts/{oddId}/board/lock — a member on their team, or a whole team, stays put on a re-run; answers the view's page. */
export async function lockOnBoard(
  oddId: number,
  target: { joinId: number } | { teamKey: string },
  locked: boolean,
  view: BoardView,
) {
  return apiPost<BoardResponse>(
    `/admin/cohorts/${oddId}/board/lock`,
    { ...target, locked },
    { params: boardQuery(view) },
  );
}
