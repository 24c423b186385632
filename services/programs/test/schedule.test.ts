import { describe, expect, it } from 'vitest';
import { addToDate, cohortStatus, lastDayOf, seoulDate } from '../src/schedule';

describe('schedule helpers', () => {
  it('takes the calendar day in Korea, whatever the server time zone', () => {
    expect(seoulDate(new Date('2026-11-29T14:59:59Z'))).toBe('2026-11-29');
    expect(seoulDate(new Date('2026-11-29T15:00:00Z'))).toBe('2026-11-30');
  });

  it('adds months without spilling into the next month', () => {
    expect(addToDate('2027-01-31', 1, 0)).toBe('2027-02-28');
    expect(addToDate('2028-01-31', 1, 0)).toBe('2028-02-29');
    expect(addToDate('2027-01-04', 1, -1)).toBe('2027-02-03');
    expect(addToDate('2026-12-30', 0, 5)).toBe('2027-01-04');
  });

  it('leaves payment-based boundaries undated and dates the others', () => {
    const cohort = {
      recruitStart: new Date('2026-11-02T00:00:00+09:00'),
      recruitEnd: new Date('2026-11-29T23:59:59+09:00'),
      teamBuildingAnnounceDate: null,
      kickoffDate: null,
      startDate: '2026-12-14',
      endDate: '2026-12-23',
      cancelledAt: null,
    };
    expect(lastDayOf({ anchor: 'PAID', offsetMonths: 0, offsetDays: 6, elapsed: null }, cohort)).toBeNull();
    expect(lastDayOf({ anchor: 'KICKOFF', offsetMonths: 0, offsetDays: 0, elapsed: null }, cohort)).toBeNull();
    expect(lastDayOf({ anchor: 'START', offsetMonths: 0, offsetDays: -1, elapsed: null }, cohort)).toBe('2026-12-13');
    expect(lastDayOf({ anchor: null, offsetMonths: 0, offsetDays: 0, elapsed: [1, 2] }, cohort)).toBe('2026-12-18');
    expect(cohortStatus(cohort, new Date('2026-12-01T00:00:00+09:00'))).toBe('TEAM_BUILDING');
  });
});
