/** Response shapes of the programs service (products, cohorts, refund rules). Paths are under `/api`. */

export type ProductKind = 'TEAM_PROJECT' | 'SPRINT' | 'COURSE' | 'GENERIC';

/** Computed from the cohort's dates (Asia/Seoul) at the time of the request. */
export type CohortStatus = 'UPCOMING' | 'RECRUITING' | 'TEAM_BUILDING' | 'IN_PROGRESS' | 'ENDED' | 'CANCELLED';

export interface CohortSummary {
  oddId: number;
  productId: number;
  name: string;
  status: CohortStatus;
  /** Korean label of the status (모집 예정, 모집 중, 모집 마감, 진행 중, 종료, 취소). */
  statusName: string;
  recruiting: boolean;
  /** ISO date-times. */
  recruitStart: string;
  recruitEnd: string;
  /** YYYY-MM-DD dates; null where the program has no such step. */
  teamBuildingAnnounceDate: string | null;
  kickoffDate: string | null;
  startDate: string;
  endDate: string;
}

export interface ProductSummary {
  productId: number;
  slug: string;
  name: string;
  kind: ProductKind;
  summary: string;
  feeKrw: number;
  /** True while one of its cohorts is recruiting. */
  recruiting: boolean;
  /** Newest first. */
  cohorts: CohortSummary[];
}
/** GET /products */
export interface ProductListResponse {
  products: ProductSummary[];
}

export interface TeamMakeup {
  minSize: number;
  maxSize: number;
  /** Seats per role in one team; null when the role is not fixed. */
  roles: { planner: number | null; designer: number | null; developer: number | null };
  /** Friends who may ask to be placed in the same team. */
  maxFriends: number;
}

/**
 * Which situation a refund rule covers: a member's own cancellation, the team stopping, the company ending
 * the program, leaving after the team invite (sprint), or a reward paid back (completion, referral, top student).
 */
export type RefundCase = 'INDIVIDUAL' | 'TEAM_STOP' | 'COMPANY_ENDED' | 'LEFT_AFTER_INVITE' | 'REWARD';
export type RefundAnchor = 'PAID' | 'TEAM_ANNOUNCE' | 'KICKOFF' | 'START' | 'END';

/**
 * Where a phase ends. Date boundaries: through the day `anchor + offsetMonths + offsetDays` (Asia/Seoul).
 * Elapsed boundaries: before that fraction of the course (start to end) has passed. For REWARD rows the
 * boundary is when the reward is paid.
 */
export type RefundBoundary =
  | { type: 'DATE'; anchor: RefundAnchor; offsetMonths: number; offsetDays: number }
  | { type: 'ELAPSED'; numerator: number; denominator: number };

export interface RefundRule {
  case: RefundCase;
  /** Korean description of the phase, as the terms word it. */
  phase: string;
  /** Rounded to two decimals for display; `refundRatio` is exact (two thirds stays 2/3). */
  refundPercent: number;
  refundRatio: { numerator: number; denominator: number };
  /** A fixed amount instead of a share of the fee (e.g. the friend-referral refund). */
  refundAmountKrw: number | null;
  /** Null for the last phase ("after that"). */
  boundary: RefundBoundary | null;
  /** Extra condition in Korean (e.g. VOD usage), null when none. */
  condition: string | null;
}

export interface ProductDetail extends ProductSummary {
  description: string;
  eligibility: string;
  /** Null for products without team building. */
  teamMakeup: TeamMakeup | null;
  refundRules: RefundRule[];
}
/** GET /products/{productIdOrSlug} */
export interface ProductDetailResponse {
  product: ProductDetail;
}

export interface CohortDetail extends CohortSummary {
  product: { productId: number; slug: string; name: string; kind: ProductKind; feeKrw: number };
  /** The product's refund rules with their last day worked out for this cohort (null: depends on payment or open-ended). */
  refundSchedule: { case: RefundCase; phase: string; refundPercent: number; until: string | null }[];
}
/** GET /cohorts/{oddId} */
export interface CohortResponse {
  cohort: CohortDetail;
}
