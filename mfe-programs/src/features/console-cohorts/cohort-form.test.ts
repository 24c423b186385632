import { describe, expect, it } from 'vitest';
import { cohortInputSchema } from '@sq/contracts/api/operators/cohorts';
import { fieldMessages } from '@sq/contracts/forms';
import { MESSAGES } from '@sq/contracts/messages';
import { EMPTY_COHORT, cohortRequest, cohortValues, seoulInstant, seoulLocal, type CohortValues } from './cohort-form';

const valid: CohortValues = {
  productId: '2',
  name: '10일 팀 스프린트 2027년 1월',
  recruitStart: '2027-01-01T10:00',
  recruitEnd: '2027-01-10T23:59',
  teamBuildingAnnounceDate: '2027-01-12',
  kickoffDate: '',
  startDate: '2027-01-13',
  endDate: '2027-01-22',
  capacity: '40',
  seats: { PLANNER: '', DESIGNER: '1', DEVELOPER: '' },
};
const errorsOf = (v: CohortValues) => fieldMessages(cohortInputSchema.safeParse(cohortRequest(v)));

describe('cohort form', () => {
  it('reads what the operator typed as Korean time and keeps the product make-up for empty seats', () => {
    const request = cohortRequest(valid);
    expect(request).toMatchObject({
      productId: 2,
      recruitStart: '2027-01-01T10:00:00+09:00',
      kickoffDate: null,
      capacity: 40,
      roleSeats: { DESIGNER: 1 },
    });
    expect(cohortInputSchema.safeParse(request).success).toBe(true);
    expect(cohortRequest({ ...valid, seats: { PLANNER: '', DESIGNER: '', DEVELOPER: '' } }).roleSeats).toBeNull();
  });

  it('round-trips a stored cohort (instants back to Korean local time)', () => {
    expect(seoulLocal('2027-01-10T14:59:00.000Z')).toBe('2027-01-10T23:59');
    expect(seoulInstant('2027-01-10T23:59')).toBe('2027-01-10T23:59:00+09:00');
    const stored = {
      ...cohortRequest(valid),
      recruitStart: '2027-01-01T01:00:00.000Z',
      recruitEnd: '2027-01-10T14:59:00.000Z',
      oddId: 9,
      productName: 'x',
      counts: { byState: {}, byRole: {}, total: 0 },
    };
    expect(cohortValues(stored)).toEqual(valid);
  });

  it('says in Korean what is missing or out of order, under the field', () => {
    const empty = errorsOf(EMPTY_COHORT);
    expect(empty).toMatchObject({
      productId: MESSAGES.adminCohortProductRequired,
      name: MESSAGES.adminCohortNameRequired,
      recruitStart: MESSAGES.adminCohortDateRequired,
      startDate: MESSAGES.adminCohortDateRequired,
    });
    expect(errorsOf({ ...valid, endDate: '2027-01-01' })).toEqual({ endDate: MESSAGES.adminCohortDatesInvalid });
    expect(errorsOf({ ...valid, recruitEnd: '2026-12-31T10:00' })).toEqual({
      recruitEnd: MESSAGES.adminCohortDatesInvalid,
    });
    expect(errorsOf({ ...valid, recruitEnd: '2027-01-14T10:00' })).toEqual({
      startDate: MESSAGES.adminCohortDatesInvalid,
    });
    expect(errorsOf({ ...valid, capacity: '0' })).toEqual({ capacity: MESSAGES.adminCohortCapacityInvalid });
    expect(errorsOf({ ...valid, capacity: '많이' })).toEqual({ capacity: MESSAGES.adminCohortCapacityInvalid });
    expect(errorsOf({ ...valid, seats: { ...valid.seats, DEVELOPER: '21' } })).toEqual({
      'roleSeats.DEVELOPER': MESSAGES.adminCohortSeatsInvalid,
    });
  });
});
