import type { ApplicantRole, ApplicationState } from '../applications';

/**
 * A cohort's teams as the console pages them, each member named, and their health during the sprint (paths
 * under /api/admin).
 *
 * - GET  /cohorts/{oddId}/team-health?page=&trouble=true|false -> TeamHealthResponse (a page of the teams, each member
 *        named, with check-ins, streak, misses; the first page without page; trouble=true: only the teams in trouble;
 *        the whole cohort's counts on every page)
 * - POST /checkins/misses/run  { day: 'YYYY-MM-DD' } -> { missed: number[]; dropped: number[] } (the 22:00 job)
 */

/**
 * Which page of a cohort's teams an answer holds (the board, team health, judging: a cohort has up to hundreds of
 * teams): `page` 1 first (the first when not asked; a number past the last answers no teams), the service's page size,
 * the teams on every page and the pages they fill.
 */
export interface TeamPage {
  page: number;
  /** Teams on a page (the service's setting). */
  pageSize: number;
  /** Teams on every page (the board with filters: those with someone matching). */
  teamCount: number;
  /** Pages the teams fill; 0 when there are none. */
  pageCount: number;
}

/**
 * Who a member of a cohort is, as the console names them (`personName`: nickname and name, else `#joinId`): the
 * application's copies of the member's nickname and name (programs OPERATORS.md, "Who the applicants are"); null
 * while they are not copied yet and once the member withdrew. The team pages' answers carry them, so those pages
 * never read the board for names.
 */
export interface MemberNames {
  joinId: number;
  /** Nickname. */
  alias: string | null;
  name: string | null;
}

export interface TeamHealthMember extends MemberNames {
  role: ApplicantRole | null;
  state: ApplicationState;
  checkins: number;
  /** Consecutive days checked in, up to today (or yesterday when today's is still open). */
  streak: number;
  misses: number;
  lastMiss: string | null;
}
/**
 * Where a cohort's teams stand, counted over the whole cohort whatever page is on screen (so an operator sees at a glance
 * how many teams need them among a thousand). A stopped team is neither short-handed nor in trouble, and its members are
 * not at risk: it no longer runs (nobody is dropped from it).
 */
export interface TeamHealthSummary {
  /** The cohort's published teams. */
  teams: number;
  /** Running teams with fewer active (ASSIGNED) members than the program's minimum. */
  shortHandedTeams: number;
  stoppedTeams: number;
  /** Running teams short-handed or with a member at risk: what `trouble=true` pages. */
  troubledTeams: number;
  /** Active members of running teams with `atRiskMisses` misses or more. */
  atRiskMembers: number;
  /** Members of the teams dropped (DROPPED). */
  droppedMembers: number;
}
export interface TeamHealthTeam {
  teamId: number;
  teamKey: string;
  name: string;
  /** Members still on the team (ASSIGNED). */
  active: number;
  dropped: number;
  /** Fewer active members than the program's minimum while the team runs. */
  shortHanded: boolean;
  stopped: boolean;
  /** Active members with `atRiskMisses` misses or more while the team runs. */
  atRisk: number;
  members: TeamHealthMember[];
}
/**
 * Team health (and the team operations page, which reads it) a page of the cohort's published teams at a time; with
 * `trouble` only the teams in trouble (`teamCount` and `pageCount` then count those).
 */
export interface TeamHealthResponse extends TeamPage {
  oddId: number;
  day: string;
  /** Whether the page holds only the teams in trouble. */
  trouble: boolean;
  /** Misses from which an active member is at risk of the drop (the service's PROGRAMS_AT_RISK_MISSES): the console flags them by it. */
  atRiskMisses: number;
  summary: TeamHealthSummary;
  /** This page's teams, in team order, each with every member. */
  teams: TeamHealthTeam[];
}
