import type { ApplicantRole, ApplicationState } from './applications';

/**
 * Operators' API of the programs service (issue 9), all under `/api/admin/*`: ROLE_ADMIN checked at the
 * gateway and again in the service (a member gets 403 `접근 권한이 없습니다.` and nothing changes). Every
 * change writes one audit-log row (who, when, what, before and after). Responses carry `ErrorCode: '00'`.
 *
 * Endpoints (paths under /api/admin):
 * - GET  /cohorts?productId=                      -> CohortListResponse (live counts per state and role)
 * - POST /cohorts                 CohortInput      -> { cohort: AdminCohort }
 * - PUT  /cohorts/{oddId}         CohortInput      -> { cohort: AdminCohort }
 * - GET  /cohorts/{oddId}/applicants?role=&state=&careerYears=&friends=true|false&q=   -> ApplicantListResponse
 *        (q: name or career card ID; skillLevel null when the itskill service has none or does not answer)
 * - GET  /cohorts/{oddId}/applicants.csv (same filters) -> text/csv, UTF-8 with BOM
 * - GET  /applications/{joinId}/answers            -> { joinId, answers }
 * - GET  /audit-log?oddId=&limit=&before=          -> AuditLogResponse (newest first)
 * - GET  /cohorts/{oddId}/board                    -> BoardResponse
 * - POST /cohorts/{oddId}/board/run   { seed? }    -> BoardResponse (matcher around the locks)
 * - POST /cohorts/{oddId}/board/move  { joinId, toTeam: string | null }  (null: to the waitlist) -> BoardResponse
 * - POST /cohorts/{oddId}/board/lock  { joinId?, teamKey?, locked: boolean } -> BoardResponse
 * - GET  /cohorts/{oddId}/board/preview            -> PublishPreview (who is charged, total)
 * - POST /cohorts/{oddId}/board/publish            -> PublishResponse (once; a second publish is 409)
 * - POST /payment-deadlines/run                    -> { expired: number[]; backfilled: { from, to }[] }
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

export interface AdminCohort extends CohortInput {
  oddId: number;
  productName: string;
  /** Live applications per state, and per role (past the wizard, not ended). */
  counts: { byState: Partial<Record<ApplicationState, number>>; byRole: Partial<Record<ApplicantRole, number>>; total: number };
}
export interface CohortListResponse {
  cohorts: AdminCohort[];
}

export interface AdminApplicant {
  joinId: number;
  userId: number;
  /** From the account service; null when it does not answer. */
  name: string | null;
  careerCardId: string | null;
  role: ApplicantRole | null;
  state: ApplicationState;
  stateName: string;
  careerYears: string | null;
  experienceMonths: number | null;
  friendCareerCardIds: string[];
  /** IT skill check-up level; null when the member has none (or the itskill service does not answer). */
  skillLevel: number | null;
  submittedAt: string | null;
}
export interface ApplicantListResponse {
  applicants: AdminApplicant[];
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

export interface BoardMember {
  joinId: number;
  name: string | null;
  role: ApplicantRole | null;
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
export interface BoardResponse {
  oddId: number;
  seed: number;
  teams: BoardTeam[];
  /** Not on a team (moved there, or the matcher could not place them, with the reason). */
  waitlist: (BoardMember & { reason: string | null })[];
  publishedAt: string | null;
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
