import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import { ROLE_NAMES, type ApplicationAnswers } from '@sq/contracts/api/applications';
import { MEMBER_PRIZE_MAX_KRW, TOTAL_PRIZE_MAX_KRW, WINNING_TEAM_PRIZE_KRW, type JudgingPrize, type JudgingView, type SprintCheckinResponse, type SubmissionInput, type TeamHealthResponse } from '@sq/contracts/api/operators';
import { conflict, notFound, type Row } from '@sq/service-kit';
import { seoulDate, addToDate } from '../schedule';
import { transition } from '../core/transition';
import { loadContext } from '../repositories/application-lifecycle-repository';
import { audit } from '../repositories/audit-log-repository';
import { createBoardRepository } from '../repositories/board-repository';
import { createSprintRepository, type SprintRepository } from '../repositories/sprint-repository';
import { createTeamRepository, namesOf } from '../repositories/team-repository';

/** Check-ins close at 22:00 Korean time each day of the sprint (spec). */
export const CHECKIN_CLOSES_AT = '22:00';
/** Consecutive missed check-ins after which the member is dropped (spec). */
export const MISSES_BEFORE_DROP = 2;
/** The final submission closes at 15:00 Korean time on the last day (spec). */
export const SUBMISSION_CLOSES_AT = '15:00';
// Prizes (spec), shared with the console's judging page through the contract.
export { WINNING_TEAM_PRIZE_KRW, MEMBER_PRIZE_MAX_KRW, TOTAL_PRIZE_MAX_KRW } from '@sq/contracts/api/operators';
/** The judging rubric: criteria scored 0..10, weights in percent (they add up to 100). */
export const JUDGING_RUBRIC = [
  { key: 'problem', name: '문제 정의', weight: 25 },
  { key: 'execution', name: '완성도', weight: 35 },
  { key: 'design', name: '사용성과 디자인', weight: 20 },
  { key: 'teamwork', name: '협업', weight: 20 },
] as const;
export type RubricKey = (typeof JUDGING_RUBRIC)[number]['key'];

/** The instant `HH:MM` Korean time on a Korean calendar day. */
export const seoulInstant = (day: string, time: string) => new Date(`${day}T${time}:00+09:00`);

/** The member's published team in a sprint (or any program), with the cohort's dates. */
export async function memberTeam(sprint: SprintRepository, joinId: number): Promise<Row> {
  const row = await sprint.memberTeam(joinId);
  if (!row) throw notFound(MESSAGES.sprintNoTeam);
  return row;
}

/** Today's check-in (once per Korean day, until 22:00, members of a sprint team while it runs). */
export async function checkIn({ knex }: { knex: Knex }, joinId: number, now: Date): Promise<SprintCheckinResponse> {
  const sprint = createSprintRepository(knex);
  const team = await memberTeam(sprint, joinId);
  if (team.kind !== 'SPRINT') throw conflict(MESSAGES.sprintNotSprint);
  const day = seoulDate(now);
  if (team.status !== 'ASSIGNED' || team.stopped_at || day < team.start_date || day > team.end_date) throw conflict(MESSAGES.sprintNotInProgress);
  if (now.getTime() >= seoulInstant(day, CHECKIN_CLOSES_AT).getTime()) throw conflict(MESSAGES.sprintCheckinClosed);
  await sprint.addCheckin(joinId, day, now);
  const row = (await sprint.checkin(joinId, day))!;
  return { day, checkedAt: new Date(row.checked_at).toISOString() };
}

/**
 * The 22:00 job for one Korean day: every assigned member of a running sprint team without a check-in that
 * day gets a miss; a member with MISSES_BEFORE_DROP consecutive misses is dropped (state, mail, audit row
 * for the operators). Running it twice for a day changes nothing more.
 */
export async function recordMisses(app: FastifyInstance, day: string): Promise<{ missed: number[]; dropped: number[] }> {
  const sprint = createSprintRepository(app.knex);
  const members = await sprint.runningMembers(day);
  const result = { missed: [] as number[], dropped: [] as number[] };
  for (const member of members) {
    const joinId = member.join_id;
    if (await sprint.checkin(joinId, day)) continue;
    if (!(await sprint.addMiss(joinId, day, member.odd_id))) continue;
    result.missed.push(joinId);
    const days = Array.from({ length: MISSES_BEFORE_DROP }, (_, i) => addToDate(day, 0, -i));
    if (days.some((d) => d < member.start_date)) continue;
    if ((await sprint.missesAmong(joinId, days)) < MISSES_BEFORE_DROP) continue;
    await app.knex.transaction(async (trx) => {
      await transition(trx, { joinId, to: 'DROPPED', actor: 'SYSTEM', reason: MESSAGES.sprintDroppedReason });
      // The operators' notice: the audit log and team health show it (actor 0 = the system).
      await audit(trx, { actorUserId: 0, action: 'SPRINT_DROP_MISSED_CHECKINS', targetType: 'APPLICATION', targetId: joinId, oddId: member.odd_id, before: { status: 'ASSIGNED' }, after: { status: 'DROPPED', missedDays: days }, at: app.clock() });
    });
    result.dropped.push(joinId);
    await mailDrop(app, joinId, days).catch((error: unknown) => app.log.warn({ err: error, joinId }, 'drop mail not sent'));
  }
  return result;
}

/** The dropped member's mail, and the operators' notice when OPERATOR_NOTIFY_EMAIL is set. */
async function mailDrop(app: FastifyInstance, joinId: number, days: string[]): Promise<void> {
  const row = await loadContext(app.knex, joinId);
  const to = ((row?.answers ?? {}) as ApplicationAnswers).required?.contactEmail;
  const lines = [`${row?.cohort_name ?? ''} 체크인을 ${days.slice().reverse().join(', ')} 이틀 연속 하지 않아 중도 하차 처리되었어요.`, `지원 내역: ${app.programsConfig.siteUrl}/mypage/history/${joinId}`];
  if (to) await app.mailer.send({ to, subject: '[10일 팀 스프린트] 중도 하차 안내', text: lines.join('\n'), html: lines.map((l) => `<p>${l.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`).join('') });
  const operators = app.operatorsConfig.notifyEmail;
  if (operators) await app.mailer.send({ to: operators, subject: `[운영] 체크인 2회 연속 누락으로 지원 #${joinId} 중도 하차`, text: lines.join('\n'), html: lines.map((l) => `<p>${l.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`).join('') });
}

const submissionOf = (row: Row | undefined) =>
  row ? { projectName: row.project_name, description: row.description, repositoryUrl: row.repository_url, demoUrl: row.demo_url, images: row.images as string[], updatedAt: new Date(row.updated_at).toISOString() } : null;

/** The team's final submission: any member may write it until 15:00 on the last day; read-only after. */
export async function saveSubmission({ knex }: { knex: Knex }, joinId: number, userId: number, input: SubmissionInput, now: Date) {
  const sprint = createSprintRepository(knex);
  const team = await memberTeam(sprint, joinId);
  if (team.kind !== 'SPRINT') throw conflict(MESSAGES.sprintNotSprint);
  if (team.status !== 'ASSIGNED' || team.stopped_at) throw conflict(MESSAGES.sprintNotInProgress);
  if (now.getTime() >= seoulInstant(team.end_date, SUBMISSION_CLOSES_AT).getTime()) throw conflict(MESSAGES.sprintSubmissionClosed);
  await sprint.saveSubmission(team.team_id, { ...input, submittedBy: userId, at: now });
  return submissionOf(await sprint.submission(team.team_id));
}

/** Consecutive days checked in, up to today (or up to yesterday while today's check-in is still to come). */
export function streakOf(checkins: readonly string[], today: string): number {
  const days = new Set(checkins);
  let day = days.has(today) ? today : addToDate(today, 0, -1);
  let streak = 0;
  for (; days.has(day); day = addToDate(day, 0, -1)) streak += 1;
  return streak;
}

/** The member's own check-in state for my page: today's, the streak, the misses, whether it is open now. */
async function myCheckin(sprint: SprintRepository, team: Row, now: Date) {
  if (team.kind !== 'SPRINT') return null;
  const day = seoulDate(now);
  const closesAt = seoulInstant(day, CHECKIN_CLOSES_AT);
  const checkins = await sprint.checkinsUpTo(team.join_id, day);
  const misses = await sprint.missedDays(team.join_id);
  const todays = checkins.find((c) => c.day === day);
  const running = team.status === 'ASSIGNED' && !team.stopped_at && day >= team.start_date && day <= team.end_date;
  return {
    day,
    closesAt: closesAt.toISOString(),
    open: running && now.getTime() < closesAt.getTime(),
    checkedInAt: todays ? new Date(todays.checked_at).toISOString() : null,
    streak: streakOf(checkins.map((c) => c.day), day),
    misses: misses.length,
    lastMiss: misses[0] ?? null,
    missesBeforeDrop: MISSES_BEFORE_DROP,
  };
}

/** Items by key, each key's in their order (a cohort's members by team: hundreds of teams, thousands of members). */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
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
const pageFacts = ({ page, pageSize }: TeamsPageQuery, teamCount: number) => ({ page, pageSize, teamCount, pageCount: Math.ceil(teamCount / pageSize) });

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
export async function teamHealth({ knex }: { knex: Knex }, oddId: number, now: Date, query: TeamHealthQuery): Promise<TeamHealthResponse> {
  const today = seoulDate(now);
  const teams = createTeamRepository(knex);
  const at = { page: query.page, size: query.pageSize };
  const judged = teams.health(oddId, at, { troubleOnly: query.trouble, atRiskMisses: query.atRiskMisses });
  const members = query.trouble ? judged.then((found) => teams.healthMembers(oddId, found.teams.map((t) => t.team_id), today)) : teams.healthMembers(oddId, at, today);
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
      members: (byTeam.get(team.team_id) ?? []).map((m) => ({ ...namesOf(m), role: m.role, state: m.status, checkins: m.checkins, streak: m.streak, misses: m.misses, lastMiss: m.last_miss })),
    })),
  };
}

/** The member's view of their team: teammates, roles, career card links, placement, schedule, submission, results. */
export async function teamView({ knex }: { knex: Knex }, joinId: number, people: { lookup(ids: number[]): Promise<Map<number, { name: string; profileId: string | null }>> }, siteUrl: string, now: Date) {
  const sprint = createSprintRepository(knex);
  const team = await memberTeam(sprint, joinId);
  const mates = await sprint.teammates(team.team_id);
  const names = await people.lookup(mates.map((m) => m.user_id));
  const active = mates.filter((m) => m.status === 'ASSIGNED').length;
  const result = await sprint.result(team.odd_id);
  const score = result ? await sprint.score(team.team_id) : null;
  const today = seoulDate(now);
  return {
    team: { teamId: team.team_id as number, key: team.team_key as string, name: team.team_name as string, shortHanded: active < (team.min_team_size ?? 1), stopped: Boolean(team.stopped_at) },
    explanation: team.explanation as string,
    members: mates.map((m) => {
      const person = names.get(m.user_id);
      const profileId = person?.profileId ?? null;
      return { joinId: m.join_id, name: person?.name ?? null, role: m.role, roleName: m.role ? ROLE_NAMES[m.role] : null, state: m.status, careerCardUrl: profileId ? `${siteUrl}/careercard/${profileId}` : null, profileId, careerYears: m.answers?.required?.careerYears ?? null };
    }),
    schedule: {
      teamBuildingAnnounceDate: team.team_building_announce_date as string | null,
      kickoffDate: team.kickoff_date as string | null,
      startDate: team.start_date as string,
      endDate: team.end_date as string,
      checkinClosesAt: team.kind === 'SPRINT' ? CHECKIN_CLOSES_AT : null,
      submissionClosesAt: team.kind === 'SPRINT' ? seoulInstant(team.end_date, SUBMISSION_CLOSES_AT).toISOString() : null,
    },
    checkedInToday: Boolean(await sprint.checkin(joinId, today)),
    checkin: await myCheckin(sprint, team, now),
    submission: submissionOf(await sprint.submission(team.team_id)),
    submissionOpen: team.kind === 'SPRINT' && now.getTime() < seoulInstant(team.end_date, SUBMISSION_CLOSES_AT).getTime(),
    results: result
      ? { publishedAt: new Date(result.published_at).toISOString(), winner: result.winner_team_id === team.team_id, scores: score?.scores ?? null, total: score?.total ?? null, feedback: score?.feedback ?? null, prizes: (result.prizes as JudgingPrize[]).filter((p) => p.teamId === team.team_id), rubric: [...JUDGING_RUBRIC] }
      : null,
  };
}

/**
 * What the judges work from: a page of the cohort's teams with their named members, final submission and current score
 * (null until scored), the rubric, the cohort's summary publishing goes by (teams unscored, the ranking with its
 * members named), and the published results once there are any (teams and member prizes named).
 */
export async function judgingView({ knex }: { knex: Knex }, oddId: number, query: TeamsPageQuery & { rankingSize: number }): Promise<JudgingView> {
  const found = await createTeamRepository(knex).judging(oddId, { page: query.page, size: query.pageSize }, query.rankingSize);
  if (!found) throw notFound(MESSAGES.adminCohortNotFound);
  const { counts, teams, ranking, members, result, prizes } = found;
  const membersOf = groupBy(members, (m) => m.team_id);
  const named = (teamId: number) => (membersOf.get(teamId) ?? []).map((m) => ({ ...namesOf(m), role: m.role, state: m.status }));
  return {
    oddId,
    rubric: [...JUDGING_RUBRIC],
    ...pageFacts(query, counts.teams),
    teams: teams.map((t) => ({
      teamId: t.team_id,
      teamKey: t.team_key,
      name: t.name,
      stopped: Boolean(t.stopped_at),
      members: named(t.team_id),
      submission: submissionOf(t.submitted_at ? { ...t, updated_at: t.submitted_at } : undefined),
      score: t.scored_at ? { scores: t.scores!, total: t.total!, feedback: t.feedback!, updatedAt: new Date(t.scored_at).toISOString() } : null,
    })),
    summary: {
      judgedTeams: counts.judged,
      unscoredTeams: counts.unscored,
      ranking: ranking.map((r) => ({ teamId: r.team_id, name: r.name, total: r.total, members: named(r.team_id) })),
    },
    results: result
      ? {
          oddId,
          winnerTeamId: result.winner_team_id as number,
          winnerTeamName: result.winner_team_name as string,
          prizes: prizes.map((p) => ({ teamId: p.team_id, teamName: p.team_name, joinId: p.join_id, amountKrw: p.amount_krw, alias: p.member_nickname, name: p.member_name })),
          publishedAt: new Date(result.published_at).toISOString(),
        }
      : null,
  };
}

/** An operator's score of one team's submission on the weighted rubric, with feedback (before results). */
export async function scoreTeam({ knex }: { knex: Knex }, actorUserId: number, teamId: number, scores: Record<RubricKey, number>, feedback: string, now: Date) {
  const team = await createBoardRepository(knex).team(teamId);
  if (!team) throw notFound(MESSAGES.adminTeamNotFound);
  if (await createSprintRepository(knex).result(team.odd_id)) throw conflict(MESSAGES.judgingResultsPublished);
  // Weighted total out of 1,000 (integer): sum of score(0..10) x weight(%).
  const total = JUDGING_RUBRIC.reduce((sum, c) => sum + scores[c.key] * c.weight, 0);
  return knex.transaction(async (trx) => {
    const sprint = createSprintRepository(trx);
    const before = await sprint.score(teamId);
    await sprint.saveScore(teamId, { scores, total, feedback, judgedBy: actorUserId, at: now });
    await audit(trx, { actorUserId, action: 'JUDGING_SCORE', targetType: 'TEAM', targetId: teamId, oddId: team.odd_id, before: before ? { scores: before.scores, total: before.total, feedback: before.feedback } : null, after: { scores, total, feedback }, at: now });
    return { teamId, scores, total, feedback };
  });
}

/**
 * Publishes the judging: the highest total wins (earlier submission on a tie) and takes the team prize; the
 * operators' member prizes (at most MEMBER_PRIZE_MAX_KRW each) come on top, all within TOTAL_PRIZE_MAX_KRW.
 * Every team must be scored; once only (the cohort_result primary key).
 */
export async function publishResults({ knex }: { knex: Knex }, actorUserId: number, oddId: number, memberPrizes: { joinId: number; amountKrw: number }[], now: Date) {
  return knex.transaction(async (trx) => {
    // Publishing one cohort's results queues behind the cohort's row lock.
    await createBoardRepository(trx).cohort(oddId, true);
    const sprint = createSprintRepository(trx);
    if (await sprint.result(oddId)) throw conflict(MESSAGES.judgingResultsPublished);
    // The whole cohort's teams, as the judging page's summary shows them (the same queries).
    const teams = createTeamRepository(trx);
    const counts = await teams.judgingCounts(oddId);
    if (!counts?.judged) throw notFound(MESSAGES.sprintNoTeam);
    if (counts.unscored) throw conflict(MESSAGES.judgingNotAllScored);
    // Every judged team is scored: the ranking's first wins.
    const winner = (await teams.ranking(oddId, 1))[0]!;
    const prizes: JudgingPrize[] = [{ teamId: winner.team_id, joinId: null, amountKrw: WINNING_TEAM_PRIZE_KRW }];
    for (const prize of memberPrizes) {
      const teamId = await sprint.teamInCohort(prize.joinId, oddId);
      if (teamId === null) throw notFound(MESSAGES.adminNotOnTeam);
      if (prize.amountKrw <= 0 || prize.amountKrw > MEMBER_PRIZE_MAX_KRW) throw conflict(MESSAGES.judgingPrizeLimit);
      prizes.push({ teamId, joinId: prize.joinId, amountKrw: prize.amountKrw });
    }
    if (prizes.reduce((sum, p) => sum + p.amountKrw, 0) > TOTAL_PRIZE_MAX_KRW) throw conflict(MESSAGES.judgingPrizeLimit);
    await sprint.publishResult({ oddId, winnerTeamId: winner.team_id, prizes, publishedBy: actorUserId, at: now });
    await audit(trx, { actorUserId, action: 'JUDGING_PUBLISH', targetType: 'COHORT', targetId: oddId, oddId, before: null, after: { winnerTeamId: winner.team_id, prizes }, at: now });
    return { oddId, winnerTeamId: winner.team_id, prizes, publishedAt: now.toISOString() };
  });
}
