import { describe, expect, it } from 'vitest';
import { MAKEUPS, randomCohort } from './cohort-generator';
import { matchTeams, type Applicant, type MatchInput, type MatchResult, type Role, type TeamMakeup } from './index';

function checkHardRules(input: MatchInput, result: MatchResult) {
  const { makeup } = input;
  const minSize = Math.max(makeup.minSize, makeup.matchMinSize ?? 0);
  const placedIn = new Map<number, string>();
  for (const team of result.teams) {
    for (const m of team.members) {
      expect(placedIn.has(m.applicantId), `applicant ${m.applicantId} placed twice`).toBe(false);
      placedIn.set(m.applicantId, team.key);
    }
    if (team.locked) continue;
    expect(team.members.length).toBeGreaterThanOrEqual(minSize);
    expect(team.members.length).toBeLessThanOrEqual(makeup.maxSize);
    for (const role of ['PLANNER', 'DESIGNER', 'DEVELOPER'] as Role[]) {
      const seats = makeup.seats[role];
      if (seats === undefined || seats === null || seats === 0) continue;
      const n = team.members.filter((m) => m.role === role).length;
      expect(n, `${team.key} ${role}`).toBeGreaterThanOrEqual(1);
      expect(n, `${team.key} ${role}`).toBeLessThanOrEqual(seats);
    }
  }
  const unplaced = new Set(result.unplaced.map((u) => u.applicantId));
  // Everyone is accounted for exactly once.
  for (const a of input.applicants) expect(placedIn.has(a.id) !== unplaced.has(a.id), `applicant ${a.id}`).toBe(true);
  expect(placedIn.size + unplaced.size).toBe(input.applicants.length);
  // Mutual friends are together: same team, or both waiting.
  const byId = new Map(input.applicants.map((a) => [a.id, a]));
  for (const a of input.applicants) {
    for (const f of a.friendIds) {
      if (!byId.get(f)?.friendIds.includes(a.id)) continue;
      expect(placedIn.get(a.id), `friends ${a.id} and ${f}`).toBe(placedIn.get(f));
    }
  }
  return placedIn;
}

const applicant = (id: number, role: Role, careerMonths: number, extra: Partial<Applicant> = {}): Applicant => ({
  id,
  name: `m${id}`,
  role,
  careerMonths,
  skillLevel: null,
  weeklyHours: null,
  friendIds: [],
  ...extra,
});

describe('hard rules over random cohorts', () => {
  const cases: [string, TeamMakeup, number][] = [
    ['14-week team project', MAKEUPS.teamProject, 120],
    ['10-day sprint', MAKEUPS.sprint, 60],
    ['planner course', MAKEUPS.course, 40],
  ];
  for (const [name, makeup, max] of cases) {
    it(`${name}: sizes, seats, friends and everyone accounted for`, () => {
      for (let seed = 1; seed <= 80; seed += 1) {
        const size = 1 + ((seed * 7919) % max);
        const input: MatchInput = { makeup, applicants: randomCohort(seed, size, makeup.maxFriends), seed };
        checkHardRules(input, matchTeams(input));
      }
    }, 60_000);
  }

  it('keeps locked members on their team and locked teams exactly as they were, around a re-run', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const applicants = randomCohort(seed, 80);
      const first = matchTeams({ makeup: MAKEUPS.teamProject, applicants, seed });
      const [lockedTeam, other] = first.teams;
      if (!lockedTeam || !other) throw new Error(`seed ${seed}: expected at least two teams from 80 applicants`);
      const lockedMember = other.members[0]!;
      const currentTeams = Object.fromEntries(first.teams.map((t) => [t.key, t.members.map((m) => m.applicantId)]));
      const input: MatchInput = {
        makeup: MAKEUPS.teamProject,
        applicants,
        currentTeams,
        seed: seed + 1000,
        locks: { teams: [lockedTeam.key], members: [{ applicantId: lockedMember.applicantId, teamKey: other.key }] },
      };
      const again = matchTeams(input);
      checkHardRules(input, again);
      const keptTeam = again.teams.find((t) => t.key === lockedTeam.key)!;
      expect(keptTeam.locked).toBe(true);
      expect(keptTeam.members.map((m) => m.applicantId).sort()).toEqual(
        lockedTeam.members.map((m) => m.applicantId).sort(),
      );
      const lockedTeamOfMember = again.teams.find((t) =>
        t.members.some((m) => m.applicantId === lockedMember.applicantId),
      );
      expect(lockedTeamOfMember?.key).toBe(other.key);
    }
  }, 60_000);
});

describe('determinism', () => {
  it('gives the same teams for the same input and seed', () => {
    const applicants = randomCohort(7, 200);
    const a = matchTeams({ makeup: MAKEUPS.teamProject, applicants, seed: 42 });
    const b = matchTeams({ makeup: MAKEUPS.teamProject, applicants: structuredClone(applicants), seed: 42 });
    expect(b).toEqual(a);
  });
});

describe('balance', () => {
  it('raises the weakest team above what placement alone gives', () => {
    let better = 0;
    for (let seed = 1; seed <= 20; seed += 1) {
      const applicants = randomCohort(seed, 160);
      const placedOnly = matchTeams({ makeup: MAKEUPS.teamProject, applicants, seed, options: { roundsPerTeam: 0 } });
      const balanced = matchTeams({ makeup: MAKEUPS.teamProject, applicants, seed });
      expect(balanced.worstScore).toBeGreaterThanOrEqual(placedOnly.worstScore);
      if (balanced.worstScore > placedOnly.worstScore) better += 1;
    }
    expect(better).toBeGreaterThan(10);
  });

  it('splits two veterans and two newcomers of the same role across two teams', () => {
    const applicants: Applicant[] = [];
    let id = 1;
    for (let team = 0; team < 2; team += 1) {
      applicants.push(applicant(id++, 'PLANNER', 24), applicant(id++, 'DESIGNER', 24));
      applicants.push(applicant(id++, 'DEVELOPER', 24), applicant(id++, 'DEVELOPER', 24));
    }
    applicants.push(
      applicant(id++, 'DEVELOPER', 120),
      applicant(id++, 'DEVELOPER', 120),
      applicant(id++, 'DEVELOPER', 6),
      applicant(id++, 'DEVELOPER', 6),
    );
    const result = matchTeams({ makeup: MAKEUPS.teamProject, applicants, seed: 3 });
    expect(result.teams).toHaveLength(2);
    for (const team of result.teams) {
      const careers = team.members
        .filter((m) => m.role === 'DEVELOPER')
        .map((m) => applicants[m.applicantId - 1]!.careerMonths);
      expect(careers.filter((c) => c === 120)).toHaveLength(1);
      expect(careers.filter((c) => c === 6)).toHaveLength(1);
    }
  });
});

describe('explanations and reasons', () => {
  it('explains the seat, the friend kept together and the experience against the cohort', () => {
    const applicants: Applicant[] = [
      applicant(1, 'PLANNER', 36, { name: 'jiwoo', friendIds: [3] }),
      applicant(2, 'DESIGNER', 36),
      applicant(3, 'DEVELOPER', 36, { name: 'minsu', friendIds: [1] }),
      applicant(4, 'DEVELOPER', 36),
      applicant(5, 'DEVELOPER', 36),
      applicant(6, 'DEVELOPER', 36),
    ];
    const result = matchTeams({ makeup: MAKEUPS.teamProject, applicants, seed: 1 });
    const members = result.teams[0]!.members;
    const planner = members.find((m) => m.applicantId === 1)!;
    expect(planner.explanation).toContain('jiwoo님이 기획자 자리(1/2)를 채워요.');
    expect(planner.explanation).toContain('함께 신청한 minsu님과 같은 팀이에요.');
    expect(planner.explanation).toContain('팀 평균 경력은 3년으로 기수 평균 3년과 비슷해요.');
    expect(members.find((m) => m.applicantId === 3)!.explanation).toContain('함께 신청한 jiwoo님과 같은 팀이에요.');
  });

  it('gives the latest applicants of a full role the reason that no seat is left, in application order', () => {
    const applicants: Applicant[] = [
      applicant(1, 'PLANNER', 24),
      applicant(2, 'DESIGNER', 24),
      ...[3, 4, 5, 6, 7, 8].map((id) => applicant(id, 'DEVELOPER', 24)),
    ];
    const result = matchTeams({ makeup: MAKEUPS.teamProject, applicants, seed: 1 });
    expect(result.teams).toHaveLength(1);
    expect(result.unplaced.map((u) => [u.applicantId, u.reason])).toEqual([
      [7, 'NO_SEAT_FOR_ROLE'],
      [8, 'NO_SEAT_FOR_ROLE'],
    ]);
    expect(result.unplaced[0]!.explanation).toBe('m7님이 지원한 개발자 자리가 모두 찼어요.');
  });

  it('says a friend group could not fit when its roles have no seats together', () => {
    const applicants: Applicant[] = [
      applicant(1, 'PLANNER', 24),
      applicant(2, 'DESIGNER', 24),
      ...[3, 4, 5, 6].map((id) => applicant(id, 'DEVELOPER', 24)),
      applicant(7, 'DEVELOPER', 24, { friendIds: [8] }),
      applicant(8, 'DEVELOPER', 24, { friendIds: [7] }),
      applicant(9, 'DEVELOPER', 24),
    ];
    // The four developers who applied first take the four developer seats; the pair after them cannot both fit.
    const result = matchTeams({ makeup: MAKEUPS.teamProject, applicants, seed: 1 });
    const reasons = new Map(result.unplaced.map((u) => [u.applicantId, u]));
    expect(reasons.get(7)?.reason).toBe('FRIEND_GROUP_DID_NOT_FIT');
    expect(reasons.get(8)?.explanation).toBe('m8님과 함께 신청한 친구들이 한 팀에 들어갈 자리가 없어요.');
    expect(reasons.get(9)?.reason).toBe('NO_SEAT_FOR_ROLE');
  });

  it('waits everyone out when the cohort cannot fill one team', () => {
    const applicants = [applicant(1, 'PLANNER', 24), applicant(2, 'DEVELOPER', 24)];
    const result = matchTeams({ makeup: MAKEUPS.teamProject, applicants, seed: 1 });
    expect(result.teams).toEqual([]);
    expect(result.unplaced.map((u) => u.reason)).toEqual(['TEAM_TOO_SMALL', 'TEAM_TOO_SMALL']);
    expect(result.unplaced[0]!.explanation).toBe('팀 최소 인원(6명)을 채울 지원자가 부족해 m1님이 들어갈 팀이 없어요.');
  });

  it('forms sprint teams of at least three though sprint teams may shrink to two later', () => {
    const applicants = [1, 2, 3, 4, 5, 6, 7].map((id) => applicant(id, 'DEVELOPER', 12 * id));
    const result = matchTeams({ makeup: MAKEUPS.sprint, applicants, seed: 9 });
    expect(result.teams.map((t) => t.members.length).sort()).toEqual([3, 4]);
    expect(result.unplaced).toEqual([]);
  });
});
