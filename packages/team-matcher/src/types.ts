/**
 * The team matcher's input and output. The matcher does no I/O: the programs service reads a cohort's
 * applications, hands them over in application order, and stores what comes back as a proposal the
 * operator can change, lock and re-run before publishing.
 */
import { ROLE_NAMES } from '@sq/contracts/api/application-states';

export type Role = 'PLANNER' | 'DESIGNER' | 'DEVELOPER';

export const ROLES: readonly Role[] = ['PLANNER', 'DESIGNER', 'DEVELOPER'];

/** The roles' Korean names (the explanations use them): the one list of the contracts. */
export { ROLE_NAMES };

export interface TeamMakeup {
  minSize: number;
  maxSize: number;
  /** Seats per role in one team; null (or absent) when the role is not fixed (the sprint, the course). */
  seats: Partial<Record<Role, number | null>>;
  /**
   * The smallest team the matcher forms, when larger than `minSize`: the sprint's teams are 2 to 4 but are
   * matched in groups of at least 3, so one drop-out still leaves a team.
   */
  matchMinSize?: number;
  /** Friends one applicant may ask to be placed with (a friend group is at most maxFriends + 1 people). */
  maxFriends: number;
}

export interface Applicant {
  /** The application id (joinId). */
  id: number;
  /** Shown in explanations, e.g. the career card ID or nickname. */
  name: string;
  role: Role;
  careerMonths: number;
  /** IT skill check-up score 0..100 (the total score, not the 1..5 level), null when the member has not taken it. */
  skillLevel: number | null;
  /** Hours a week the member can give the project; null when not given. */
  weeklyHours: number | null;
  /** Application ids this applicant asked to be placed with; only mutual requests bind. */
  friendIds: readonly number[];
}

/** Operator locks: a member fixed in a team, or a whole team kept as it is. Team keys are the operator's. */
export interface Locks {
  members?: readonly { applicantId: number; teamKey: string }[];
  teams?: readonly string[];
}

export interface MatchInput {
  makeup: TeamMakeup;
  /** In application order: when seats run out, earlier applications are placed first. */
  applicants: readonly Applicant[];
  /** The current board (team key -> applicant ids), needed to keep locked teams whole. */
  currentTeams?: Readonly<Record<string, readonly number[]>>;
  locks?: Locks;
  seed: number;
  options?: Partial<MatchOptions>;
}

/** Weights and limits of the soft goals; every one is named so an operator-facing doc can cite it. */
export interface MatchOptions {
  /** Share of a member's strength from career, skill level and weekly hours (they add up to 1). */
  careerWeight: number;
  skillWeight: number;
  hoursWeight: number;
  /** Career beyond this counts as this much (10 years): a 20-year veteran does not make a team twice as strong. */
  careerCapMonths: number;
  /** Weekly hours beyond this count as this much. */
  hoursCap: number;
  /** A member this far from the team's median career makes the team score drop (4 years). */
  outlierMonths: number;
  /** Points taken off per year a member lies beyond `outlierMonths` from the median. */
  outlierPenaltyPerYear: number;
  /** Improvement rounds of the local search per team (the search stops early when nothing improves). */
  roundsPerTeam: number;
}

export const DEFAULT_MATCH_OPTIONS: MatchOptions = {
  careerWeight: 0.5,
  skillWeight: 0.3,
  hoursWeight: 0.2,
  careerCapMonths: 120,
  hoursCap: 20,
  outlierMonths: 48,
  outlierPenaltyPerYear: 2,
  roundsPerTeam: 40,
};

export type UnplacedReason = 'NO_SEAT_FOR_ROLE' | 'FRIEND_GROUP_DID_NOT_FIT' | 'TEAM_TOO_SMALL';

export interface PlacedMember {
  applicantId: number;
  role: Role;
  locked: boolean;
  /** Short Korean explanation of the placement. */
  explanation: string;
}

export interface ProposedTeam {
  key: string;
  members: PlacedMember[];
  /** 0..100: the balance score the matcher maximised for the weakest team. */
  score: number;
  averageCareerMonths: number;
  locked: boolean;
}

export interface UnplacedApplicant {
  applicantId: number;
  reason: UnplacedReason;
  /** Korean explanation for the operator and the member. */
  explanation: string;
}

export interface MatchResult {
  teams: ProposedTeam[];
  unplaced: UnplacedApplicant[];
  worstScore: number;
  meanScore: number;
  cohortAverageCareerMonths: number;
}
