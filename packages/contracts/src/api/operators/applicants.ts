import type { ApplicantRole, ApplicationAnswers, ApplicationState } from '../applications';

/**
 * A cohort's applicants in the operators' console (paths under /api/admin): who they are, the list, the CSV, the answers.
 *
 * - GET  /cohorts/{oddId}/applicants?role=&state=&careerYears=&skillLevel=1..5|none&minHours=&maxHours=
 *        &friends=true|false&friendStatus=&placement=&q=&page=&pageSize=   -> ApplicantListResponse (one page
 *        of the ApplicantFilters' matches in submission order and their total; q: name, nickname or career card
 *        ID; skillLevel null when the itskill service has none)
 * - GET  /cohorts/{oddId}/applicants.csv (same filters) -> text/csv, UTF-8 with BOM, every match (no paging)
 * - GET  /applications/{joinId}/answers            -> ApplicationAnswersResponse
 */

/**
 * A friend an applicant asked to be placed with (by career card ID), and whether the board honours it.
 * Only mutual requests bind the team matcher; an operator may still place one-sided friends together.
 */
export interface FriendRequest {
  careerCardId: string;
  /** The friend's live application in the same cohort and their nickname; null when they have none (or withdrew). */
  joinId: number | null;
  alias: string | null;
  /** The friend asked for this applicant too. */
  mutual: boolean;
  /** On the same team of the board; null while the board does not place the applicant (no board, not on it). */
  together: boolean | null;
}
/**
 * Friend requests as a whole: none made; all honoured (every friend on the applicant's team); not honoured
 * (the applicant is waitlisted or a friend is elsewhere or did not apply); undecided (no board places them yet).
 */
export const FRIEND_STATUSES = ['NONE', 'HONOURED', 'NOT_HONOURED', 'UNDECIDED'] as const;
export type FriendStatus = (typeof FRIEND_STATUSES)[number];
/** Where the team building board has an applicant: on a team, on the waitlist, or not on the board. */
export const PLACEMENTS = ['PLACED', 'WAITLISTED', 'NOT_ON_BOARD'] as const;
export type Placement = (typeof PLACEMENTS)[number];

/**
 * Who an applicant is, as the applicant list and the board show them. Name, nickname and career card ID are the
 * application's copy of the account service's (taken again when the member changes them; null once the member
 * withdrew, who is then shown by number); job, career, weekly hours and friend requests from the answers the
 * application was submitted with (erased at withdrawal); the IT skill check-up level the copy of the itskill
 * service's.
 */
export interface ApplicantPerson {
  name: string | null;
  /** Nickname. */
  alias: string | null;
  careerCardId: string | null;
  role: ApplicantRole | null;
  /** Codes of the common code groups JOB_GROUP, POSITION and CAREER_YEARS (the career card's choices). */
  jobGroup: string | null;
  position: string | null;
  careerYears: string | null;
  experienceMonths: number | null;
  /** IT skill check-up level 1..5; null when the member has none (or it is not copied yet). */
  skillLevel: number | null;
  weeklyHours: number | null;
  friendRequests: FriendRequest[];
  friendStatus: FriendStatus;
  placement: Placement;
  /** The board's team key when placed. */
  teamKey: string | null;
}

export interface AdminApplicant extends ApplicantPerson {
  joinId: number;
  userId: number;
  state: ApplicationState;
  stateName: string;
  friendCareerCardIds: string[];
  submittedAt: string | null;
}
export interface ApplicantListResponse {
  /** This page's applicants, in submission order (then application number). */
  applicants: AdminApplicant[];
  /** Applicants matching the filters on every page. */
  total: number;
  /** This page's number, 1 first (a number past the last page answers no applicants). */
  page: number;
  pageSize: number;
  /** Pages the matches fill; 0 when none match. */
  pageCount: number;
}

/** What an applicant submitted; `answers` is `{}` and `erasedAt` set once the member has withdrawn. */
export interface ApplicationAnswersResponse {
  joinId: number;
  answers: ApplicationAnswers;
  erasedAt: string | null;
}
