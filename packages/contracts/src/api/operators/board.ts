import type { ApplicationState } from '../applications';
import type { ApplicantPerson } from './applicants';
import type { TeamPage } from './teams';

/**
 * The team building board of a cohort (paths under /api/admin): the matcher, moves, locks, publishing.
 *
 * - GET  /cohorts/{oddId}/board?page=&waitlistPage=&role=&careerYears=&skillLevel=&minHours=&maxHours=&friendStatus=
 *        &placement=&q=                          -> BoardResponse (a page of the teams and of the waitlist, the first
 *        without page; filters as the applicant list's people filters)
 * - POST /cohorts/{oddId}/board/run   { seed? }    -> BoardResponse (matcher around the locks; the same query: the page answered)
 * - POST /cohorts/{oddId}/board/move  { joinId, toTeam: string | null }  (null: to the waitlist) -> BoardResponse
 * - POST /cohorts/{oddId}/board/lock  { joinId?, teamKey?, locked: boolean } -> BoardResponse
 * - GET  /cohorts/{oddId}/board/preview            -> PublishPreview (who is charged, total)
 * - POST /cohorts/{oddId}/board/publish            -> PublishResponse (once; a second publish is 409)
 */

export interface BoardMember extends ApplicantPerson {
  joinId: number;
  state: ApplicationState;
  careerMonths: number;
  locked: boolean;
  explanation: string;
}
export interface BoardTeam {
  key: string;
  locked: boolean;
  score: number | null;
  members: BoardMember[];
}

/**
 * The board a page at a time (a 5,000-applicant cohort has hundreds of teams): `page` of the teams and
 * `waitlistPage` of the waitlist, each 1 first (the first page when not given), with the people filters
 * (`PersonFilters`: then only the teams with someone matching, and the matching waitlisted).
 */
export interface BoardResponse extends TeamPage {
  oddId: number;
  seed: number;
  /** Every team's key in board order: where a member can be moved, and each team's number (`N팀`: its place here). */
  teamKeys: string[];
  /** This page's teams, each with every member. */
  teams: BoardTeam[];
  /** Not on a team (moved there, or the matcher could not place them, with the reason): this page of them. */
  waitlist: (BoardMember & { reason: string | null })[];
  publishedAt: string | null;
  waitlistPage: number;
  waitlistPageSize: number;
  waitlistCount: number;
  /** Members on the board, and of them those the filters match (all of them without filters). */
  memberCount: number;
  matchingCount: number;
}

export interface PublishPreview {
  oddId: number;
  /** Members charged when the board is published (reserved fee) and those already paid (no new charge). */
  charges: { joinId: number; name: string | null; teamKey: string; amountKrw: number }[];
  alreadyPaid: { joinId: number; teamKey: string }[];
  totalKrw: number;
  waitlisted: number[];
}
export interface PublishResponse {
  oddId: number;
  publishedAt: string;
  /** One charge job per member, sent in the publishing transaction. */
  chargeJobs: number;
  teams: number;
}
