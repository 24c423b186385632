import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import { ROLE_NAMES } from '@sq/contracts/api/applications';
import type { JudgingPrize } from '@sq/contracts/api/operators/judging';
import type { SubmissionInput } from '@sq/contracts/api/operators/submissions';
import type { TeamHealthResponse } from '@sq/contracts/api/operators/teams';
import { conflict } from '@sq/service-kit';
import { seoulDate } from '../schedule';
import { createSprintRepository, type TeamSubmissionRow } from '../repositories/sprint-repository';
import { createTeamRepository, namesOf } from '../repositories/team-repository';

import { CHECKIN_CLOSES_AT, JUDGING_RUBRIC, SUBMISSION_CLOSES_AT, seoulInstant } from './rules';
import { memberTeam, myCheckin } from './checkins';

/** The submission as the member's and the judges' pages show it (the judges' list reads it with its team). */
export const submissionOf = (
  row:
    | Pick<TeamSubmissionRow, 'project_name' | 'description' | 'repository_url' | 'demo_url' | 'images' | 'updated_at'>
    | undefined,
) =>
  row
    ? {
        projectName: row.project_name,
        description: row.description,
        repositoryUrl: row.repository_url,
        demoUrl: row.demo_url,
        images: row.images,
        updatedAt: new Date(row.updated_at).toISOString(),
      }
    : null;

/** The team's final submission: any member may write it until 15:00 on the last day; read-only after. */
export async function saveSubmission(
  { knex }: { knex: Knex },
  joinId: number,
  userId: number,
  input: SubmissionInput,
  now: Date,
) {
  const sprint = createSprintRepository(knex);
  const team = await memberTeam(sprint, joinId);
  if (team.kind !== 'SPRINT') throw conflict(MESSAGES.sprintNotSprint);
  if (team.status !== 'ASSIGNED' || team.stopped_at) throw conflict(MESSAGES.sprintNotInProgress);
  if (now.getTime() >= seoulInstant(team.end_date, SUBMISSION_CLOSES_AT).getTime())
    throw conflict(MESSAGES.sprintSubmissionClosed);
  await sprint.saveSubmission(team.team_id, { ...input, submittedBy: userId, at: now });
  return submissionOf(await sprint.submission(team.team_id));
}

/** Items by key, each key's in their order (a cohort's members by team: hundreds of teams, thousands of members). */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The page of a cohort's published teams the console asks for (1 first), and the service's page size. */
export interface TeamsPageQuery {
  page: number;
  pageSize: number;
}

/** Which page an answer holds, among how many (TeamPage). */
export const pageFacts = ({ page, pageSize }: TeamsPageQuery, teamCount: number) => ({
  page,
  pageSize,
  teamCount,
  pageCount: Math.ceil(teamCount / pageSize),
});

/** Which teams a page of team health holds (all, or only those in trouble) and the misses that put a member at risk. */
export interface TeamHealthQuery extends TeamsPageQuery {
  trouble: boolean;
  atRiskMisses: number;
}

/**
 * Check-in streaks and misses of every member of a page of the cohort's teams (all of them, or only those in trouble:
 * short-handed or with a member at risk), each member named, for the operators, with the whole cohort's counts: two
 * queries whatever the number of teams and members (the page's teams with the counts; their members, the streak in SQL),
 * at once for a page of every team, the members after the teams for a page of those in trouble (only the first query
 * knows which they are).
 */
export async function teamHealth(
  { knex }: { knex: Knex },
  oddId: number,
  now: Date,
  query: TeamHealthQuery,
): Promise<TeamHealthResponse> {
  const today = seoulDate(now);
  const teams = createTeamRepository(knex);
  const at = { page: query.page, size: query.pageSize };
  const judged = teams.health(oddId, at, { troubleOnly: query.trouble, atRiskMisses: query.atRiskMisses });
  const members = query.trouble
    ? judged.then((found) =>
        teams.healthMembers(
          oddId,
          found.teams.map((t) => t.team_id),
          today,
        ),
      )
    : teams.healthMembers(oddId, at, today);
  const [{ summary, teams: rows }, found] = await Promise.all([judged, members]);
  const byTeam = groupBy(found, (m) => m.team_id);
  return {
    oddId,
    day: today,
    ...pageFacts(query, query.trouble ? summary.troubled_teams : summary.teams),
    trouble: query.trouble,
    atRiskMisses: query.atRiskMisses,
    summary: {
      teams: summary.teams,
      shortHandedTeams: summary.short_handed_teams,
      stoppedTeams: summary.stopped_teams,
      troubledTeams: summary.troubled_teams,
      atRiskMembers: summary.at_risk_members,
      droppedMembers: summary.dropped_members,
    },
    teams: rows.map((team) => ({
      teamId: team.team_id,
      teamKey: team.team_key,
      name: team.name,
      active: team.active,
      dropped: team.dropped,
      shortHanded: team.short_handed,
      stopped: team.stopped,
      atRisk: team.at_risk,
      members: (byTeam.get(team.team_id) ?? []).map((m) => ({
        ...namesOf(m),
        role: m.role,
        state: m.status,
        checkins: m.checkins,
        streak: m.streak,
        misses: m.misses,
        lastMiss: m.last_miss,
      })),
    })),
  };
}

/** The member's view of their team: teammates, roles, career card links, placement, schedule, submission, results. */
export async function teamView(
  { knex }: { knex: Knex },
  joinId: number,
  people: { lookup(ids: number[]): Promise<Map<number, { name: string; profileId: string | null }>> },
  siteUrl: string,
  now: Date,
) {
  const sprint = createSprintRepository(knex);
  const team = await memberTeam(sprint, joinId);
  const mates = await sprint.teammates(team.team_id);
  const names = await people.lookup(mates.map((m) => m.user_id));
  const active = mates.filter((m) => m.status === 'ASSIGNED').length;
  const result = await sprint.result(team.odd_id);
  const score = result ? await sprint.score(team.team_id) : null;
  const today = seoulDate(now);
  return {
    team: {
      teamId: team.team_id as number,
      key: team.team_key as string,
      name: team.team_name as string,
      shortHanded: active < (team.min_team_size ?? 1),
      stopped: Boolean(team.stopped_at),
    },
    explanation: team.explanation as string,
    members: mates.map((m) => {
      const person = names.get(m.user_id);
      const profileId = person?.profileId ?? null;
      return {
        joinId: m.join_id,
        name: person?.name ?? null,
        role: m.role,
        roleName: m.role ? ROLE_NAMES[m.role] : null,
        state: m.status,
        careerCardUrl: profileId ? `${siteUrl}/careercard/${profileId}` : null,
        profileId,
        careerYears: m.answers?.required?.careerYears ?? null,
      };
    }),
    schedule: {
      teamBuildingAnnounceDate: team.team_building_announce_date as string | null,
      kickoffDate: team.kickoff_date as string | null,
      startDate: team.start_date as string,
      endDate: team.end_date as string,
      checkinClosesAt: team.kind === 'SPRINT' ? CHECKIN_CLOSES_AT : null,
      submissionClosesAt:
        team.kind === 'SPRINT' ? seoulInstant(team.end_date, SUBMISSION_CLOSES_AT).toISOString() : null,
    },
    checkedInToday: Boolean(await sprint.checkin(joinId, today)),
    checkin: await myCheckin(sprint, team, now),
    submission: submissionOf(await sprint.submission(team.team_id)),
    submissionOpen:
      team.kind === 'SPRINT' && now.getTime() < seoulInstant(team.end_date, SUBMISSION_CLOSES_AT).getTime(),
    results: result
      ? {
          publishedAt: new Date(result.published_at).toISOString(),
          winner: result.winner_team_id === team.team_id,
          scores: score?.scores ?? null,
          total: score?.total ?? null,
          feedback: score?.feedback ?? null,
          prizes: (result.prizes as JudgingPrize[]).filter((p) => p.teamId === team.team_id),
          rubric: [...JUDGING_RUBRIC],
        }
      : null,
  };
}
