import type { Knex } from 'knex';
import { ROLE_NAMES, type ApplicantRole } from '@sq/contracts/api/applications';
import type { SprintProject } from '@sq/contracts/api/operators';
import { countRows, pageWindow, type Row } from '@sq/service-kit';
import type { PeopleClient } from './people-client';

/** Members shown with a published project: those who finished with the team (dropped or refunded ones are not). */
const FINISHED_WITH_TEAM = ['ASSIGNED', 'COMPLETED'] as const;

export interface SprintProjectFilter {
  productId?: number;
  oddId?: number;
  page: number;
  size: number;
}

/**
 * Sprint projects on /projects: the final submissions of teams whose cohort's judging results are published
 * (a stopped team's are not). Newest results first; within a cohort the winner first, then by team.
 * Members are shown by nickname and career card ID (never their names), like the other past projects.
 */
export async function listSprintProjects({ knex }: { knex: Knex }, people: Pick<PeopleClient, 'lookup'>, filter: SprintProjectFilter) {
  const scoped = knex('team_submission as s')
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
    .select('s.*', 't.name as team_name', 't.odd_id', 'c.name as cohort_name', 'p.product_id', 'p.name as product_name', 'r.published_at', 'r.winner_team_id')
    .orderBy([{ column: 'r.published_at', order: 'desc' }, { column: 't.odd_id', order: 'desc' }])
    .orderByRaw('(t.team_id = r.winner_team_id) desc, t.team_id')
    .limit(limit)
    .offset(offset);
  const members: Row[] = rows.length
    ? await knex('team_member as m')
        .join('application as a', 'a.join_id', 'm.join_id')
        .whereIn('m.team_id', rows.map((r) => r.team_id))
        .whereIn('a.status', FINISHED_WITH_TEAM)
        .orderBy('m.join_id')
        .select('m.team_id', 'a.user_id', 'a.role')
    : [];
  const who = await people.lookup(members.map((m) => m.user_id));
  const items: SprintProject[] = rows.map((row) => ({
    teamId: row.team_id,
    teamName: row.team_name,
    projectName: row.project_name,
    description: row.description,
    repositoryUrl: row.repository_url,
    demoUrl: row.demo_url,
    images: row.images as string[],
    productId: row.product_id,
    productName: row.product_name,
    oddId: row.odd_id,
    cohortName: row.cohort_name,
    winner: row.winner_team_id === row.team_id,
    members: members
      .filter((m) => m.team_id === row.team_id)
      .map((m) => ({ alias: who.get(m.user_id)?.alias ?? null, role: m.role, roleName: m.role ? ROLE_NAMES[m.role as ApplicantRole] : null, profileId: who.get(m.user_id)?.profileId ?? null })),
    publishedAt: new Date(row.published_at).toISOString(),
  }));
  return { items, page: filter.page, size: filter.size, total };
}
