import type { ReactNode } from 'react';
import type { TeamPage } from '@sq/contracts/api/operators/teams';
import { Spinner } from '@sq/ui';
import { LoadError } from '../LoadError';
import { Pagination } from '../Pagination';
import type { TeamPageState } from './use-team-page';

/**
 * A page of a cohort's published teams on screen: the first load, its failure, none published yet (`empty`, when `none`
 * says so: by default no team on any page), or the page (`children`), kept while another page or a reload is on its way
 * (with the spinner, and a failure's retry above it).
 */
export function TeamPageView<T extends TeamPage, F>({
  pages,
  empty,
  none = (data) => data.teamCount === 0,
  children,
}: {
  pages: TeamPageState<T, F>;
  empty: ReactNode;
  none?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { data, loading, error, reload } = pages;
  if (!data) return loading ? <Spinner boxed /> : <LoadError error={error} onRetry={reload} />;
  return (
    <>
      {error ? <LoadError error={error} onRetry={reload} /> : null}
      {loading ? <Spinner /> : null}
      {none(data) ? empty : children(data)}
    </>
  );
}

/** The links to the other pages of the teams (none when they fit on one). */
export function TeamPageLinks({ pages }: { pages: Pick<TeamPageState<TeamPage, unknown>, 'data' | 'go'> }) {
  const { data, go } = pages;
  return data ? (
    <Pagination page={data.page} size={data.pageSize} total={data.teamCount} onChange={go} label="팀 페이지 이동" />
  ) : null;
}
