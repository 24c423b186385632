import { describe, expect, it } from 'vitest';
import { runScaleBench } from './support/scale';

/**
 * The data-at-scale bench (e2e/bench/scale.ts) at a tiny size: the generator produces every table's rows and
 * each timed page answers correctly over them. Timings are never asserted. The board has more applicants than
 * one account or itskill lookup takes (1,000), so the console's names must come from several batches.
 */
describe('data-at-scale bench', () => {
  it('generates members, applications and their records, and every page answers correctly over them', async () => {
    const sizes = { members: 1_500, applications: 4_000, cohorts: 6, boardApplicants: 1_100, auditEntries: 300 };
    const result = await runScaleBench(sizes, { runs: 2 });

    expect(result.rows).toMatchObject({ user_account: 1_500, cohort: 6, application: 4_000, audit_log: 300 });
    // Half the running sprint's teams submitted (the ended cohorts' teams are there for their rows' sake).
    expect(result.rows.team_submission).toBeGreaterThan(0);
    expect(result.rows.team_submission).toBeLessThan(result.rows.team! / 2);
    expect(result.rows.checkup_result).toBeGreaterThan(0);
    // Every application has its history; charged ones a payment; refunded ones an entitlement and a movement each.
    expect(result.rows.application_history).toBeGreaterThan(result.rows.application!);
    expect(result.rows.payment).toBeGreaterThan(0);
    expect(result.rows.refund).toBeGreaterThan(0);
    expect(result.rows.refund).toBe(result.rows.refund_entitlement);
    expect(result.rows.payment_event).toBeGreaterThan(result.rows.payment!);

    expect(result.figures.map((f) => f.page)).toEqual([
      'my applications',
      'my application detail',
      'applicant list: state and role',
      'applicant list: career and friend requests',
      'applicant list: search by name',
      'applicant list: IT skill level',
      'applicant list: friend status',
      'applicant list: page 20',
      'team building board: a page of teams',
      'team building board: search and filters',
      'team health: a page of teams',
      'team health: teams in trouble, first page',
      'judging: a page of teams and the summary',
      'public cohort counts',
      'audit log page',
    ]);
    for (const figure of result.figures) {
      expect(figure.wrong, figure.page).toBeNull();
      expect(figure.timings, figure.page).toHaveLength(2);
      // Each answer's read queries run again under EXPLAIN (ANALYZE, BUFFERS): every page reads something.
      expect(figure.buffers.queries, figure.page).toBeGreaterThan(0);
      expect(figure.buffers.buffers, figure.page).toBeGreaterThan(0);
      expect(figure.buffers.costliest!.buffers, figure.page).toBeLessThanOrEqual(figure.buffers.buffers);
      // At this size a cohort has fewer than 20 pages: that page is rightly empty.
      if (figure.page !== 'applicant list: page 20') expect(figure.rows, figure.page).toBeGreaterThan(0);
    }
    // The running sprint's and the ended cohorts' teams: every placed member on a team of four at most (each cohort's last
    // team may have fewer), with check-ins and misses.
    expect(result.rows.team_member).toBeGreaterThan(0);
    expect(result.rows.team_member).toBeLessThanOrEqual(4 * result.rows.team!);
    expect(result.rows.team_member).toBeGreaterThan(4 * result.rows.team! - 3 * sizes.cohorts);
    expect(result.rows.checkin).toBeGreaterThan(result.rows.team_member!);
    expect(result.rows.checkin_miss).toBeGreaterThan(0);
    // Judged: three in four of the submissions scored, so the summary has a ranking and teams still to score.
    expect(result.rows.team_score).toBeGreaterThan(0);
    expect(result.rows.team_score).toBeLessThan(result.rows.team_submission!);
    // The team pages answer a page of the teams, not all of them.
    for (const page of ['team health: a page', 'team health: teams in trouble', 'judging'])
      expect(result.figures.find((f) => f.page.startsWith(page))!.rows, page).toBeLessThan(result.rows.team_member!);
  }, 600_000);
});
