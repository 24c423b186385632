import type { ApplicantRole, ApplicationState } from '../applications';
import type { Submission } from './submissions';
import type { MemberNames, TeamPage } from './teams';

/**
 * Judging a cohort's sprint (paths under /api/admin): scores on the rubric, the ranking, the results with prizes.
 *
 * - GET  /judging/rubric                         -> { rubric: { key, name, weight }[] }
 * - GET  /cohorts/{oddId}/judging?page=          -> JudgingView (a page of the teams: named members, submission and score;
 *        the cohort's summary: teams unscored, the ranking with its members named; results once published, named)
 * - PUT  /teams/{teamId}/score  { scores: Record<RubricKey, 0..10>, feedback } -> { teamId, scores, total, feedback }
 * - POST /cohorts/{oddId}/results/publish  { memberPrizes?: { joinId, amountKrw }[] } -> JudgingResults (once)
 */

/** joinId null: the team prize (400,000 KRW); otherwise a member prize (at most 100,000 KRW); 600,000 KRW in all. */
export interface JudgingPrize {
  teamId: number;
  joinId: number | null;
  amountKrw: number;
}
export interface JudgingResults {
  oddId: number;
  winnerTeamId: number;
  prizes: JudgingPrize[];
  publishedAt: string;
}
/**
 * The results as the judging page shows them: the winning team's name, and each prize with its team's name and its
 * winner's names (null for the team prize), whichever page their teams are on.
 */
export interface JudgingViewResults extends Omit<JudgingResults, 'prizes'> {
  winnerTeamName: string;
  prizes: (JudgingPrize & Pick<MemberNames, 'alias' | 'name'> & { teamName: string })[];
}

/** Prizes of a sprint (spec): the winning team, at most per member, and the whole cohort. */
export const WINNING_TEAM_PRIZE_KRW = 400_000;
export const MEMBER_PRIZE_MAX_KRW = 100_000;
export const TOTAL_PRIZE_MAX_KRW = 600_000;

export interface RubricCriterion {
  key: string;
  name: string;
  /** Percent; the weights add up to 100, so a total (scores 0..10) is out of 1,000. */
  weight: number;
}
/** A member of a team the judges see, named. */
export interface JudgingMember extends MemberNames {
  role: ApplicantRole | null;
  state: ApplicationState;
}
/** A scored team in the order publishing decides the winner: the highest total first, the earlier submission on a tie. */
export interface RankedTeam {
  teamId: number;
  name: string;
  total: number;
  members: JudgingMember[];
}
/**
 * What publishing goes by, over the whole cohort whatever page is on screen (the service checks it again when
 * publishing): the teams judged (not stopped) and of them those not scored yet (publishing needs every one scored),
 * and the ranking so far, at most the service's ranking size, each team's members named: the first candidates
 * for the member prizes (any member of the cohort's teams may be given one).
 */
export interface JudgingSummary {
  judgedTeams: number;
  unscoredTeams: number;
  ranking: RankedTeam[];
}
/** What the judges work from, a page of the cohort's teams at a time, with the cohort's summary and results. */
export interface JudgingView extends TeamPage {
  oddId: number;
  rubric: RubricCriterion[];
  /** This page's teams, in team order. */
  teams: {
    teamId: number;
    teamKey: string;
    name: string;
    stopped: boolean;
    members: JudgingMember[];
    submission: Submission | null;
    /** The current score; null until the team is scored. */
    score: { scores: Record<string, number>; total: number; feedback: string; updatedAt: string } | null;
  }[];
  summary: JudgingSummary;
  results: JudgingViewResults | null;
}
