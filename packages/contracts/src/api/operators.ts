import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { OPERATOR_MESSAGES } from '../messages/operators';
import { seoulDate } from '../seoul';
import type { ApplicantRole, ApplicationAnswers, ApplicationState, ChargePolicy, PaymentTimeline } from './applications';

/**
 * Operators' API of the programs service, all under `/api/admin/*`: ROLE_ADMIN checked at the
 * gateway and again in the service (a member gets 403 `접근 권한이 없습니다.` and nothing changes). Every
 * change writes one audit-log row (who, when, what, before and after). Responses carry `ErrorCode: '00'`.
 *
 * Endpoints (paths under /api/admin):
 * - GET  /cohorts?productId=                      -> CohortListResponse (live counts per state and role)
 * - POST /cohorts                 CohortInput      -> { cohort: AdminCohort }
 * - PUT  /cohorts/{oddId}         CohortInput      -> { cohort: AdminCohort }
 * - GET  /cohorts/{oddId}/applicants?role=&state=&careerYears=&skillLevel=1..5|none&minHours=&maxHours=
 *        &friends=true|false&friendStatus=&placement=&q=&page=&pageSize=   -> ApplicantListResponse (one page
 *        of the ApplicantFilters' matches in submission order and their total; q: name, nickname or career card
 *        ID; skillLevel null when the itskill service has none)
 * - GET  /cohorts/{oddId}/applicants.csv (same filters) -> text/csv, UTF-8 with BOM, every match (no paging)
 * - GET  /applications/{joinId}/answers            -> ApplicationAnswersResponse
 * - GET  /cohorts/{oddId}/payments                -> PaymentRecordsResponse (every application money or a card moved on,
 *        ended ones and withdrawn members' included: the payment records the privacy policy keeps 5 years)
 * - GET  /audit-log?oddId=&limit=&before=          -> AuditLogResponse (newest first)
 * - GET  /cohorts/{oddId}/board?page=&waitlistPage=&role=&careerYears=&skillLevel=&minHours=&maxHours=&friendStatus=
 *        &placement=&q=                          -> BoardResponse (a page of the teams and of the waitlist, the first
 *        without page; filters as the applicant list's people filters)
 * - POST /cohorts/{oddId}/board/run   { seed? }    -> BoardResponse (matcher around the locks; the same query: the page answered)
 * - POST /cohorts/{oddId}/board/move  { joinId, toTeam: string | null }  (null: to the waitlist) -> BoardResponse
 * - POST /cohorts/{oddId}/board/lock  { joinId?, teamKey?, locked: boolean } -> BoardResponse
 * - GET  /cohorts/{oddId}/board/preview            -> PublishPreview (who is charged, total)
 * - POST /cohorts/{oddId}/board/publish            -> PublishResponse (once; a second publish is 409)
 * - POST /payment-deadlines/run                    -> { expired: number[]; backfilled: { from, to }[]; recharged: number[] }
 * Replacement and team changes (RemovalReason LEFT -> refund case LEFT_AFTER_INVITE, DROPPED/SUPPORT -> INDIVIDUAL);
 * the team pages' answers name each member (MemberNames), and `./operator-answers` has their response schemas:
 * - POST /applications/{joinId}/removal/preview  { reason }                          -> RefundLine
 * - POST /applications/{joinId}/removal          { reason, expectedRefundKrw, note? } -> RefundLine & { teamId }
 *        (409 adminRefundChanged when the engine's amount is no longer the previewed one; nothing changes)
 * - GET  /teams/{teamId}/replacements?role=      -> { candidates: ReplacementCandidate[] } (closest career first)
 * - POST /teams/{teamId}/replacements  { joinId } -> { accepted: true } (charged by a team-charge job, mailed)
 * - POST /teams/{teamId}/refunds/preview   { refundCase: 'TEAM_STOP'|'COMPANY_ENDED' } -> GroupRefundPreview
 * - POST /teams/{teamId}/refunds           { refundCase, expectedTotalKrw }             -> GroupRefundConfirmation
 * - POST /cohorts/{oddId}/refunds/preview  and  /cohorts/{oddId}/refunds (the same for a whole cohort)
 * Sprint operations and judging:
 * - GET  /cohorts/{oddId}/team-health?page=&trouble=true|false -> TeamHealthResponse (a page of the teams, each member
 *        named, with check-ins, streak, misses; the first page without page; trouble=true: only the teams in trouble;
 *        the whole cohort's counts on every page)
 * - POST /checkins/misses/run  { day: 'YYYY-MM-DD' } -> { missed: number[]; dropped: number[] } (the 22:00 job)
 * - GET  /judging/rubric                         -> { rubric: { key, name, weight }[] }
 * - GET  /cohorts/{oddId}/judging?page=          -> JudgingView (a page of the teams: named members, submission and score;
 *        the cohort's summary: teams unscored, the ranking with its members named; results once published, named)
 * - PUT  /teams/{teamId}/score  { scores: Record<RubricKey, 0..10>, feedback } -> { teamId, scores, total, feedback }
 * - POST /cohorts/{oddId}/results/publish  { memberPrizes?: { joinId, amountKrw }[] } -> JudgingResults (once)
 *
 * Members' side (member access, the caller's own application only; paths under /api):
 * - GET  /applications/{joinId}/team         -> MyTeamResponse (404 sprintNoTeam until the team is published)
 * - POST /applications/{joinId}/checkin      -> { day, checkedAt } (sprint; 409 after 22:00 Asia/Seoul)
 * - PUT  /applications/{joinId}/submission   SubmissionInput -> { submission } (409 from 15:00 on the last day)
 *
 * Public (paths under /api):
 * - GET  /sprint-projects?productId=&oddId=&page=&size=  -> SprintProjectListResponse (submissions of teams whose
 *        cohort's judging results are published; newest results first, the winner first within a cohort)
 */

export interface RoleSeats {
  PLANNER?: number | null;
  DESIGNER?: number | null;
  DEVELOPER?: number | null;
}

export interface CohortInput {
  productId: number;
  name: string;
  recruitStart: string; // ISO instant
  recruitEnd: string; // ISO instant
  teamBuildingAnnounceDate: string | null; // YYYY-MM-DD (Asia/Seoul)
  kickoffDate: string | null;
  startDate: string;
  endDate: string;
  capacity: number | null;
  /** Seats per role in one team for this cohort; null: the product's make-up. */
  roleSeats: RoleSeats | null;
}

/** Largest seats per role in one team an operator may set (the biggest product team is 8). */
export const ROLE_SEATS_MAX = 20;
/** Largest capacity of a cohort (seats on sale). */
export const COHORT_CAPACITY_MAX = 100_000;

/** Years PostgreSQL and JavaScript read alike (no year 0, no 5-digit year), so a date never fails in the database. */
const inYears = (value: string) => Number(value.slice(0, 4)) >= 1900 && Number(value.slice(0, 4)) <= 9999;
/** A calendar day that exists (no 2026-02-30). */
const day = z.iso.date({ error: OPERATOR_MESSAGES.adminCohortDateRequired }).check(z.refine(inYears, OPERATOR_MESSAGES.adminCohortDateRequired));
/** An instant with its offset, kept in UTC: PostgreSQL refuses offsets of 16 hours or more, JavaScript does not. */
const instant = z.pipe(
  z.iso.datetime({ offset: true, error: OPERATOR_MESSAGES.adminCohortDateRequired }).check(z.refine((value) => Number.isFinite(Date.parse(value)), OPERATOR_MESSAGES.adminCohortDateRequired)),
  z.transform((value: string) => new Date(value).toISOString()),
).check(z.refine(inYears, OPERATOR_MESSAGES.adminCohortDateRequired));
const seats = z.optional(z.nullable(z.number({ error: OPERATOR_MESSAGES.adminCohortSeatsInvalid }).check(z.int(OPERATOR_MESSAGES.adminCohortSeatsInvalid), z.gte(0, OPERATOR_MESSAGES.adminCohortSeatsInvalid), z.lte(ROLE_SEATS_MAX, OPERATOR_MESSAGES.adminCohortSeatsInvalid))));
/** One date rule of the cohort (the database's check constraint), its message under the field that breaks it. */
const inOrder = (path: keyof CohortInput, holds: (c: CohortInput) => boolean) =>
  z.refine<CohortInput>(
    (c) => {
      // Object checks still run when a field failed its own check: a date that does not parse has its message
      // already, and comparing it would throw (an invalid Date has no ISO form).
      try {
        return holds(c);
      } catch {
        return true;
      }
    },
    { message: OPERATOR_MESSAGES.adminCohortDatesInvalid, path: [path] },
  );

/**
 * POST/PUT /api/admin/cohorts body: the console checks it before sending and the programs service validates
 * the request with it, so the operator sees the same Korean message in both places. Dates follow the order
 * recruiting opens < closes (an instant) <= start, announcement and kick-off <= start <= end.
 */
export const cohortInputSchema = z
  .object({
    productId: z.number({ error: OPERATOR_MESSAGES.adminCohortProductRequired }).check(z.int(OPERATOR_MESSAGES.adminCohortProductRequired), z.positive(OPERATOR_MESSAGES.adminCohortProductRequired)),
    name: z.string({ error: OPERATOR_MESSAGES.adminCohortNameRequired }).check(z.trim(), z.minLength(1, OPERATOR_MESSAGES.adminCohortNameRequired), z.maxLength(100, OPERATOR_MESSAGES.adminCohortNameRequired)),
    recruitStart: instant,
    recruitEnd: instant,
    teamBuildingAnnounceDate: z.nullable(day),
    kickoffDate: z.nullable(day),
    startDate: day,
    endDate: day,
    capacity: z.nullable(z.number({ error: OPERATOR_MESSAGES.adminCohortCapacityInvalid }).check(z.int(OPERATOR_MESSAGES.adminCohortCapacityInvalid), z.positive(OPERATOR_MESSAGES.adminCohortCapacityInvalid), z.lte(COHORT_CAPACITY_MAX, OPERATOR_MESSAGES.adminCohortCapacityInvalid))),
    roleSeats: z.nullable(z.object({ PLANNER: seats, DESIGNER: seats, DEVELOPER: seats })),
  }, { error: CORE_MESSAGES.badRequest })
  .check(
    inOrder('recruitEnd', (c) => Date.parse(c.recruitStart) < Date.parse(c.recruitEnd)),
    inOrder('startDate', (c) => seoulDate(c.recruitEnd) <= c.startDate),
    inOrder('teamBuildingAnnounceDate', (c) => c.teamBuildingAnnounceDate === null || c.teamBuildingAnnounceDate <= c.startDate),
    inOrder('kickoffDate', (c) => c.kickoffDate === null || c.kickoffDate <= c.startDate),
    inOrder('endDate', (c) => c.startDate <= c.endDate),
  );

export interface AdminCohort extends CohortInput {
  oddId: number;
  productName: string;
  /** Live applications per state, and per role (past the wizard, not ended). */
  counts: { byState: Partial<Record<ApplicationState, number>>; byRole: Partial<Record<ApplicantRole, number>>; total: number };
}
export interface CohortListResponse {
  cohorts: AdminCohort[];
}

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

/**
 * One application's payment record in the console: what was reserved, charged and refunded, and the timeline.
 * Kept whatever the application's state and after the member withdraws (the account then answers no name).
 */
export interface AdminPaymentRecord {
  joinId: number;
  userId: number;
  /** From the account service; null when the member has withdrawn or the service does not answer. */
  name: string | null;
  role: ApplicantRole | null;
  state: ApplicationState;
  stateName: string;
  feeKrw: number;
  chargePolicy: ChargePolicy;
  /** Masked card number. */
  card: string | null;
  reservedAt: string | null;
  /** When the PG confirmed the reservation's billing key deleted. */
  releasedAt: string | null;
  chargedAt: string | null;
  chargedKrw: number;
  refundedKrw: number;
  events: PaymentTimeline['events'];
}
/** What an applicant submitted; `answers` is `{}` and `erasedAt` set once the member has withdrawn. */
export interface ApplicationAnswersResponse {
  joinId: number;
  answers: ApplicationAnswers;
  erasedAt: string | null;
}

export interface PaymentRecordsResponse {
  payments: AdminPaymentRecord[];
}

export interface AuditLogEntry {
  auditId: number;
  actorUserId: number;
  action: string;
  targetType: string;
  targetId: string | null;
  oddId: number | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}
export interface AuditLogResponse {
  entries: AuditLogEntry[];
}

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

export type RemovalReason = 'LEFT' | 'DROPPED' | 'SUPPORT';
/** Why a refund line refunds nothing (more): see services/programs/OPERATORS.md, "The refund ledger". */
export type RefundBlock = 'NOT_CHARGED' | 'CASE_APPLIED' | 'COVERED' | 'NO_ENTITLEMENT';
export const REFUND_BLOCK_TEXT: Record<RefundBlock, string> = {
  NOT_CHARGED: '결제된 금액이 없어요.',
  CASE_APPLIED: '이미 같은 사유로 환불했어요.',
  COVERED: '이미 환불받은 금액이 이 사유로 받을 금액 이상이에요.',
  NO_ENTITLEMENT: '지금은 이 사유로 환불되는 금액이 없어요.',
};
export interface RefundLine {
  joinId: number;
  refundCase: string;
  /** What was charged (0: nothing was charged). */
  paidKrw: number;
  /** What was refunded already (or is being refunded). */
  refundedKrw: number;
  /** What the case gives in total out of the payment (refund entitlements do not stack). */
  entitledKrw: number;
  /** What confirming refunds now: the largest entitlement applied, less what was refunded. */
  refundKrw: number;
  phase: string | null;
  /** Why nothing (more) is refunded, else null; `note` is its Korean text (REFUND_BLOCK_TEXT). */
  block: RefundBlock | null;
  note: string | null;
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
/** A refund line of a team stop or company-ended preview, with the member's names. */
export interface GroupRefundLine extends RefundLine, MemberNames {}
export interface ReplacementCandidate extends MemberNames {
  role: ApplicantRole;
  careerMonths: number;
  /** Distance from the team's average career (months); smaller fits better. */
  distanceMonths: number;
}
export interface GroupRefundPreview {
  refundCase: 'TEAM_STOP' | 'COMPANY_ENDED';
  lines: GroupRefundLine[];
  totalKrw: number;
}
/**
 * What confirming a group refund did for each member: refunded (or being refunded: PENDING until the PG answers),
 * nothing to refund, or refused this time (one in flight, the PG refusing: confirming again later refunds them alone).
 */
export type GroupRefundOutcome = MemberNames &
  ({ status: 'REFUNDED' | 'PENDING'; refundKrw: number } | { status: 'NOTHING_TO_REFUND' } | { status: 'REFUSED'; message: string });
export interface GroupRefundConfirmation extends GroupRefundPreview {
  outcomes: GroupRefundOutcome[];
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

export interface SubmissionInput {
  projectName: string;
  description: string;
  repositoryUrl: string;
  demoUrl: string | null;
  /** Image URLs (uploaded through the careercard service's /api/fileUpload), at most 10. */
  images: string[];
}
export interface Submission extends SubmissionInput {
  updatedAt: string;
}

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

export interface MyTeamResponse {
  team: { teamId: number; key: string; name: string; shortHanded: boolean; stopped: boolean };
  /** Why the member was placed here (the matcher's Korean explanation). */
  explanation: string;
  members: {
    joinId: number;
    name: string | null;
    role: ApplicantRole | null;
    /** 기획자, 디자이너, 개발자 (null without a role). */
    roleName: string | null;
    state: ApplicationState;
    careerCardUrl: string | null;
    /** The career card's ID (site path /careercard/{profileId}); null when the member has none. */
    profileId: string | null;
    careerYears: string | null;
  }[];
  schedule: { teamBuildingAnnounceDate: string | null; kickoffDate: string | null; startDate: string; endDate: string; checkinClosesAt: string | null; submissionClosesAt: string | null };
  checkedInToday: boolean;
  /** The caller's daily check-in (sprint only; null for other programs). */
  checkin: MyCheckin | null;
  submission: Submission | null;
  submissionOpen: boolean;
  /** After the judging is published: this team's scores, total (out of 1,000), feedback and prizes. */
  results: {
    publishedAt: string;
    winner: boolean;
    scores: Record<string, number> | null;
    total: number | null;
    feedback: string | null;
    prizes: JudgingResults['prizes'];
    /** The rubric the scores are on (criteria 0..10, weights in percent). */
    rubric: RubricCriterion[];
  } | null;
}

/** POST /applications/{joinId}/checkin (member, sprint): the Korean day checked in and when (ISO instant). */
export interface SprintCheckinResponse {
  day: string;
  checkedAt: string;
}

export interface MyCheckin {
  /** Today in Korea (YYYY-MM-DD) and when today's check-in closes (ISO instant, 22:00 Asia/Seoul). */
  day: string;
  closesAt: string;
  /** Whether a check-in is taken now: the member is on a running sprint team, on a sprint day, before 22:00. */
  open: boolean;
  checkedInAt: string | null;
  /** Consecutive days checked in, up to today (or yesterday while today's is still open). */
  streak: number;
  misses: number;
  lastMiss: string | null;
  /** Consecutive misses after which a member is dropped. */
  missesBeforeDrop: number;
}

/** A published sprint project on /projects. */
export interface SprintProject {
  teamId: number;
  teamName: string;
  projectName: string;
  description: string;
  repositoryUrl: string;
  demoUrl: string | null;
  images: string[];
  productId: number;
  productName: string;
  oddId: number;
  cohortName: string;
  /** The cohort's winning team (the team prize). */
  winner: boolean;
  /** Members who finished with the team (dropped members left out): nickname, role, career card ID. */
  members: { alias: string | null; role: ApplicantRole | null; roleName: string | null; profileId: string | null }[];
  publishedAt: string;
}
export interface SprintProjectListResponse {
  projects: { items: SprintProject[]; page: number; size: number; total: number };
}
