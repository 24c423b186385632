import { apiPost } from '@sq/api-client';
import type { BoardResponse } from '@sq/contracts/api/operators/board';
import { boardQuery, type BoardView } from './get-board';

/** POST /api/admin/cohorts/{oddId}/board/run — the matcher around the locks; the same seed gives the same teams; answers the view's page. */
export async function runMatcher(oddId: number, seed: number | undefined, view: BoardView) {
  return apiPost<BoardResponse>(`/admin/cohorts/${oddId}/board/run`, seed === undefined ? {} : { seed }, {
    params: boardQuery(view),
  });
}
