import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import type { JudgingPrize, JudgingView } from '@sq/contracts/api/operators/judging';
import { conflict, notFound } from '@sq/service-kit';
import { audit } from '../repositories/audit-log-repository';
import { createBoardRepository } from '../repositories/board-repository';
import { createSprintRepository } from '../repositories/sprint-repository';
import { createTeamRepository, namesOf } from '../repositories/team-repository';

import {
  JUDGING_RUBRIC,
  MEMBER_PRIZE_MAX_KRW,
  TOTAL_PRIZE_MAX_KRW,
  WINNING_TEAM_PRIZE_KRW,
  type RubricKey,
} from './sprint-rules';
import { groupBy, pageFacts, submissionOf, type TeamsPageQuery } from './sprint';

/**
 * What the judges work from: a page of the cohort's teams with their named members, final submission and current score
 * (null until scored), the rubric, the cohort's summary publishing goes by (teams unscored, the ranking with its
 * members named), and the published results once there are any (teams and member prizes named).
 */
export async function judgingView(
  { knex }: { knex: Knex },
  oddId: number,
  query: TeamsPageQuery & { rankingSize: number },
): Promise<JudgingView> {
  const found = await createTeamRepository(knex).judging(
    oddId,
    { page: query.page, size: query.pageSize },
    query.rankingSize,
  );
  if (!found) throw notFound(MESSAGES.adminCohortNotFound);
  const { counts, teams, ranking, members, result, prizes } = found;
  const membersOf = groupBy(members, (m) => m.team_id);
  const named = (teamId: number) =>
    (membersOf.get(teamId) ?? []).map((m) => ({ ...namesOf(m), role: m.role, state: m.status }));
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
      score: t.scored_at
        ? { scores: t.scores!, total: t.total!, feedback: t.feedback!, updatedAt: new Date(t.scored_at).toISOString() }
        : null,
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
          prizes: prizes.map((p) => ({
            teamId: p.team_id,
            teamName: p.team_name,
            joinId: p.join_id,
            amountKrw: p.amount_krw,
            alias: p.member_nickname,
            name: p.member_name,
          })),
          publishedAt: new Date(result.published_at).toISOString(),
        }
      : null,
  };
}

/** An operator's score of one team's submission on the weighted rubric, with feedback (before results). */
export async function scoreTeam(
  { knex }: { knex: Knex },
  actorUserId: number,
  teamId: number,
  scores: Record<RubricKey, number>,
  feedback: string,
  now: Date,
) {
  const team = await createBoardRepository(knex).team(teamId);
  if (!team) throw notFound(MESSAGES.adminTeamNotFound);
  if (await createSprintRepository(knex).result(team.odd_id)) throw conflict(MESSAGES.judgingResultsPublished);
  // Weighted total out of 1,000 (integer): sum of score(0..10) x weight(%).
  const total = JUDGING_RUBRIC.reduce((sum, c) => sum + scores[c.key] * c.weight, 0);
  return knex.transaction(async (trx) => {
    const sprint = createSprintRepository(trx);
    const before = await sprint.score(teamId);
    await sprint.saveScore(teamId, { scores, total, feedback, judgedBy: actorUserId, at: now });
    await audit(trx, {
      actorUserId,
      action: 'JUDGING_SCORE',
      targetType: 'TEAM',
      targetId: teamId,
      oddId: team.odd_id,
      before: before ? { scores: before.scores, total: before.total, feedback: before.feedback } : null,
      after: { scores, total, feedback },
      at: now,
    });
    return { teamId, scores, total, feedback };
  });
}

/**
 * Publishes the judging: the highest total wins (earlier submission on a tie) and takes the team prize; the
 * operators' member prizes (at most MEMBER_PRIZE_MAX_KRW each) come on top, all within TOTAL_PRIZE_MAX_KRW.
 * Every team must be scored; once only (the cohort_result primary key).
 */
export async function publishResults(
  { knex }: { knex: Knex },
  actorUserId: number,
  oddId: number,
  memberPrizes: { joinId: number; amountKrw: number }[],
  now: Date,
) {
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
    if (prizes.reduce((sum, p) => sum + p.amountKrw, 0) > TOTAL_PRIZE_MAX_KRW)
      throw conflict(MESSAGES.judgingPrizeLimit);
    await sprint.publishResult({ oddId, winnerTeamId: winner.team_id, prizes, publishedBy: actorUserId, at: now });
    await audit(trx, {
      actorUserId,
      action: 'JUDGING_PUBLISH',
      targetType: 'COHORT',
      targetId: oddId,
      oddId,
      before: null,
      after: { winnerTeamId: winner.team_id, prizes },
      at: now,
    });
    return { oddId, winnerTeamId: winner.team_id, prizes, publishedAt: now.toISOString() };
  });
}
