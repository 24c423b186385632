/**
 * Sprint projects as /projects lists them (operators/sprint-projects.ts): the final submissions (`team_submission`)
 * of teams whose cohort's judging results are published (`cohort_result`), and the members shown with them.
 */
import type { ApplicantRole, ApplicationState } from '@sq/contracts/api/applications';
import { countRows, pageWindow, type Row } from '@sq/service-kit';
import type { Db } from './db';

export interface SprintProjectFilter {
  productId?: number;
  oddId?: number;
  page: number;
  size: number;
}

/**
 * A page of the submissions of teams not stopped whose cohort's results are published, with their team, cohort,
 * product and result; newest results first, within a cohort the winner first, then by team. `total`: all of them.
 */
export async function publishedSubmissions(
  db: Db,
  filter: SprintProjectFilter,
): Promise<{ rows: Row[]; total: number }> {
  const scoped = db('team_submission as s')
    .join('team as t', 't.team_id', 's.team_id')
    .join('cohort_result as r', 'r.odd_id', 't.odd_id')
    .join('cohort as c', 'c.odd_id', 't.odd_id')
    .join('product as p', 'p.product_id', 'c.product_id')
    .whereNull('t.stopped_at')
    .modify((q) => {
      if (filter.productId !== undefined) q.where('c.product_id', filter.productId);
      if (filter.oddId !== undefined) q.where('t.odd_id', filter.oddId);
    });
  const total = await countRows(scoped);
  const { limit, offset } = pageWindow(filter);
  const rows: Row[] = await scoped
    .clone()
    .select(
      's.*',
      't.name as team_name',
      't.odd_id',
      'c.name as cohort_name',
      'p.product_id',
      'p.name as product_name',
      'r.published_at',
      'r.winner_team_id',
    )
    .orderBy([
      { column: 'r.published_at', order: 'desc' },
      { column: 't.odd_id', order: 'desc' },
    ])
    .orderByRaw('(t.team_id = r.winner_team_id) desc, t.team_id')
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

/** The members of the teams whose application is in one of `states`, in application order. */
export async function teamMembersIn(
  db: Db,
  teamIds: number[],
  states: readonly ApplicationState[],
): Promise<{ team_id: number; user_id: number; role: ApplicantRole | null }[]> {
  if (!teamIds.length) return [];
  return db('team_member as m')
    .join('application as a', 'a.join_id', 'm.join_id')
    .whereIn('m.team_id', teamIds)
    .whereIn('a.status', states)
    .orderBy('m.join_id')
    .select('m.team_id', 'a.user_id', 'a.role');
}
