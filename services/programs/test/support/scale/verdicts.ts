import { ceilingVerdict, type Verdict } from '@sq/stack/bench/stats';
import type { ScaleSizes } from './seed-programs';

/** The hundredth the scale bench compares the full data with: members, applications, audit entries and cohorts divided by this. */
export const SMALL_DIVISOR = 100;
/** A page's p95 on the full data may be at most this many times its p95 on the hundredth: its cost does not grow with the data. */
export const P95_RATIO_TARGET = 2;
/** The fewest regular cohorts (recruiting or past, besides the board's and the running sprint's) the hundredth has. */
export const SMALL_MIN_REGULAR_COHORTS = 3;
/**
 * A regular cohort of the generator is at most 1.75 times their mean (seed-programs' weights) and needs as many members as
 * applicants: the hundredth has enough cohorts that this many times their mean stays within its members.
 */
const COHORT_SIZE_HEADROOM = 2;

/**
 * The buffers (8 kB pages, shared hit + read) one answer of each page may touch at the full size (1,000,000 members,
 * 5,000,000 applications): about what its page of rows needs with the indexes it uses, with room for the next
 * release's columns. A page over its budget reads more than its answer needs (a scan, or counts worked out row by
 * row); the bench prints its costliest query.
 */
export const BUFFER_BUDGETS: Record<string, number> = {
  'my applications': 200,
  'my application detail': 200,
  'applicant list: state and role': 3_000,
  'applicant list: career and friend requests': 3_000,
  'applicant list: search by name': 6_000,
  'applicant list: IT skill level': 6_000,
  'applicant list: friend status': 3_000,
  'applicant list: page 20': 3_000,
  'team building board: a page of teams': 3_000,
  'team building board: search and filters': 6_000,
  'team health: a page of teams': 3_000,
  'team health: teams in trouble, first page': 3_000,
  'judging: a page of teams and the summary': 3_000,
  'public cohort counts': 200,
  'audit log page': 200,
};

/**
 * The hundredth of `sizes`: the same platform with a hundredth of its history and members. Members, applications and
 * audit entries divided by SMALL_DIVISOR; the board's and the running sprint's cohorts, the pages' subjects, exactly as
 * large (no larger than the hundredth's members); the other applications over as few cohorts as keep each one as large
 * as in the full data, or as large as the hundredth's members allow (at 10,000 members, about half as large). The ratio
 * then says whether a page costs more because of the data around its cohort: the history, the other members and cohorts.
 */
export function smallSizes(sizes: ScaleSizes): ScaleSizes {
  const members = Math.max(1, Math.round(sizes.members / SMALL_DIVISOR));
  const applications = Math.max(1, Math.round(sizes.applications / SMALL_DIVISOR));
  const boardApplicants = Math.min(sizes.boardApplicants, members);
  const regularApplications = Math.max(0, applications - 2 * boardApplicants);
  const fullMean = Math.max(1, (sizes.applications - 2 * sizes.boardApplicants) / Math.max(1, sizes.cohorts - 2));
  const regular = Math.max(
    SMALL_MIN_REGULAR_COHORTS,
    Math.ceil(regularApplications / fullMean),
    Math.ceil((COHORT_SIZE_HEADROOM * regularApplications) / members),
  );
  return {
    members,
    applications,
    cohorts: Math.min(sizes.cohorts, regular + 2),
    boardApplicants,
    auditEntries: Math.max(1, Math.round(sizes.auditEntries / SMALL_DIVISOR)),
  };
}

export interface ScaleVerdicts {
  /** Full p95 / hundredth p95 (a hundredth's p95 below 0.1 ms counts as 0.1 ms). */
  ratio: number;
  ratioVerdict: Verdict;
  budget: number;
  budgetVerdict: Verdict;
}

/** A page's verdicts: its p95 ratio against P95_RATIO_TARGET, its full-size buffers against its budget (none: not met). */
export function scaleVerdicts(
  page: string,
  figures: { smallP95: number; fullP95: number; buffers: number },
): ScaleVerdicts {
  const ratio = figures.fullP95 / Math.max(0.1, figures.smallP95);
  const budget = BUFFER_BUDGETS[page] ?? 0;
  return {
    ratio,
    ratioVerdict: ceilingVerdict(ratio, P95_RATIO_TARGET),
    budget,
    budgetVerdict: ceilingVerdict(figures.buffers, budget),
  };
}
