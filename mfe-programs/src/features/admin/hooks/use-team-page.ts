import { useEffect, useState } from 'react';
import type { TeamPage } from '@sq/contracts/api/operators';
import { useAsync } from '@sq/ui';

export interface TeamPageState<T extends TeamPage> {
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
}

/**
 * A cohort's published teams a page at a time (team health, which the team operations page reads too, and judging):
 * the page on screen stays while another page or a reload after an action is on its way, so the forms and dialogs on
 * it keep what they hold (useAsync alone has nothing to show while loading). A page past the last, once there are
 * fewer teams, goes to the last.
 */
export function useTeamPage<T extends TeamPage>(oddId: number, load: (page: number, signal: AbortSignal) => Promise<T>): TeamPageState<T> {
  const [page, setPage] = useState(1);
  const answer = useAsync((signal) => load(page, signal), [oddId, page]);
  const [shown, setShown] = useState<T | null>(null);
  useEffect(() => {
    if (answer.status !== 'success') return;
    setShown(answer.data);
    if (answer.data.page > answer.data.pageCount && answer.data.pageCount > 0) setPage(answer.data.pageCount);
  }, [answer.status, answer.data]);
  return {
    data: answer.status === 'success' ? answer.data : shown,
    loading: answer.status === 'loading',
    error: answer.status === 'error' ? answer.error : null,
    go: setPage,
    reload: answer.reload,
  };
}
