import type { CohortSummary, ProductSummary } from '@sq/contracts';
import { seoulDay } from '../../shared/dates';
import { applyPath, groupCohorts, type ApplyCta } from '../../shared/programs';

/** What only the program intro and recruit pages need: the headline cohort, a cohort's apply button, the slug rule. */

/** The cohort a program page talks about: the one recruiting, else the next to open, else the latest. */
export function headlineCohort(cohorts: readonly CohortSummary[]): CohortSummary | null {
  const { open, upcoming, closed } = groupCohorts(cohorts);
  return open[0] ?? upcoming[0] ?? closed[0] ?? null;
}

/** The apply button of one cohort's recruit page. */
export function cohortCta(product: Pick<ProductSummary, 'slug' | 'kind'>, cohort: CohortSummary): ApplyCta {
  if (cohort.status === 'RECRUITING') {
    return {
      kind: 'open',
      cohort,
      href: applyPath(product, cohort.oddId),
      label: '지원하기',
      note: `${seoulDay(cohort.recruitEnd)} 마감`,
    };
  }
  if (cohort.status === 'UPCOMING')
    return {
      kind: 'upcoming',
      cohort,
      label: `${seoulDay(cohort.recruitStart)} 모집 시작`,
      note: '모집이 열리면 지원할 수 있어요',
    };
  return { kind: 'closed', label: '모집이 마감되었어요', note: `${cohort.name} 모집은 끝났어요` };
}

/** A product slug the programs service accepts (the same rule as its route): anything else is not a page. */
export const PRODUCT_SLUG = /^[a-z][a-z0-9-]{1,39}$/;
