import type { CohortStatus, TeamMakeup } from './programs';

/**
 * Applications (jid / joinId) of the programs service. One explicit state machine, used by every service
 * and screen (ARCHITECTURE, product decisions):
 *   SUBMITTED -> RESERVED (billing key issued, not charged) -> TEAM_BUILDING -> ASSIGNED (charged, in a team)
 *   -> COMPLETED; CANCELLED (by the member before team building), REFUNDED (after a charge), DROPPED (e.g. the
 *   sprint's two missed check-ins).
 */
export type ApplicationStatus = 'SUBMITTED' | 'RESERVED' | 'TEAM_BUILDING' | 'ASSIGNED' | 'COMPLETED' | 'CANCELLED' | 'REFUNDED' | 'DROPPED';

/** Statuses that no longer hold a place in the cohort. */
export const WITHDRAWN_STATUSES: readonly ApplicationStatus[] = ['CANCELLED', 'REFUNDED', 'DROPPED'];

export type ApplicantRole = 'PLANNER' | 'DESIGNER' | 'DEVELOPER';

export interface RoleApplicants {
  role: ApplicantRole;
  /** 기획자, 디자이너, 개발자 */
  roleName: string;
  /** Applications that still hold a place (not cancelled, refunded or dropped). */
  applicants: number;
  /** Seats of this role in one team (the product's team make-up); null when the role is not fixed. */
  seatsPerTeam: number | null;
}

export interface CohortApplicants {
  oddId: number;
  status: CohortStatus;
  recruiting: boolean;
  total: number;
  /** Planner, designer, developer, in that order; a role with 0 fixed seats is left out. */
  roles: RoleApplicants[];
  teamMakeup: TeamMakeup | null;
  /** ISO instant of the count. */
  countedAt: string;
}

/** GET /cohorts/{oddId}/applicants (public): live number of applicants per role. */
export interface CohortApplicantsResponse {
  applicants: CohortApplicants;
}
