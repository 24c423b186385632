import { useEffect, useState } from 'react';
import type { TeamPage } from '@sq/contracts/api/operators/teams';
import { useAsync } from '@sq/ui';

export interface TeamPageState<T extends TeamPage, F = null> {
  /** The answer on screen: the latest one received (null before the first). */
  data: T | null;
  /** Another page, or the page on screen again, is on its way. */
  loading: boolean;
  /** Why the latest request failed, else null. */
  error: unknown;
  /** Asks for another page. */
  go: (page: number) => void;
  /** Asks for the page on screen again, as the service now has it (after an action on it). */
  reload: () => void;
  /** The filter asked for (the one a filter control shows chosen, before its answer arrives). */
  filter: F;
  /** Asks for the first page of the teams another filter leaves. */
  setFilter: (filter: F) => void;
}

/**
 * A cohort's published teams a page at a time (team health, which the team operations page reads too, and judging), with
 * the page's filter when it has one (team health: only the teams in trouble): the page and the filter are the screen's
 * state, as the board keeps its own, so a reload after an action asks for the same page of the same teams. The page on
 * screen stays while another page or a reload is on its way, so the forms and dialogs on it keep what they hold
 * (useAsync alone has nothing to show while loading). Another filter starts at the first page; a page past the last, once
 * there are fewer teams, goes to the last.
 */
export function useTeamPage<T extends TeamPage, F = null>(
  oddId: number,
  load: (page: number, signal: AbortSignal, filter: F) => Promise<T>,
  firstFilter: F = null as F,
): TeamPageState<T, F> {
  const [view, setView] = useState({ page: 1, filter: firstFilter });
  const answer = useAsync(
    (signal) => load(view.page, signal, view.filter),
    [oddId, view.page, JSON.stringify(view.filter)],
  );
  const [shown, setShown] = useState<T | null>(null);
  useEffect(() => {
    if (answer.status !== 'success') return;
    setShown(answer.data);
    const { page, pageCount } = answer.data;
    if (page > pageCount && pageCount > 0) setView((now) => (now.page === page ? { ...now, page: pageCount } : now));
  }, [answer.status, answer.data]);
  return {
    data: answer.status === 'success' ? answer.data : shown,
    loading: answer.status === 'loading',
    error: answer.status === 'error' ? answer.error : null,
    go: (page) => setView((now) => ({ ...now, page })),
    reload: answer.reload,
    filter: view.filter,
    setFilter: (filter) => setView({ page: 1, filter }),
  };
}
