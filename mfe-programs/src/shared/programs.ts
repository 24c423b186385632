import type { CohortStatus, CohortSummary, ProductKind, ProductSummary } from '@sq/contracts';
import { seoulDay } from './dates';

/**
 * Program helpers that more than one feature uses (home, program intros, recruit pages): paths, cohort
 * grouping, status tones and the program's apply button. A helper one feature needs lives in that feature.
 */

/** What the program pages need of a product to build its paths. */
export type ProductRef = Pick<ProductSummary, 'productId' | 'slug' | 'kind'>;

/** The program's intro page: generic products live under /product/{productId}, the others at /{slug}. */
export function introPath(product: ProductRef): string {
  return product.kind === 'GENERIC' ? `/product/${product.productId}` : `/${product.slug}`;
}

/**
 * Where "apply" starts, as the spec's wizards define it: the 14-week project and the planner course open on
 * their public intro step, the sprint and generic products go straight to the required step.
 */
export function applyPath(product: Pick<ProductSummary, 'slug' | 'kind'>, oddId: number): string {
  if (product.slug === 'potenday') return `/potenday/apply/${oddId}/required`;
  if (product.slug === 'planx') return `/planx/apply/${oddId}`;
  if (product.kind === 'GENERIC') return `/product/apply/${oddId}/required`;
  return `/${product.slug}/apply/${oddId}`;
}

/** A cohort's recruit page (/planx/recruit/{oddId}, /potenday/recruit/{oddId}, /{product}/recruit/{oddId}). */
export function recruitPath(product: Pick<ProductSummary, 'slug'>, oddId: number): string {
  return `/${product.slug}/recruit/${oddId}`;
}

export type StatusTone = 'open' | 'upcoming' | 'closed' | 'progress';

export function statusTone(status: CohortStatus): StatusTone {
  switch (status) {
    case 'RECRUITING':
      return 'open';
    case 'UPCOMING':
      return 'upcoming';
    case 'IN_PROGRESS':
      return 'progress';
    default:
      return 'closed';
  }
}

export interface CohortGroups {
  /** Recruiting now, the one closing first on top. */
  open: CohortSummary[];
  /** Opening later, the next one first. */
  upcoming: CohortSummary[];
  /** Recruiting over (team building, in progress, ended, cancelled), newest first. */
  closed: CohortSummary[];
}

export function groupCohorts(cohorts: readonly CohortSummary[]): CohortGroups {
  const by = (key: 'recruitStart' | 'recruitEnd') => (a: CohortSummary, b: CohortSummary) =>
    Date.parse(a[key]) - Date.parse(b[key]);
  return {
    open: cohorts.filter((c) => c.status === 'RECRUITING').sort(by('recruitEnd')),
    upcoming: cohorts.filter((c) => c.status === 'UPCOMING').sort(by('recruitStart')),
    closed: cohorts
      .filter((c) => c.status !== 'RECRUITING' && c.status !== 'UPCOMING')
      .sort((a, b) => b.startDate.localeCompare(a.startDate)),
  };
}

export type ApplyCta =
  | { kind: 'open'; cohort: CohortSummary; href: string; label: string; note: string }
  | { kind: 'upcoming'; cohort: CohortSummary; label: string; note: string }
  | { kind: 'closed'; label: string; note: string };

/** The apply button of a program: a link for the open cohort, otherwise a disabled button saying why. */
export function applyCta(
  product: Pick<ProductSummary, 'slug' | 'kind'> & { cohorts: readonly CohortSummary[] },
): ApplyCta {
  const { open, upcoming } = groupCohorts(product.cohorts);
  const cohort = open[0];
  if (cohort) {
    return {
      kind: 'open',
      cohort,
      href: applyPath(product, cohort.oddId),
      label: '지원하기',
      note: `${cohort.name} · ${seoulDay(cohort.recruitEnd)} 마감`,
    };
  }
  const next = upcoming[0];
  if (next)
    return {
      kind: 'upcoming',
      cohort: next,
      label: `${seoulDay(next.recruitStart)} 모집 시작`,
      note: `${next.name} 모집 예정`,
    };
  return { kind: 'closed', label: '모집이 마감되었어요', note: '다음 기수 모집을 준비하고 있어요' };
}

export const KIND_LABEL: Record<ProductKind, string> = {
  TEAM_PROJECT: '팀 프로젝트',
  SPRINT: '팀 스프린트',
  COURSE: '코스',
  GENERIC: '프로그램',
};
