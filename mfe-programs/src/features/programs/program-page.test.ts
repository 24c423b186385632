import { describe, expect, it } from 'vitest';
import { PRODUCT_SLUG, cohortCta, headlineCohort } from './program-page';
import { cohort } from '../../shared/cohort.fixture';

describe('program page helpers', () => {
  it('talks about the recruiting cohort, else the next to open, else the latest', () => {
    const later = cohort(3, 'UPCOMING', { recruitStart: '2027-01-01T00:00:00Z' });
    const sooner = cohort(4, 'UPCOMING', { recruitStart: '2026-12-01T00:00:00Z' });
    expect(headlineCohort([cohort(1, 'ENDED'), later, sooner])!.oddId).toBe(4);
    expect(headlineCohort([cohort(1, 'ENDED'), later, cohort(2, 'RECRUITING')])!.oddId).toBe(2);
    expect(headlineCohort([])).toBeNull();
  });

  it("offers a cohort's apply link only while it recruits", () => {
    expect(cohortCta({ slug: 'potenday', kind: 'SPRINT' }, cohort(205, 'ENDED'))).toMatchObject({ kind: 'closed' });
    expect(cohortCta({ slug: 'planx', kind: 'COURSE' }, cohort(304, 'RECRUITING'))).toMatchObject({
      kind: 'open',
      href: '/planx/apply/304',
      note: '2026.11.29 마감',
    });
    expect(cohortCta({ slug: 'bside', kind: 'TEAM_PROJECT' }, cohort(113, 'UPCOMING'))).toMatchObject({
      kind: 'upcoming',
      label: '2026.11.02 모집 시작',
    });
  });

  it('accepts only slugs the programs service accepts', () => {
    for (const ok of ['bside', 'planx', 'portfolio-review']) expect(PRODUCT_SLUG.test(ok)).toBe(true);
    for (const bad of ['B', 'x', '1abc', 'a_b', 'a'.repeat(41)]) expect(PRODUCT_SLUG.test(bad)).toBe(false);
  });
});
