import type { CohortStatus, CohortSummary } from '@sq/contracts';

/** A cohort summary for unit tests: recruiting in November 2026 (Korean days), starting in December. */
export const cohort = (oddId: number, status: CohortStatus, over: Partial<CohortSummary> = {}): CohortSummary => ({
  oddId,
  productId: 1,
  name: `${oddId}기`,
  status,
  statusName: status,
  recruiting: status === 'RECRUITING',
  recruitStart: '2026-11-01T15:00:00.000Z',
  recruitEnd: '2026-11-29T14:59:59.000Z',
  teamBuildingAnnounceDate: null,
  kickoffDate: null,
  startDate: `2026-12-${String((oddId % 28) + 1).padStart(2, '0')}`,
  endDate: '2027-04-11',
  ...over,
});
