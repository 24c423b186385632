import { describe, expect, it } from 'vitest';
import { BUFFER_BUDGETS, P95_RATIO_TARGET, scaleVerdicts, smallSizes } from './support/scale/verdicts';

describe('the scale bench verdicts', () => {
  it('compares a hundredth of the history and members, the pages’ cohorts as large and the others as large as its members allow', () => {
    // 40,000 regular applications: as large as the full data's cohorts (about 10,000) would need 10,000 members each at the
    // largest (1.75 times the mean); the hundredth's 10,000 members allow eight of 5,000.
    expect(
      smallSizes({
        members: 1_000_000,
        applications: 5_000_000,
        cohorts: 500,
        boardApplicants: 5_000,
        auditEntries: 200_000,
      }),
    ).toEqual({
      members: 10_000,
      applications: 50_000,
      cohorts: 10,
      boardApplicants: 5_000,
      auditEntries: 2_000,
    });
    // Members to spare: the regular cohorts as large as the full data's (500 applications each).
    expect(
      smallSizes({ members: 500_000, applications: 250_000, cohorts: 500, boardApplicants: 250, auditEntries: 5_000 }),
    ).toMatchObject({ cohorts: 2 + 4 });
    // Never fewer than the generator needs, never more than the full data has; a board no larger than the hundredth's members.
    expect(
      smallSizes({ members: 20_000, applications: 1_000, cohorts: 200, boardApplicants: 1_000, auditEntries: 4_000 }),
    ).toMatchObject({ cohorts: 5, boardApplicants: 200 });
    expect(
      smallSizes({ members: 20_000, applications: 100_000, cohorts: 4, boardApplicants: 100, auditEntries: 4_000 }),
    ).toMatchObject({ cohorts: 4, boardApplicants: 100 });
  });

  it('meets the ratio target at twice the hundredth’s p95 and no more, and the page’s budget at its figure and no more', () => {
    const budget = BUFFER_BUDGETS['team health: a page of teams']!;
    expect(
      scaleVerdicts('team health: a page of teams', { smallP95: 5, fullP95: 5 * P95_RATIO_TARGET, buffers: budget }),
    ).toEqual({
      ratio: P95_RATIO_TARGET,
      ratioVerdict: 'met',
      budget,
      budgetVerdict: 'met',
    });
    const over = scaleVerdicts('team health: a page of teams', { smallP95: 5, fullP95: 10.5, buffers: budget + 1 });
    expect([over.ratioVerdict, over.budgetVerdict]).toEqual(['not met', 'not met']);
    // A page without a budget is never met; a hundredth too fast to time counts as 0.1 ms.
    expect(scaleVerdicts('a page nobody budgeted', { smallP95: 1, fullP95: 1, buffers: 1 }).budgetVerdict).toBe(
      'not met',
    );
    expect(scaleVerdicts('audit log page', { smallP95: 0, fullP95: 0.15, buffers: 1 }).ratio).toBeCloseTo(1.5);
  });
});
