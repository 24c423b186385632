import type { Knex } from 'knex';
import { demoCalendarLive } from '../config';

type SeedCohort = [
  oddId: number,
  productId: number,
  name: string,
  recruit: [string, string],
  announce: string | null,
  kickoff: string | null,
  period: [string, string],
  capacity?: number,
];

/**
 * The day the demo calendar was written for. Every live cohort recruits from this day (or before) until at least
 * six days after it, so with the calendar moved in whole weeks each one recruits on every later day.
 */
const DEMO_REFERENCE_DAY = '2026-11-23';
/** Cohorts that are open or upcoming on the reference day. */
const LIVE_COHORTS = new Set([112, 212, 304, 401]);

/**
 * With DEMO_CALENDAR=live (the local stack and the e2e site), the open and upcoming cohorts move with the
 * calendar in whole weeks, so a demo or test run on any later day still finds programs recruiting; the
 * past cohorts keep their history. Unset (the unit suites, which freeze the clock), nothing moves.
 */
function liveShiftDays(now: Date): number {
  if (!demoCalendarLive()) return 0;
  const days = Math.floor((now.getTime() - Date.parse(`${DEMO_REFERENCE_DAY}T00:00:00+09:00`)) / 86_400_000);
  return Math.max(0, Math.floor(days / 7) * 7);
}

function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A sprint is named by the month it runs in. */
function liveName(name: string, start: string): string {
  return name.replace(/\d{4}년 \d{1,2}월$/, `${Number(start.slice(0, 4))}년 ${Number(start.slice(5, 7))}월`);
}

// Recruiting opens at 00:00 and closes at 23:59:59 Korean time on the days given.
const COHORTS: SeedCohort[] = [
  [
    109,
    1,
    '14주 팀 프로젝트 9기',
    ['2025-07-14', '2025-08-10'],
    '2025-08-20',
    '2025-08-30',
    ['2025-09-01', '2025-12-07'],
  ],
  [
    110,
    1,
    '14주 팀 프로젝트 10기',
    ['2025-11-03', '2025-11-30'],
    '2025-12-17',
    '2026-01-03',
    ['2026-01-05', '2026-04-12'],
  ],
  [
    111,
    1,
    '14주 팀 프로젝트 11기',
    ['2026-03-02', '2026-03-29'],
    '2026-04-15',
    '2026-05-02',
    ['2026-05-04', '2026-08-09'],
  ],
  [
    112,
    1,
    '14주 팀 프로젝트 12기',
    ['2026-11-02', '2026-11-29'],
    '2026-12-16',
    '2027-01-02',
    ['2027-01-04', '2027-04-11'],
  ],
  [
    205,
    2,
    '10일 팀 스프린트 2026년 5월',
    ['2026-04-13', '2026-04-30'],
    '2026-05-06',
    '2026-05-11',
    ['2026-05-11', '2026-05-20'],
  ],
  [
    208,
    2,
    '10일 팀 스프린트 2026년 8월',
    ['2026-07-13', '2026-07-31'],
    '2026-08-05',
    '2026-08-10',
    ['2026-08-10', '2026-08-19'],
  ],
  [
    212,
    2,
    '10일 팀 스프린트 2026년 12월',
    ['2026-11-23', '2026-12-06'],
    '2026-12-10',
    '2026-12-14',
    ['2026-12-14', '2026-12-23'],
  ],
  [303, 3, '플래너 코스 3기', ['2026-01-19', '2026-02-15'], '2026-02-23', '2026-02-28', ['2026-03-02', '2026-04-26']],
  [304, 3, '플래너 코스 4기', ['2026-11-09', '2026-11-30'], '2026-12-07', '2026-12-12', ['2026-12-14', '2027-02-07']],
  [401, 4, '포트폴리오 리뷰 데이 1회', ['2026-11-16', '2026-12-04'], null, null, ['2026-12-12', '2026-12-12'], 40],
];

export async function seedCohorts(knex: Knex, now = new Date()): Promise<void> {
  const shift = liveShiftDays(now);
  const cohorts = COHORTS.map((cohort): SeedCohort => {
    if (!shift || !LIVE_COHORTS.has(cohort[0])) return cohort;
    const [oddId, productId, name, [recruitStart, recruitEnd], announce, kickoff, [start, end], capacity] = cohort;
    const move = (day: string | null) => (day ? shiftDay(day, shift) : null);
    return [
      oddId,
      productId,
      liveName(name, move(start)!),
      [move(recruitStart)!, move(recruitEnd)!],
      move(announce),
      move(kickoff),
      [move(start)!, move(end)!],
      capacity,
    ];
  });
  await knex('cohort').insert(
    cohorts.map(([oddId, productId, name, [recruitStart, recruitEnd], announce, kickoff, [start, end], capacity]) => ({
      odd_id: oddId,
      product_id: productId,
      name,
      recruit_start: `${recruitStart}T00:00:00+09:00`,
      recruit_end: `${recruitEnd}T23:59:59+09:00`,
      team_building_announce_date: announce,
      kickoff_date: kickoff,
      start_date: start,
      end_date: end,
      capacity: capacity ?? null,
    })),
  );
  await knex.raw(`select setval(pg_get_serial_sequence('cohort', 'odd_id'), (select max(odd_id) from cohort))`);
}

export const SEED_ODD_IDS = COHORTS.map(([oddId]) => oddId);
