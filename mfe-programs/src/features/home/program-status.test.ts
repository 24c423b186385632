import { describe, expect, it } from 'vitest';
import { programStatusLabel } from './program-status';
import { cohort } from '../../shared/cohort.fixture';

describe('programStatusLabel', () => {
  it('labels a program by its cohorts: recruiting, upcoming, else closed', () => {
    expect(programStatusLabel([cohort(1, 'ENDED'), cohort(2, 'RECRUITING')])).toEqual({
      label: '모집 중',
      tone: 'open',
    });
    expect(programStatusLabel([cohort(1, 'ENDED'), cohort(2, 'UPCOMING')])).toEqual({
      label: '모집 예정',
      tone: 'upcoming',
    });
    expect(programStatusLabel([cohort(1, 'ENDED')])).toEqual({ label: '모집 마감', tone: 'closed' });
    expect(programStatusLabel([])).toEqual({ label: '모집 마감', tone: 'closed' });
  });
});
