import type { Knex } from 'knex';
import { ROLE_NAMES, type ApplicationState } from '@sq/contracts/api/applications';
import type { SprintProject } from '@sq/contracts/api/operators/sprint';
import {
  publishedSubmissions,
  teamMembersIn,
  type SprintProjectFilter,
} from '../repositories/sprint-project-repository';
import type { PeopleClient } from '../clients/people-client';

/** Members shown with a published project: those who finished with the team (dropped or refunded ones are not). */
const FINISHED_WITH_TEAM: readonly ApplicationState[] = ['ASSIGNED', 'COMPLETED'];

/**
 * Sprint projects on /projects: the final submissions of teams whose cohort's judging results are published
 * (a stopped team's are not). Newest results first; within a cohort the winner first, then by team.
 * Members are shown by nickname and career card ID (never their names), like the other past projects.
 */
export async function listSprintProjects(
  { knex }: { knex: Knex },
  people: Pick<PeopleClient, 'lookup'>,
  filter: SprintProjectFilter,
) {
  const { rows, total } = await publishedSubmissions(knex, filter);
  const members = await teamMembersIn(
    knex,
    rows.map((r) => r.team_id),
    FINISHED_WITH_TEAM,
  );
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
      .map((m) => ({
        alias: who.get(m.user_id)?.alias ?? null,
        role: m.role,
        roleName: m.role ? ROLE_NAMES[m.role] : null,
        profileId: who.get(m.user_id)?.profileId ?? null,
      })),
    publishedAt: new Date(row.published_at).toISOString(),
  }));
  return { items, page: filter.page, size: filter.size, total };
}
