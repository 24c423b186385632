import { apiGet } from '@sq/api-client';
import type { BoardResponse } from '@sq/contracts/api/operators/board';
import { useAsync } from '@sq/ui';
import { peopleFilterQuery, type PeopleFilterForm } from '../people-filters';

/** The part of the board the console shows: a page of its teams and of its waitlist, and the people filters. */
export interface BoardView {
  page: number;
  waitlistPage: number;
  filters: PeopleFilterForm;
}

/** The query of a view (the service answers the board's actions with the same page). */
export function boardQuery(view: BoardView): Record<string, string> {
  return {
    page: String(view.page),
    ...(view.waitlistPage > 1 ? { waitlistPage: String(view.waitlistPage) } : {}),
    ...peopleFilterQuery(view.filters),
  };
}

/**
 * GET /api/admin/cohorts/{oddId}/board — proposed teams (members, locks, explanations, score) and the waitlist with
 * reasons, a page of each (there is no whole board: the team pages' own answers name their members).
 */
export async function getBoard(oddId: number, view: BoardView, signal?: AbortSignal) {
  return apiGet<BoardResponse>(`/admin/cohorts/${oddId}/board`, boardQuery(view), { signal });
}

export function useBoard(oddId: number, view: BoardView) {
  return useAsync((signal) => getBoard(oddId, view, signal), [oddId, JSON.stringify(view)]);
}
