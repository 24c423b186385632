import type { CohortStatus, TeamMakeup } from './programs';
import { APPLICANT_STATES, ENDED_STATES, type ApplicantRole, type ApplicationState } from './applications';

/**
 * Applications (jid / joinId) of the programs service follow the one state machine of `./applications`
 * (APPLICATION_TRANSITIONS, Korean labels). These names stay for the public counts' consumers.
 */
export type ApplicationStatus = ApplicationState;
export type { ApplicantRole };

/** Statuses that no longer hold a place in the cohort. */
export const WITHDRAWN_STATUSES: readonly ApplicationStatus[] = ENDED_STATES;
/** Statuses counted as applicants (live and past the wizard). */
export const COUNTED_STATUSES: readonly ApplicationStatus[] = APPLICANT_STATES;

export interface RoleApplicants {
  role: ApplicantRole;
  /** 기획자, 디자이너, 개발자 */
  roleName: string;
  /** Applications that hold a place (past the wizard and not cancelled, refunded or dropped). */
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
