import type { ProductSummary } from '@sq/contracts';
import { matchesPerson, type PersonFilters } from '@sq/contracts/api/applicant-filters';
import type { AdminCohort } from '@sq/contracts/api/operators/cohorts';
import type { BoardResponse } from '@sq/contracts/api/operators/board';
import type { TeamHealthResponse, TeamHealthTeam } from '@sq/contracts/api/operators/teams';

/** Console test data shaped like the programs service's answers. */
export const products: ProductSummary[] = [
  {
    productId: 1,
    slug: 'bside',
    name: '14주 팀 프로젝트',
    kind: 'TEAM_PROJECT',
    summary: '',
    feeKrw: 300_000,
    recruiting: true,
  } as ProductSummary,
  {
    productId: 2,
    slug: 'potenday',
    name: '10일 팀 스프린트',
    kind: 'SPRINT',
    summary: '',
    feeKrw: 30_000,
    recruiting: true,
  } as ProductSummary,
];

export const sprintCohort: AdminCohort = {
  oddId: 212,
  productId: 2,
  productName: '10일 팀 스프린트',
  name: '10일 팀 스프린트 2027년 1월',
  recruitStart: '2026-12-01T01:00:00.000Z',
  recruitEnd: '2027-01-10T14:59:00.000Z',
  teamBuildingAnnounceDate: '2027-01-12',
  kickoffDate: null,
  startDate: '2027-01-13',
  endDate: '2027-01-22',
  capacity: 40,
  roleSeats: null,
  counts: { byState: { RESERVED: 5, WAITLISTED: 1 }, byRole: { DEVELOPER: 4, DESIGNER: 2 }, total: 6 },
};

/**
 * A page of a cohort's teams as the service answers team health and judging: the `page` asked (the first when not
 * given), `size` teams a page (the service's default), every team counted.
 */
export function teamPageOf<T>(teams: readonly T[], params: Record<string, string> = {}, size = 20) {
  const page = Number(params.page ?? 1);
  return {
    teams: teams.slice((page - 1) * size, page * size),
    page,
    pageSize: size,
    teamCount: teams.length,
    pageCount: Math.ceil(teams.length / size),
  };
}

/** A team as the tests write it: its members at risk are worked out as the service does (teamHealthOf). */
export type HealthTeamOf = Omit<TeamHealthTeam, 'atRisk'>;

/**
 * Team health as the service answers it for `params` (`page`, `trouble`): each team's members at risk (active, with
 * `atRiskMisses` misses or more, on a team still running), the whole cohort's counts, and the page asked of every team
 * or, with trouble=true, of those short-handed or with a member at risk.
 */
export function teamHealthOf(
  all: readonly HealthTeamOf[],
  params: Record<string, string> = {},
  { day = '2027-01-14', atRiskMisses = 1 } = {},
): TeamHealthResponse {
  const teams: TeamHealthTeam[] = all.map((t) => ({
    ...t,
    atRisk: t.stopped ? 0 : t.members.filter((m) => m.state === 'ASSIGNED' && m.misses >= atRiskMisses).length,
  }));
  const troubled = teams.filter((t) => t.shortHanded || t.atRisk > 0);
  const trouble = params.trouble === 'true';
  return {
    oddId: 212,
    day,
    trouble,
    atRiskMisses,
    summary: {
      teams: teams.length,
      shortHandedTeams: teams.filter((t) => t.shortHanded).length,
      stoppedTeams: teams.filter((t) => t.stopped).length,
      troubledTeams: troubled.length,
      atRiskMembers: teams.reduce((n, t) => n + t.atRisk, 0),
      droppedMembers: teams.reduce((n, t) => n + t.members.filter((m) => m.state === 'DROPPED').length, 0),
    },
    ...teamPageOf(trouble ? troubled : teams, params),
  };
}

type Member = BoardResponse['teams'][number]['members'][number];
/** A whole board: its teams and waitlist, as the tests write them. */
export type WholeBoard = Pick<BoardResponse, 'oddId' | 'seed' | 'publishedAt' | 'teams' | 'waitlist'>;

/**
 * What the service answers for a board and a query (its page of teams and of the waitlist, the first of each when not
 * given, and the people filters: the teams with someone matching, the matching waitlisted).
 */
export function boardAnswer(
  whole: WholeBoard,
  params: Record<string, string> = {},
  sizes = { teams: 20, waitlist: 50 },
): BoardResponse {
  const { page, waitlistPage, skillLevel, minHours, maxHours, ...rest } = params;
  const filters = {
    ...rest,
    ...(skillLevel ? { skillLevel: skillLevel === 'none' ? 'none' : Number(skillLevel) } : {}),
    ...(minHours ? { minHours: Number(minHours) } : {}),
    ...(maxHours ? { maxHours: Number(maxHours) } : {}),
  } as PersonFilters;
  const filtering = Object.keys(filters).length > 0;
  const shows = (m: Member) => !filtering || matchesPerson(m, filters);
  const teams = whole.teams.filter((t) => t.members.some(shows));
  const waitlist = whole.waitlist.filter(shows);
  const pageSize = sizes.teams;
  const waitlistPageSize = sizes.waitlist;
  const at = Number(page ?? 1);
  const waitAt = Number(waitlistPage ?? 1);
  const everyone = [...whole.teams.flatMap((t) => t.members), ...whole.waitlist];
  return {
    ...whole,
    teamKeys: whole.teams.map((t) => t.key),
    teams: teams.slice((at - 1) * pageSize, at * pageSize),
    waitlist: waitlist.slice((waitAt - 1) * waitlistPageSize, waitAt * waitlistPageSize),
    page: at,
    pageSize,
    teamCount: teams.length,
    pageCount: Math.ceil(teams.length / pageSize),
    waitlistPage: waitAt,
    waitlistPageSize,
    waitlistCount: waitlist.length,
    memberCount: everyone.length,
    matchingCount: everyone.filter(shows).length,
  };
}

/** A board member as the service answers one: the person (nickname, name, career, level, hours, friends) and their seat. */
const member = (
  joinId: number,
  name: string | null,
  role: 'PLANNER' | 'DESIGNER' | 'DEVELOPER',
  extra: Partial<Member> = {},
): Member => ({
  joinId,
  name,
  alias: null,
  careerCardId: `card${joinId}`,
  role,
  jobGroup: 'JG_DEV',
  position: 'POS_BACKEND',
  careerYears: 'CY_1_3Y',
  experienceMonths: 24,
  skillLevel: null,
  weeklyHours: null,
  friendRequests: [],
  friendStatus: 'NONE',
  placement: 'PLACED',
  teamKey: null,
  state: 'RESERVED' as const,
  careerMonths: 24,
  locked: false,
  explanation: `${name}: 개발자 자리를 채워요.`,
  ...extra,
});

export const wholeBoard: WholeBoard = {
  oddId: 212,
  seed: 1,
  publishedAt: null,
  teams: [
    {
      key: 'T1',
      locked: false,
      score: 0.82,
      members: [
        member(1, '김하나', 'DEVELOPER', { teamKey: 'T1' }),
        member(2, '이둘', 'DESIGNER', { teamKey: 'T1' }),
        member(3, '박셋', 'DEVELOPER', { teamKey: 'T1' }),
      ],
    },
    {
      key: 'T2',
      locked: false,
      score: 0.77,
      members: [
        member(4, '최넷', 'DEVELOPER', { teamKey: 'T2' }),
        member(5, '정다섯', 'DESIGNER', { teamKey: 'T2' }),
        member(6, '한여섯', 'PLANNER', { teamKey: 'T2' }),
      ],
    },
  ],
  waitlist: [
    { ...member(7, '오일곱', 'DEVELOPER', { placement: 'WAITLISTED' }), reason: '개발자 자리가 남지 않았어요.' },
  ],
};

const friend = (
  careerCardId: string,
  alias: string | null,
  joinId: number | null,
  mutual: boolean,
  together: boolean | null,
) => ({ careerCardId, alias, joinId, mutual, together });

/**
 * A board of people as the demo shows them: nicknames and names, careers, levels, weekly hours, friends kept
 * together or not, and a withdrawn member known only by number.
 */
export const wholePeopleBoard: WholeBoard = {
  oddId: 212,
  seed: 1,
  publishedAt: null,
  teams: [
    {
      key: 'T1',
      locked: false,
      score: 61.5,
      members: [
        member(11, '김하은', 'PLANNER', {
          alias: '기획하는하은',
          careerCardId: 'haeun11',
          jobGroup: 'JG_PLAN',
          position: 'POS_PM',
          careerYears: 'CY_3_5Y',
          experienceMonths: 50,
          careerMonths: 50,
          skillLevel: 4,
          weeklyHours: 15,
          teamKey: 'T1',
          explanation: '기획하는하은님이 기획자 자리(1/2)를 채워요. 함께 신청한 코딩하는도윤님과 같은 팀이에요.',
          friendRequests: [friend('doyun12', '코딩하는도윤', 12, true, true)],
          friendStatus: 'HONOURED',
        }),
        member(12, '박도윤', 'DEVELOPER', {
          alias: '코딩하는도윤',
          careerCardId: 'doyun12',
          position: 'POS_FRONTEND',
          careerYears: 'CY_1_3Y',
          experienceMonths: 20,
          careerMonths: 20,
          skillLevel: 2,
          weeklyHours: 8,
          teamKey: 'T1',
          explanation: '코딩하는도윤님이 개발자 자리(1/4)를 채워요.',
          friendRequests: [friend('haeun11', '기획하는하은', 11, true, true)],
          friendStatus: 'HONOURED',
        }),
        member(13, null, 'DEVELOPER', {
          careerCardId: null,
          jobGroup: null,
          position: null,
          careerYears: null,
          experienceMonths: null,
          careerMonths: 0,
          teamKey: 'T1',
          explanation: '',
        }),
      ],
    },
    {
      key: 'T2',
      locked: false,
      score: 58.2,
      members: [
        member(14, '이지아', 'DESIGNER', {
          alias: '그리는지아',
          careerCardId: 'jia14',
          jobGroup: 'JG_DESIGN',
          position: 'POS_UXUI',
          careerYears: 'CY_5_10Y',
          experienceMonths: 80,
          careerMonths: 80,
          skillLevel: null,
          weeklyHours: 25,
          teamKey: 'T2',
          explanation: '그리는지아님이 디자이너 자리(1/2)를 채워요.',
          friendRequests: [friend('siwoo15', '버그잡는시우', 15, false, false)],
          friendStatus: 'NOT_HONOURED',
        }),
      ],
    },
  ],
  waitlist: [
    {
      ...member(15, '최시우', 'DEVELOPER', {
        alias: '버그잡는시우',
        careerCardId: 'siwoo15',
        careerYears: 'CY_6M_1Y',
        experienceMonths: 9,
        careerMonths: 9,
        skillLevel: 1,
        weeklyHours: null,
        placement: 'WAITLISTED',
        explanation: '',
      }),
      reason: '버그잡는시우님이 지원한 개발자 자리가 모두 찼어요.',
    },
  ],
};
export const peopleBoard: BoardResponse = boardAnswer(wholePeopleBoard);
