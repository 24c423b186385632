import { describe, expect, it } from 'vitest';
import type { RoleApplicants } from '@sq/contracts/api/applicants';
import { applicantOdds } from './applicant-odds';

const role = (r: RoleApplicants['role'], applicants: number, seatsPerTeam: number | null): RoleApplicants => ({
  role: r,
  roleName: r,
  applicants,
  seatsPerTeam,
});

describe('applicantOdds', () => {
  it('finds the scarce role of the 14-week project and the teams it allows', () => {
    const odds = applicantOdds({ roles: [role('PLANNER', 9, 2), role('DESIGNER', 5, 2), role('DEVELOPER', 13, 4)] });
    expect(odds.teams).toBe(2);
    expect(odds.roles.map((r) => [r.role, r.teamsFillable, r.scarce])).toEqual([
      ['PLANNER', 4, false],
      ['DESIGNER', 2, true],
      ['DEVELOPER', 3, false],
    ]);
    expect(odds.roles[1]!.hint).toContain('팀 배정 가능성이 높아요');
    expect(odds.roles[0]!.hint).toBe('팀 4개를 채울 만큼 지원했어요. 자리 경쟁이 있어요.');
    expect(odds.roles[0]!.fill).toBe(1);
    expect(odds.roles[1]!.fill).toBeCloseTo(2.5 / 4.5);
  });

  it('marks no role scarce when all have the same odds, or only one role has seats', () => {
    expect(applicantOdds({ roles: [role('PLANNER', 4, 2), role('DESIGNER', 4, 2)] }).roles.some((r) => r.scarce)).toBe(
      false,
    );
    const course = applicantOdds({ roles: [role('PLANNER', 17, 3)] });
    expect(course.teams).toBe(5);
    expect(course.roles[0]).toMatchObject({ scarce: false, teamsFillable: 5, hint: '팀 5개를 채울 수 있어요.' });
  });

  it('only counts where roles have no fixed seats (the sprint)', () => {
    const sprint = applicantOdds({
      roles: [role('PLANNER', 3, null), role('DESIGNER', 0, null), role('DEVELOPER', 6, null)],
    });
    expect(sprint.teams).toBeNull();
    expect(sprint.roles.map((r) => [r.hint, r.scarce, r.fill])).toEqual([
      ['3명 지원', false, 0.5],
      ['0명 지원', false, 0],
      ['6명 지원', false, 1],
    ]);
  });

  it('handles nobody applied yet', () => {
    const odds = applicantOdds({ roles: [role('PLANNER', 0, 2), role('DEVELOPER', 0, 4)] });
    expect(odds.teams).toBe(0);
    expect(odds.roles.every((r) => r.fill === 0 && !r.scarce)).toBe(true);
  });
});
