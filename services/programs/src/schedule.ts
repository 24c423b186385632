import type { CohortStatus, RefundAnchor } from '@sq/contracts';
import { seoulDate } from '@sq/contracts/seoul';

/** Calendar days of the programs are Korean days, whatever the server's time zone. */
export { seoulDate };

export interface CohortDates {
  recruitStart: Date;
  recruitEnd: Date;
  teamBuildingAnnounceDate: string | null;
  kickoffDate: string | null;
  startDate: string;
  endDate: string;
  cancelledAt: Date | null;
}

export const STATUS_NAMES: Record<CohortStatus, string> = {
  UPCOMING: '모집 예정',
  RECRUITING: '모집 중',
  TEAM_BUILDING: '모집 마감',
  IN_PROGRESS: '진행 중',
  ENDED: '종료',
  CANCELLED: '취소',
};

export function cohortStatus(cohort: CohortDates, now: Date): CohortStatus {
  if (cohort.cancelledAt) return 'CANCELLED';
  if (now < cohort.recruitStart) return 'UPCOMING';
  if (now <= cohort.recruitEnd) return 'RECRUITING';
  const today = seoulDate(now);
  if (today < cohort.startDate) return 'TEAM_BUILDING';
  if (today <= cohort.endDate) return 'IN_PROGRESS';
  return 'ENDED';
}

/** `YYYY-MM-DD` plus months then days; a month that is too short ends on its last day (01-31 + 1 month = 02-28). */
export function addToDate(date: string, months: number, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  const shifted = new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay)));
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

export interface RuleBoundary {
  anchor: RefundAnchor | null;
  offsetMonths: number;
  offsetDays: number;
  elapsed: [number, number] | null;
}

/**
 * The last day a phase applies for this cohort, or null when it depends on the member's payment date or
 * has no end. An elapsed boundary ("before a third of the course has passed") ends on the day during which
 * that share of the course's days (start and end included) is reached.
 */
export function lastDayOf(boundary: RuleBoundary, cohort: CohortDates): string | null {
  if (boundary.elapsed) {
    const [numerator, denominator] = boundary.elapsed;
    const courseDays = daysBetween(cohort.startDate, cohort.endDate) + 1;
    return addToDate(cohort.startDate, 0, Math.ceil((courseDays * numerator) / denominator) - 1);
  }
  const anchors: Record<RefundAnchor, string | null> = {
    PAID: null,
    TEAM_ANNOUNCE: cohort.teamBuildingAnnounceDate,
    KICKOFF: cohort.kickoffDate,
    START: cohort.startDate,
    END: cohort.endDate,
  };
  const anchor = boundary.anchor ? anchors[boundary.anchor] : null;
  return anchor ? addToDate(anchor, boundary.offsetMonths, boundary.offsetDays) : null;
}
