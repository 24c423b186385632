import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Identity } from '@sq/contracts';
import type { AdminApplicant, ApplicantListResponse } from '@sq/contracts/api/operators/applicants';
import type { BoardMember, BoardResponse } from '@sq/contracts/api/operators/board';
import { DEMO_APPLICANTS } from '@sq/contracts/demo-applicants';
import { DEV_INTERNAL_SECRET, generateJwtKeys } from '@sq/service-kit';
import { build, type TestService } from '@sq/service-kit/testing';
import { accountService } from '../../account/src/service';
import { buildItskill } from '../../itskill/test/support';
import { createPeopleClient } from '../src/clients/people-client';
import { createProgramsService } from '../src/service';

/**
 * People on the team building board: the operators' applicant list and board show who applied
 * (names and nicknames from the account service, job and career from the answers, IT skill levels from the
 * itskill service, weekly hours, friend requests and whether the board honours them), with filters and search.
 * The names and levels are the applications' copies, which the applicant-copy job takes from the real services.
 * Every service runs for real with its demo seed, so this also checks that the demo cohort's people agree
 * across the four services' seeds.
 */
const BSIDE = 112;
const ADMIN: Identity = { userId: 900_101, role: 'ROLE_ADMIN', sid: 'sid-board-people' };
const cast = DEMO_APPLICANTS.filter((a) => a.oddId === BSIDE && !a.cancelled);
const castOf = (userId: number) => cast.find((a) => a.userId === userId)!;

let account: TestService;
let itskill: TestService;
let programs: TestService;
const listen = async (service: TestService) => {
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
};

const savedTimeout = process.env.PEOPLE_LOOKUP_TIMEOUT_MS;
beforeAll(async () => {
  // The whole cohort's levels are asked at once; a loaded test machine must not turn slow answers into "no level".
  process.env.PEOPLE_LOOKUP_TIMEOUT_MS = '30000';
  const keys = generateJwtKeys();
  process.env.JWT_PRIVATE_KEY ??= keys.privateKey;
  process.env.JWT_PUBLIC_KEY ??= keys.publicKey;
  account = await build(accountService);
  process.env.ACCOUNT_SERVICE_URL = await listen(account);
  itskill = await buildItskill();
  process.env.ITSKILL_SERVICE_URL = await listen(itskill);
  // The real lookups, with a record of whom each one asked for (the applicant copy asks; a page does not).
  const real = createPeopleClient({
    accountUrl: process.env.ACCOUNT_SERVICE_URL!,
    itskillUrl: process.env.ITSKILL_SERVICE_URL!,
    internalSecret: DEV_INTERNAL_SECRET,
    timeoutMs: 30_000,
  });
  const people: typeof real = {
    names: (userIds) => (asked.names.push(...userIds), real.names(userIds)),
    levels: (applications) => (asked.levels.push(...applications.map((a) => a.joinId)), real.levels(applications)),
    lookup: (userIds) => (asked.names.push(...userIds), real.lookup(userIds)),
  };
  programs = await build(createProgramsService({ operators: { people } }));
  // The demo applications' copies of who their members are, taken from the account and itskill services.
  await programs.app.jobs.drain('applicant-copy');
});
const asked = { names: [] as number[], levels: [] as number[] };
afterAll(async () => {
  if (savedTimeout === undefined) delete process.env.PEOPLE_LOOKUP_TIMEOUT_MS;
  else process.env.PEOPLE_LOOKUP_TIMEOUT_MS = savedTimeout;
  await programs?.close();
  await itskill?.close();
  await account?.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  programs.app.inject({ method, url, headers: programs.as(ADMIN), ...(payload ? { payload } : {}) });
const applicants = async (query = ''): Promise<AdminApplicant[]> => {
  const response = await admin('GET', `/api/admin/cohorts/${BSIDE}/applicants${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().applicants;
};
const ids = (list: { joinId: number }[]) => list.map((a) => a.joinId).sort((a, b) => a - b);
const boardMembers = (board: BoardResponse): BoardMember[] => [
  ...board.teams.flatMap((t) => t.members),
  ...board.waitlist,
];

describe('people on the board', () => {
  let everyone: AdminApplicant[];
  let board: BoardResponse;

  it('lists the demo cohort’s applicants by name and nickname, with career, weekly hours, IT skill level and friend requests', async () => {
    everyone = await applicants();
    expect(everyone).toHaveLength(cast.length);
    for (const a of everyone) {
      const person = castOf(a.userId);
      expect(a).toMatchObject({
        name: person.name,
        alias: person.alias,
        careerCardId: person.careerCardId,
        role: person.role,
        jobGroup: person.jobGroup,
        position: person.position,
        careerYears: person.careerYears,
        experienceMonths: person.experienceMonths,
        weeklyHours: person.weeklyHours,
        placement: 'NOT_ON_BOARD',
        teamKey: null,
      });
      // A level exactly for those who took the check-up, from the level bands of their score.
      if (person.skillScore === null) expect(a.skillLevel).toBeNull();
      else expect(a.skillLevel).toBeGreaterThanOrEqual(1);
      expect(a.friendStatus).toBe(person.friendCareerCardIds.length ? 'UNDECIDED' : 'NONE');
      expect(a.friendRequests.map((f) => f.careerCardId)).toEqual(person.friendCareerCardIds);
    }
    // The demo is varied enough for balance to mean something.
    expect(new Set(everyone.map((a) => a.careerYears)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(everyone.flatMap((a) => (a.skillLevel === null ? [] : [a.skillLevel]))).size).toBeGreaterThanOrEqual(
      3,
    );
    expect(everyone.some((a) => a.skillLevel === null)).toBe(true);
    expect(everyone.some((a) => a.weeklyHours === null)).toBe(true);

    // A request is matched to the friend's application: mutual when they asked back, one-sided otherwise.
    const requests = everyone.flatMap((a) => a.friendRequests.map((f) => ({ from: a, ...f })));
    for (const r of requests) {
      const friend = everyone.find((a) => a.careerCardId === r.careerCardId)!;
      expect(r).toMatchObject({
        joinId: friend.joinId,
        alias: friend.alias,
        together: null,
        mutual: friend.friendCareerCardIds.includes(r.from.careerCardId!),
      });
    }
    expect(requests.some((r) => r.mutual)).toBe(true);
    expect(requests.some((r) => !r.mutual)).toBe(true);
  });

  it('runs the matcher on them: explanations name the members, friends kept together are honoured, the rest not', async () => {
    const run = await admin('POST', `/api/admin/cohorts/${BSIDE}/board/run`, { seed: 1 });
    expect(run.statusCode, run.body).toBe(200);
    board = run.json();
    const members = boardMembers(board);
    expect(ids(members)).toEqual(ids(everyone));
    for (const team of board.teams) {
      for (const m of team.members) {
        expect(m.explanation.startsWith(`${m.alias}님`), m.explanation).toBe(true);
        expect(m).toMatchObject({
          placement: 'PLACED',
          teamKey: team.key,
          name: castOf(everyone.find((a) => a.joinId === m.joinId)!.userId).name,
        });
        // Friends who asked for each other and were seated are on one team and named in the explanation.
        for (const f of m.friendRequests.filter((r) => r.mutual && team.members.some((x) => x.joinId === r.joinId))) {
          expect(f.together).toBe(true);
          expect(m.explanation).toContain(`${f.alias}`);
        }
      }
    }
    expect(board.waitlist.length).toBeGreaterThan(0);
    for (const w of board.waitlist) {
      expect(w.placement).toBe('WAITLISTED');
      expect(w.reason).toContain(`${w.alias}님`);
      if (w.friendRequests.length) expect(w.friendStatus).toBe('NOT_HONOURED');
    }
    const statuses = new Set(members.map((m) => m.friendStatus));
    expect(statuses).toContain('HONOURED');
    expect(statuses).toContain('NOT_HONOURED');
    for (const m of members) {
      const together = m.friendRequests.map((f) => f.together);
      if (m.friendStatus === 'HONOURED') expect(together.every(Boolean)).toBe(true);
      if (m.friendStatus === 'NOT_HONOURED') expect(together).toContain(false);
    }
  });

  it('filters by role, career band, skill level, weekly hours, friend requests and placement, and searches names and nicknames', async () => {
    everyone = await applicants();
    const where = (keep: (a: AdminApplicant) => boolean) => ids(everyone.filter(keep));
    expect(ids(await applicants('?role=DESIGNER'))).toEqual(where((a) => a.role === 'DESIGNER'));
    const band = everyone[0]!.careerYears!;
    expect(ids(await applicants(`?careerYears=${band}`))).toEqual(where((a) => a.careerYears === band));
    const level = everyone.find((a) => a.skillLevel !== null)!.skillLevel!;
    expect(ids(await applicants(`?skillLevel=${level}`))).toEqual(where((a) => a.skillLevel === level));
    expect(ids(await applicants('?skillLevel=none'))).toEqual(where((a) => a.skillLevel === null));
    const between = await applicants('?minHours=10&maxHours=20');
    expect(between.length).toBeGreaterThan(0);
    expect(ids(between)).toEqual(where((a) => a.weeklyHours !== null && a.weeklyHours >= 10 && a.weeklyHours <= 20));
    expect(ids(await applicants('?friendStatus=HONOURED'))).toEqual(where((a) => a.friendStatus === 'HONOURED'));
    expect(ids(await applicants('?friendStatus=NOT_HONOURED'))).toEqual(
      where((a) => a.friendStatus === 'NOT_HONOURED'),
    );
    expect(ids(await applicants('?placement=WAITLISTED'))).toEqual(ids(board.waitlist));
    expect(ids(await applicants('?placement=PLACED'))).toEqual(ids(board.teams.flatMap((t) => t.members)));
    expect(ids(await applicants('?role=DEVELOPER&placement=PLACED'))).toEqual(
      where((a) => a.role === 'DEVELOPER' && a.placement === 'PLACED'),
    );

    const someone = everyone[3]!;
    expect(ids(await applicants(`?q=${encodeURIComponent(someone.name!)}`))).toContain(someone.joinId);
    const byNickname = await applicants(`?q=${encodeURIComponent(someone.alias!)}`);
    expect(ids(byNickname)).toEqual([someone.joinId]);
    expect(ids(await applicants(`?q=${someone.careerCardId!.toUpperCase()}`))).toEqual([someone.joinId]);

    const csv = await admin(
      'GET',
      `/api/admin/cohorts/${BSIDE}/applicants.csv?q=${encodeURIComponent(someone.alias!)}`,
    );
    expect(csv.body.split('\r\n')[1]).toContain(`${someone.name},${someone.alias},${someone.careerCardId}`);

    for (const bad of ['?skillLevel=9', '?minHours=-1', '?friendStatus=MAYBE', '?placement=SOMEWHERE']) {
      const refused = await admin('GET', `/api/admin/cohorts/${BSIDE}/applicants${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message, bad).toBe(MESSAGES.badRequest);
    }
    const backwards = await admin('GET', `/api/admin/cohorts/${BSIDE}/applicants?minHours=20&maxHours=10`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(MESSAGES.adminHoursRangeInvalid);
  });

  it('answers a page at a time in submission order with the total, filters narrowing the whole list before paging', async () => {
    const page = async (query: string): Promise<ApplicantListResponse> => {
      const response = await admin('GET', `/api/admin/cohorts/${BSIDE}/applicants${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const all = await page('?pageSize=500');
    expect(all).toMatchObject({ total: cast.length, page: 1, pageSize: 500, pageCount: 1 });
    // The default page is the configured size, and holds the whole (small) demo cohort.
    expect(await page('')).toMatchObject({ total: cast.length, page: 1, pageSize: 50, pageCount: 1 });

    // A page (searched and filtered by people too) asks no other service: the applications hold the copies.
    asked.names.length = 0;
    asked.levels.length = 0;
    const second = await page('?pageSize=5&page=2');
    expect(second.applicants.map((a) => a.joinId)).toEqual(all.applicants.slice(5, 10).map((a) => a.joinId));
    await page(`?q=${encodeURIComponent(all.applicants[0]!.name!.slice(0, 2))}&skillLevel=none&friendStatus=UNDECIDED`);
    expect(asked).toEqual({ names: [], levels: [] });

    // Pages of 10 follow one another without overlap or gap, each person as the whole list shows them (friends included).
    const first = await page('?pageSize=10');
    expect(first).toMatchObject({ total: cast.length, page: 1, pageSize: 10, pageCount: Math.ceil(cast.length / 10) });
    const pages = [first.applicants];
    for (let n = 2; n <= first.pageCount; n++) pages.push((await page(`?pageSize=10&page=${n}`)).applicants);
    expect(pages.slice(0, -1).every((p) => p.length === 10)).toBe(true);
    expect(pages.flat()).toEqual(all.applicants);
    const past = await page(`?pageSize=10&page=${first.pageCount + 1}`);
    expect(past).toMatchObject({ applicants: [], total: cast.length });

    // Filters the database answers (role, hours, placement) and those on people (skill level, search) both count
    // every match, and page 2 goes on where page 1 stopped.
    const matching = (keep: (a: AdminApplicant) => boolean) => all.applicants.filter(keep).map((a) => a.joinId);
    const checks: [string, (a: AdminApplicant) => boolean][] = [
      ['role=DEVELOPER', (a) => a.role === 'DEVELOPER'],
      ['minHours=10', (a) => a.weeklyHours !== null && a.weeklyHours >= 10],
      ['placement=PLACED', (a) => a.placement === 'PLACED'],
      ['placement=NOT_ON_BOARD', (a) => a.placement === 'NOT_ON_BOARD'],
      ['skillLevel=none', (a) => a.skillLevel === null],
      ['friendStatus=HONOURED', (a) => a.friendStatus === 'HONOURED'],
    ];
    for (const [filter, keep] of checks) {
      const expected = matching(keep);
      const one = await page(`?${filter}&pageSize=3`);
      const two = await page(`?${filter}&pageSize=3&page=2`);
      expect(one.total, filter).toBe(expected.length);
      expect(one.pageCount, filter).toBe(Math.ceil(expected.length / 3));
      expect(
        [...one.applicants, ...two.applicants].map((a) => a.joinId),
        filter,
      ).toEqual(expected.slice(0, 6));
    }
    expect(matching((a) => a.role === 'DEVELOPER').length).toBeGreaterThan(6);

    for (const bad of ['?page=0', '?pageSize=0', '?pageSize=501', '?page=abc']) {
      const refused = await admin('GET', `/api/admin/cohorts/${BSIDE}/applicants${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message, bad).toBe(MESSAGES.badRequest);
    }
    // The CSV export is never paged.
    const csv = await admin('GET', `/api/admin/cohorts/${BSIDE}/applicants.csv?pageSize=3`);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(cast.length + 1);
  });

  it('keeps a withdrawn member anonymous: shown by number, with no name, career, level or friends, and not named by teammates', async () => {
    const team = board.teams.find((t) => t.members.some((m) => m.friendRequests.some((f) => f.together)))!;
    const leaving = team.members.find((m) => m.friendRequests.some((f) => f.together))!;
    const leavingApplicant = everyone.find((a) => a.joinId === leaving.joinId)!;
    const mate = team.members.find((m) => m.joinId !== leaving.joinId && m.explanation.includes(leaving.alias!))!;
    expect(mate).toBeTruthy();

    await account.app
      .knex('user_account')
      .where({ user_id: leavingApplicant.userId })
      .update({ withdrawn_at: new Date(), user_alias: `탈퇴${leavingApplicant.userId}` });
    const erased = await programs.app.inject({
      method: 'POST',
      url: `/internal/users/${leavingApplicant.userId}/erase-personal-data`,
      headers: programs.internalHeaders,
      payload: { nickname: leaving.alias, careerCardId: leaving.careerCardId },
    });
    expect(erased.statusCode, erased.body).toBe(200);

    const listed = (await applicants()).find((a) => a.joinId === leaving.joinId)!;
    expect(listed).toMatchObject({
      name: null,
      alias: null,
      careerCardId: null,
      jobGroup: null,
      careerYears: null,
      experienceMonths: null,
      skillLevel: null,
      weeklyHours: null,
      friendRequests: [],
      friendStatus: 'NONE',
    });
    expect(await applicants(`?q=${encodeURIComponent(leavingApplicant.name!)}`)).toEqual([]);

    const after: BoardResponse = (await admin('GET', `/api/admin/cohorts/${BSIDE}/board`)).json();
    const shown = boardMembers(after).find((m) => m.joinId === leaving.joinId)!;
    expect(shown).toMatchObject({ name: null, alias: null, skillLevel: null, explanation: '' });
    const mateAfter = boardMembers(after).find((m) => m.joinId === mate.joinId)!;
    expect(mateAfter.explanation).not.toContain(leaving.alias!);
    expect(mateAfter.explanation).toContain('탈퇴한 회원');
    // The friend who asked for them no longer finds them.
    for (const f of mateAfter.friendRequests) expect(f.joinId).not.toBe(leaving.joinId);
  });

  it('lists a member the operator moves where the board now has them, and pages the board with the same filters', async () => {
    const [from, to] = board.teams;
    const moving = from!.members.find((m) => m.name !== null)!;
    const toWaitlist = await admin('POST', `/api/admin/cohorts/${BSIDE}/board/move`, {
      joinId: moving.joinId,
      toTeam: null,
    });
    expect(toWaitlist.statusCode, toWaitlist.body).toBe(200);
    expect(ids(await applicants('?placement=WAITLISTED'))).toContain(moving.joinId);
    expect(ids(await applicants('?placement=PLACED'))).not.toContain(moving.joinId);
    const moved = await admin('POST', `/api/admin/cohorts/${BSIDE}/board/move?page=1&placement=WAITLISTED`, {
      joinId: moving.joinId,
      toTeam: to!.key,
    });
    // The answer is the page asked for: nobody waitlisted is on a team, so no team; the moved member is off the waitlist.
    expect(moved.json()).toMatchObject({ teams: [], page: 1 });
    expect(moved.json().waitlist.map((w: BoardMember) => w.joinId)).not.toContain(moving.joinId);
    expect(
      (await applicants(`?placement=PLACED&q=${encodeURIComponent(moving.careerCardId!)}`)).map((a) => a.teamKey),
    ).toEqual([to!.key]);

    // The board searched: the one team with someone matching, counted among everyone on the board.
    const page = (
      await admin('GET', `/api/admin/cohorts/${BSIDE}/board?page=1&q=${encodeURIComponent(moving.alias!)}`)
    ).json() as BoardResponse;
    expect(page.teams.map((t) => t.key)).toEqual([to!.key]);
    expect(page).toMatchObject({ teamCount: 1, matchingCount: 1, memberCount: boardMembers(board).length });
    expect(page.teamKeys).toContain(to!.key);

    // Without a page the board answers its first page at the service's page sizes: there is no whole board.
    const unpaged = (await admin('GET', `/api/admin/cohorts/${BSIDE}/board`)).json() as BoardResponse;
    expect(unpaged).toEqual((await admin('GET', `/api/admin/cohorts/${BSIDE}/board?page=1&waitlistPage=1`)).json());
    const { teamsPageSize, waitlistPageSize } = programs.app.programsConfig.board;
    expect(unpaged).toMatchObject({ page: 1, pageSize: teamsPageSize, waitlistPage: 1, waitlistPageSize });
    expect(unpaged.teams).toHaveLength(Math.min(teamsPageSize, unpaged.teamCount));
  });
});
