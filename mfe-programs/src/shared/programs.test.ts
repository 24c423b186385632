import { describe, expect, it } from 'vitest';
import type { CohortStatus } from '@sq/contracts';
import { applyCta, applyPath, groupCohorts, introPath, statusTone } from './programs';
import { cohort } from './cohort.fixture';

describe('program paths', () => {
  it('starts each program at the apply step its wizard defines', () => {
    expect(applyPath({ slug: 'bside', kind: 'TEAM_PROJECT' }, 112)).toBe('/bside/apply/112');
    expect(applyPath({ slug: 'potenday', kind: 'SPRINT' }, 212)).toBe('/potenday/apply/212/required');
    expect(applyPath({ slug: 'planx', kind: 'COURSE' }, 304)).toBe('/planx/apply/304');
    expect(applyPath({ slug: 'portfolio-review', kind: 'GENERIC' }, 401)).toBe('/product/apply/401/required');
  });

  it('puts generic products under /product/{id}', () => {
    expect(introPath({ productId: 4, slug: 'portfolio-review', kind: 'GENERIC' })).toBe('/product/4');
    expect(introPath({ productId: 1, slug: 'bside', kind: 'TEAM_PROJECT' })).toBe('/bside');
  });
});

describe('cohort status', () => {
  it('tones statuses', () => {
    expect(
      ['RECRUITING', 'UPCOMING', 'IN_PROGRESS', 'TEAM_BUILDING', 'ENDED', 'CANCELLED'].map((s) =>
        statusTone(s as CohortStatus),
      ),
    ).toEqual(['open', 'upcoming', 'progress', 'closed', 'closed', 'closed']);
  });

  it('groups open, upcoming and closed cohorts, soonest first', () => {
    const later = cohort(3, 'UPCOMING', { recruitStart: '2027-01-01T00:00:00Z' });
    const sooner = cohort(4, 'UPCOMING', { recruitStart: '2026-12-01T00:00:00Z' });
    const groups = groupCohorts([cohort(1, 'ENDED'), later, cohort(2, 'RECRUITING'), sooner, cohort(5, 'IN_PROGRESS')]);
    expect(groups.open.map((c) => c.oddId)).toEqual([2]);
    expect(groups.upcoming.map((c) => c.oddId)).toEqual([4, 3]);
    expect(groups.closed.map((c) => c.oddId).sort()).toEqual([1, 5]);
  });

  it('offers the apply link only for an open cohort, else says why', () => {
    const product = { slug: 'bside', kind: 'TEAM_PROJECT' as const };
    expect(applyCta({ ...product, cohorts: [cohort(111, 'ENDED'), cohort(112, 'RECRUITING')] })).toMatchObject({
      kind: 'open',
      href: '/bside/apply/112',
      label: '지원하기',
      note: '112기 · 2026.11.29 마감',
    });
    expect(
      applyCta({ ...product, cohorts: [cohort(212, 'UPCOMING', { recruitStart: '2026-11-22T15:00:00.000Z' })] }),
    ).toMatchObject({
      kind: 'upcoming',
      label: '2026.11.23 모집 시작',
    });
    expect(applyCta({ ...product, cohorts: [cohort(111, 'ENDED')] })).toMatchObject({
      kind: 'closed',
      label: '모집이 마감되었어요',
    });
  });
});
