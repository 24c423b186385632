import type { ApplicantRole, ApplicationAnswers, ApplicationState } from '@sq/contracts/api/applications';
import type { JudgingPrize } from '@sq/contracts/api/operators/judging';
import type { SubmissionInput } from '@sq/contracts/api/operators/submissions';
import type { ProductKind } from '@sq/contracts/api/programs';
import type { Db } from './db';

/** An assigned member of a running sprint team, as the day's misses are recorded for them. */
export interface RunningMemberRow {
  join_id: number;
  user_id: number;
  start_date: string;
  odd_id: number;
}

/** A member of the team as the member's team view shows them. */
export interface TeammateRow {
  join_id: number;
  user_id: number;
  role: ApplicantRole | null;
  status: ApplicationState;
  answers: ApplicationAnswers | null;
}

/** A member's published team with the cohort's dates and the product's kind, as `memberTeam` reads it. */
export interface MemberTeamRow {
  join_id: number;
  explanation: string;
  team_id: number;
  team_key: string;
  team_name: string;
  stopped_at: Date | null;
  odd_id: number;
  user_id: number;
  status: ApplicationState;
  start_date: string;
  end_date: string;
  kickoff_date: string | null;
  team_building_announce_date: string | null;
  cohort_name: string;
  kind: ProductKind;
  min_team_size: number | null;
}

/** A `checkin` row: the member's check-in of a sprint day. */
export interface CheckinRow {
  join_id: number;
  day: string;
  checked_at: Date;
}

/** A `team_submission` row: the team's final submission (the images' addresses as JSON). */
export interface TeamSubmissionRow {
  team_id: number;
  project_name: string;
  description: string;
  repository_url: string;
  demo_url: string | null;
  images: string[];
  submitted_by: number;
  updated_at: Date;
}

/** A `team_score` row: the judges' score of a team by rubric criterion. */
export interface TeamScoreRow {
  team_id: number;
  scores: Record<string, number>;
  total: number;
  feedback: string;
  judged_by: number;
  updated_at: Date;
}

/** A `cohort_result` row: the cohort's published results. */
export interface CohortResultRow {
  odd_id: number;
  winner_team_id: number;
  prizes: JudgingPrize[];
  published_by: number;
  published_at: Date;
}

/**
 * A sprint as its members and judges write it (sprint/teams.ts): the members' daily check-ins (`checkin`) and
 * misses (`checkin_miss`), the team's final submission (`team_submission`), the judges' scores (`team_score`) and the
 * published results (`cohort_result`), with the member's team they are read by. The operators' pages of the same
 * rows, a page of teams at a time, are in team-repository. Every function runs in the connection or transaction it
 * is given, so the caller keeps its transactions, its locks and their order.
 */
export function createSprintRepository(db: Db) {
  /** Members of published teams with their application, team, cohort and product. */
  const members = () =>
    db('team_member as m')
      .join('team as t', 't.team_id', 'm.team_id')
      .join('application as a', 'a.join_id', 'm.join_id')
      .join('cohort as c', 'c.odd_id', 't.odd_id')
      .join('product as p', 'p.product_id', 'c.product_id');

  return {
    /** The member's published team (in a sprint or any program), with the cohort's dates and the product's kind; undefined when there is none. */
    async memberTeam(joinId: number): Promise<MemberTeamRow | undefined> {
      return members()
        .where('m.join_id', joinId)
        .first(
          'm.join_id',
          'm.explanation',
          't.team_id',
          't.team_key',
          't.name as team_name',
          't.stopped_at',
          't.odd_id',
          'a.user_id',
          'a.status',
          'c.start_date',
          'c.end_date',
          'c.kickoff_date',
          'c.team_building_announce_date',
          'c.name as cohort_name',
          'p.kind',
          'p.min_team_size',
        );
    },

    /** Every assigned member of a sprint team not stopped whose cohort runs on `day`. */
    async runningMembers(day: string): Promise<RunningMemberRow[]> {
      return members()
        .where('p.kind', 'SPRINT')
        .where('a.status', 'ASSIGNED')
        .whereNull('t.stopped_at')
        .where('c.start_date', '<=', day)
        .where('c.end_date', '>=', day)
        .select('m.join_id', 'a.user_id', 'c.start_date', 't.odd_id');
    },

    /** The team's members in application order. */
    async teammates(teamId: number): Promise<TeammateRow[]> {
      return db('team_member as m')
        .join('application as a', 'a.join_id', 'm.join_id')
        .where('m.team_id', teamId)
        .orderBy('m.join_id')
        .select('a.join_id', 'a.user_id', 'a.role', 'a.status', 'a.answers');
    },

    /** The cohort's team the application holds a seat on: its id, or null (not on any of them). */
    async teamInCohort(joinId: number, oddId: number): Promise<number | null> {
      const seat = await db('team_member as m')
        .join('team as t', 't.team_id', 'm.team_id')
        .where({ 'm.join_id': joinId, 't.odd_id': oddId })
        .first('t.team_id');
      return seat ? (seat.team_id as number) : null;
    },

    /** The day's check-in, once: a second one the same day changes nothing. */
    async addCheckin(joinId: number, day: string, at: Date): Promise<void> {
      await db('checkin').insert({ join_id: joinId, day, checked_at: at }).onConflict(['join_id', 'day']).ignore();
    },

    /** The member's check-in of the day, or undefined. */
    async checkin(joinId: number, day: string): Promise<CheckinRow | undefined> {
      return db('checkin').where({ join_id: joinId, day }).first();
    },

    /** The member's check-ins up to the day, the latest first. */
    async checkinsUpTo(joinId: number, day: string): Promise<Pick<CheckinRow, 'day' | 'checked_at'>[]> {
      return db('checkin')
        .where({ join_id: joinId })
        .where('day', '<=', day)
        .orderBy('day', 'desc')
        .select('day', 'checked_at');
    },

    /** The day's miss, once: whether this call wrote it (false when it was there already). */
    async addMiss(joinId: number, day: string, oddId: number): Promise<boolean> {
      const inserted = await db('checkin_miss')
        .insert({ join_id: joinId, day, odd_id: oddId })
        .onConflict(['join_id', 'day'])
        .ignore()
        .returning('join_id');
      return inserted.length > 0;
    },

    /** The days the member missed, the latest first. */
    async missedDays(joinId: number): Promise<string[]> {
      return db('checkin_miss').where({ join_id: joinId }).orderBy('day', 'desc').pluck('day');
    },

    /** How many of the days the member missed. */
    async missesAmong(joinId: number, days: string[]): Promise<number> {
      const misses = await db('checkin_miss').where({ join_id: joinId }).whereIn('day', days).count({ n: '*' });
      return Number(misses[0]!.n);
    },

    /** The team's final submission, or undefined. */
    async submission(teamId: number): Promise<TeamSubmissionRow | undefined> {
      return db('team_submission').where({ team_id: teamId }).first();
    },

    /** Writes the team's final submission (the first one, or over the last). */
    async saveSubmission(
      teamId: number,
      submission: SubmissionInput & { submittedBy: number; at: Date },
    ): Promise<void> {
      const row = {
        project_name: submission.projectName,
        description: submission.description,
        repository_url: submission.repositoryUrl,
        demo_url: submission.demoUrl,
        images: JSON.stringify(submission.images),
        submitted_by: submission.submittedBy,
        updated_at: submission.at,
      };
      await db('team_submission')
        .insert({ team_id: teamId, ...row })
        .onConflict('team_id')
        .merge(row);
    },

    /** The team's score, or undefined. */
    async score(teamId: number): Promise<TeamScoreRow | undefined> {
      return db('team_score').where({ team_id: teamId }).first();
    },

    /** Writes the team's score (the first one, or over the last). */
    async saveScore(
      teamId: number,
      score: { scores: Record<string, number>; total: number; feedback: string; judgedBy: number; at: Date },
    ): Promise<void> {
      const row = {
        scores: JSON.stringify(score.scores),
        total: score.total,
        feedback: score.feedback,
        judged_by: score.judgedBy,
        updated_at: score.at,
      };
      await db('team_score')
        .insert({ team_id: teamId, ...row })
        .onConflict('team_id')
        .merge(row);
    },

    /** The cohort's published results, or undefined before they are. */
    async result(oddId: number): Promise<CohortResultRow | undefined> {
      return db('cohort_result').where({ odd_id: oddId }).first();
    },

    /** Publishes the cohort's results (once: a second one breaks the primary key). */
    async publishResult(result: {
      oddId: number;
      winnerTeamId: number;
      prizes: JudgingPrize[];
      publishedBy: number;
      at: Date;
    }): Promise<void> {
      await db('cohort_result').insert({
        odd_id: result.oddId,
        winner_team_id: result.winnerTeamId,
        prizes: JSON.stringify(result.prizes),
        published_by: result.publishedBy,
        published_at: result.at,
      });
    },
  };
}

export type SprintRepository = ReturnType<typeof createSprintRepository>;
