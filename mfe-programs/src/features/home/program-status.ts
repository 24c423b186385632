import type { CohortSummary } from '@sq/contracts';
import { groupCohorts, type StatusTone } from '../../shared/programs';

/** The program's recruiting status in one Korean label. */
export function programStatusLabel(cohorts: readonly CohortSummary[]): { label: string; tone: StatusTone } {
  const { open, upcoming } = groupCohorts(cohorts);
  if (open.length) return { label: '모집 중', tone: 'open' };
  if (upcoming.length) return { label: '모집 예정', tone: 'upcoming' };
  return { label: '모집 마감', tone: 'closed' };
}
