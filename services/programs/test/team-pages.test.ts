import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Identity } from '@sq/contracts';
import type { JudgingView } from '@sq/contracts/api/operators/judging';
import type { TeamHealthResponse } from '@sq/contracts/api/operators/teams';
import { DEV_INTERNAL_SECRET, buildService } from '@sq/service-kit';
import { build, type TestService } from '@sq/service-kit/testing';
import { readProgramsConfig } from '../src/config';
import { streakOf } from '../src/operators/sprint-checkins';
import { createProgramsService } from '../src/service';

/**
 * The team pages' answers over a cohort's published teams (team health, judging), a page of teams at a time: each
 * member named by the application's copies (null while not copied), the check-in counts and streaks as the member's
 * own page works them out (streakOf), pages that follow one another, judging's cohort summary as the whole cohort
 * gives it (and as publishing goes by), and a fixed number of queries however many teams and members the cohort has.
 * The teams are written as publishing leaves them (applications, team, team_member), so any number is cheap.
 */
const SPRINT = 212;
const TODAY = '2026-12-18';
const NOW = new Date(`${TODAY}T12:00:00+09:00`);
const ADMIN: Identity = { userId: 900_401, role: 'ROLE_ADMIN', sid: 'sid-team-pages' };
const PAGE_SIZE = 3;
const RANKING_SIZE = 3;

let programs: TestService;
beforeAll(async () => {
  // No job workers: nothing but the request queries the database while its queries are counted.
  // Pages of three teams and a ranking of three, so a few teams make several pages and a ranking that leaves some out.
  const env = {
    ...process.env,
    PROGRAMS_JOB_WORKERS: 'false',
    PROGRAMS_TEAMS_PAGE_SIZE: String(PAGE_SIZE),
    PROGRAMS_JUDGING_RANKING_SIZE: String(RANKING_SIZE),
  };
  programs = await build(createProgramsService({ config: readProgramsConfig(env), clock: () => NOW }));
});
afterAll(async () => {
  await programs?.close();
});

const knex = () => programs.app.knex;

interface Seat {
  /** [nickname, name] as copied; null: not copied yet. */
  names: [string | null, string | null] | null;
  status?: 'ASSIGNED' | 'DROPPED' | 'REFUNDED';
  checkins?: string[];
  misses?: string[];
}

let nextUser = 700_000;
let teams = 0;
/** A published team of a sprint cohort (SPRINT unless asked) with these members (applications in order), its check-ins and misses. */
async function publishedTeam(
  seats: Seat[],
  { oddId = SPRINT, stopped = false } = {},
): Promise<{ teamId: number; joinIds: number[] }> {
  teams += 1;
  const [{ team_id: teamId }] = await knex()('team')
    .insert({
      odd_id: oddId,
      team_key: `P${teams}`,
      name: `${teams}팀`,
      created_at: NOW,
      stopped_at: stopped ? NOW : null,
    })
    .returning('team_id');
  const joinIds: number[] = [];
  for (const seat of seats) {
    const [{ join_id: joinId }] = await knex()('application')
      .insert({
        odd_id: oddId,
        user_id: (nextUser += 1),
        role: 'DEVELOPER',
        status: seat.status ?? 'ASSIGNED',
        current_step: 'book',
        member_nickname: seat.names?.[0] ?? null,
        member_name: seat.names?.[1] ?? null,
      })
      .returning('join_id');
    joinIds.push(joinId);
    await knex()('team_member').insert({ join_id: joinId, team_id: teamId, joined_at: NOW });
    for (const day of seat.checkins ?? [])
      await knex()('checkin').insert({ join_id: joinId, day, checked_at: new Date(`${day}T09:00:00+09:00`) });
    for (const day of seat.misses ?? []) await knex()('checkin_miss').insert({ join_id: joinId, day, odd_id: oddId });
    if (seat.status === 'DROPPED')
      await knex()('application_history').insert({
        join_id: joinId,
        from_status: 'ASSIGNED',
        to_status: 'DROPPED',
        actor: 'SYSTEM',
      });
  }
  return { teamId, joinIds };
}

/** A transaction's own statements and its settings, which read nothing. */
const CONTROL = /^\s*(begin|commit|rollback|set local)\b/i;

/** The answer of an operator's GET and how many queries (reading the database) the service sent for it. */
async function counted<T>(url: string): Promise<{ body: T; queries: number }> {
  let queries = 0;
  const count = ({ sql }: { sql: string }) => {
    if (!CONTROL.test(sql)) queries += 1;
  };
  knex().on('query', count);
  try {
    const response = await programs.app.inject({ method: 'GET', url, headers: programs.as(ADMIN) });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.json() as T, queries };
  } finally {
    knex().off('query', count);
  }
}

/** Members whose check-ins make every kind of streak: today's in, today's still open, a gap, an old run, none. */
const VARIED: Seat[] = [
  { names: ['하나', '김하나'], checkins: ['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18'] },
  { names: null, checkins: ['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17'] },
  { names: ['셋', null], checkins: ['2026-12-14', '2026-12-15', '2026-12-17', '2026-12-18'], misses: ['2026-12-16'] },
  {
    names: [null, '박넷'],
    status: 'DROPPED',
    checkins: ['2026-12-14', '2026-12-15'],
    misses: ['2026-12-16', '2026-12-17'],
  },
];
const MORE: Seat[] = [
  { names: ['다섯', '정다섯'] },
  { names: ['여섯', '최여섯'], checkins: ['2026-12-15', '2026-12-17'], misses: ['2026-12-16'] },
  // A check-in dated after today (a clock moved back) is not counted yet.
  { names: ['일곱', '한일곱'], checkins: ['2026-12-18', '2026-12-19'] },
];

/** Every page of a team page's answer, 1 to the last, asked as the console does (with `query`'s filter). */
async function everyPage<T extends { pageCount: number }>(
  path: string,
  query = '',
): Promise<{ pages: T[]; queries: number[] }> {
  const first = await counted<T>(`${path}?${query}page=1`);
  const pages = [first.body];
  const queries = [first.queries];
  for (let page = 2; page <= first.body.pageCount; page++) {
    const next = await counted<T>(`${path}?${query}page=${page}`);
    pages.push(next.body);
    queries.push(next.queries);
  }
  return { pages, queries };
}

/** An operator's request through the service's route. */
const asAdmin = (method: 'PUT' | 'POST' | 'GET', url: string, payload?: object) =>
  programs.app.inject({ method, url, headers: programs.as(ADMIN), ...(payload ? { payload } : {}) });
/** Scores each criterion `n` (the total is 100 n) through the judges' route. */
async function score(teamId: number, n: number): Promise<void> {
  const response = await asAdmin('PUT', `/api/admin/teams/${teamId}/score`, {
    scores: { problem: n, execution: n, design: n, teamwork: n },
    feedback: `${n}점이에요.`,
  });
  expect(response.statusCode, response.body).toBe(200);
}
async function submit(teamId: number, at: string): Promise<void> {
  await knex()('team_submission').insert({
    team_id: teamId,
    project_name: `프로젝트 ${teamId}`,
    description: '설명',
    repository_url: `https://github.com/example/${teamId}`,
    images: '[]',
    submitted_by: 1,
    updated_at: new Date(at),
  });
}

describe('the team pages answer a page of teams with names, at any size, in a fixed number of queries', () => {
  let first: { teamId: number; joinIds: number[] };
  let second: { teamId: number; joinIds: number[] };
  let healthQueries = 0;
  let judgingQueries = 0;

  it("team health names each member and counts check-ins, streaks and misses as the member's page does", async () => {
    first = await publishedTeam(VARIED);
    second = await publishedTeam(MORE);
    const { body, queries } = await counted<TeamHealthResponse>(`/api/admin/cohorts/${SPRINT}/team-health`);
    healthQueries = queries;
    expect(body.day).toBe(TODAY);
    // Without `page`, the first page.
    expect(body).toMatchObject({ page: 1, pageSize: PAGE_SIZE, teamCount: 2, pageCount: 1 });
    expect(body.teams.map((t) => t.teamId)).toEqual([first.teamId, second.teamId]);
    const seats = [...VARIED, ...MORE];
    const joinIds = [...first.joinIds, ...second.joinIds];
    const members = body.teams.flatMap((t) => t.members);
    expect(members.map((m) => m.joinId)).toEqual(joinIds);
    for (const [i, member] of members.entries()) {
      const seat = seats[i]!;
      const days = (seat.checkins ?? []).filter((d) => d <= TODAY);
      const misses = [...(seat.misses ?? [])].sort();
      expect(member, `member ${i}`).toEqual({
        joinId: joinIds[i],
        alias: seat.names?.[0] ?? null,
        name: seat.names?.[1] ?? null,
        role: 'DEVELOPER',
        state: seat.status ?? 'ASSIGNED',
        checkins: days.length,
        streak: streakOf(days, TODAY),
        misses: misses.length,
        lastMiss: misses.at(-1) ?? null,
      });
    }
    // The kinds of streak are all there: today's in (5), today's open (4), after a gap (2), an old run (0).
    expect(members.slice(0, 4).map((m) => m.streak)).toEqual([5, 4, 2, 0]);
    const minSize = (await knex()('product').where({ product_id: 2 }).first('min_team_size')).min_team_size as number;
    expect(body.teams[0]).toMatchObject({
      teamKey: expect.any(String),
      name: expect.any(String),
      active: 3,
      dropped: 1,
      shortHanded: 3 < minSize,
      stopped: false,
    });
    expect(body.teams[1]).toMatchObject({ active: 3, dropped: 0, shortHanded: 3 < minSize });
  });

  it("judging names each team's members, and each prize's team and member prize's winner (null when not copied), the team prize nobody", async () => {
    await knex()('cohort_result').insert({
      odd_id: SPRINT,
      winner_team_id: first.teamId,
      published_by: ADMIN.userId,
      published_at: NOW,
      prizes: JSON.stringify([
        { teamId: first.teamId, joinId: null, amountKrw: 400_000 },
        { teamId: first.teamId, joinId: first.joinIds[0], amountKrw: 100_000 },
        { teamId: second.teamId, joinId: second.joinIds[1], amountKrw: 50_000 },
      ]),
    });
    const { body, queries } = await counted<JudgingView>(`/api/admin/cohorts/${SPRINT}/judging`);
    judgingQueries = queries;
    expect(body).toMatchObject({ page: 1, pageSize: PAGE_SIZE, teamCount: 2, pageCount: 1 });
    expect(body.teams[0]!.members.map(({ joinId, alias, name, state }) => ({ joinId, alias, name, state }))).toEqual([
      { joinId: first.joinIds[0], alias: '하나', name: '김하나', state: 'ASSIGNED' },
      { joinId: first.joinIds[1], alias: null, name: null, state: 'ASSIGNED' },
      { joinId: first.joinIds[2], alias: '셋', name: null, state: 'ASSIGNED' },
      { joinId: first.joinIds[3], alias: null, name: '박넷', state: 'DROPPED' },
    ]);
    const [firstName, secondName] = body.teams.map((t) => t.name);
    expect(body.results).toMatchObject({ winnerTeamId: first.teamId, winnerTeamName: firstName });
    expect(body.results!.prizes).toEqual([
      { teamId: first.teamId, teamName: firstName, joinId: null, amountKrw: 400_000, alias: null, name: null },
      {
        teamId: first.teamId,
        teamName: firstName,
        joinId: first.joinIds[0],
        amountKrw: 100_000,
        alias: '하나',
        name: '김하나',
      },
      {
        teamId: second.teamId,
        teamName: secondName,
        joinId: second.joinIds[1],
        amountKrw: 50_000,
        alias: '여섯',
        name: '최여섯',
      },
    ]);
    // Nobody scored yet: nothing ranked, both teams still to score.
    expect(body.summary).toEqual({ judgedTeams: 2, unscoredTeams: 2, ranking: [] });
  });

  it('pages follow one another in team order, every team once, each page in as many queries as a cohort of two teams', async () => {
    for (let i = 0; i < 8; i++) await publishedTeam(i % 2 ? VARIED : MORE);
    const stored: number[] = await knex()('team').where({ odd_id: SPRINT }).orderBy('team_id').pluck('team_id');
    const storedMembers: number[] = await knex()('team_member as m')
      .join('team as t', 't.team_id', 'm.team_id')
      .where('t.odd_id', SPRINT)
      .orderBy(['m.team_id', 'm.join_id'])
      .pluck('m.join_id');
    expect(stored).toHaveLength(10);
    const pageFacts = (pageCount: number) => ({ pageSize: PAGE_SIZE, teamCount: 10, pageCount });

    const health = await everyPage<TeamHealthResponse>(`/api/admin/cohorts/${SPRINT}/team-health`);
    expect(health.pages.map((p) => p.teams.length)).toEqual([3, 3, 3, 1]);
    for (const [i, page] of health.pages.entries()) expect(page).toMatchObject({ page: i + 1, ...pageFacts(4) });
    expect(health.pages.flatMap((p) => p.teams.map((t) => t.teamId))).toEqual(stored);
    expect(health.pages.flatMap((p) => p.teams.flatMap((t) => t.members.map((m) => m.joinId)))).toEqual(storedMembers);
    expect(health.queries.every((n) => n === healthQueries)).toBe(true);

    const judging = await everyPage<JudgingView>(`/api/admin/cohorts/${SPRINT}/judging`);
    expect(judging.pages.map((p) => p.teams.length)).toEqual([3, 3, 3, 1]);
    for (const [i, page] of judging.pages.entries()) expect(page).toMatchObject({ page: i + 1, ...pageFacts(4) });
    expect(judging.pages.flatMap((p) => p.teams.map((t) => t.teamId))).toEqual(stored);
    expect(judging.pages.flatMap((p) => p.teams.flatMap((t) => t.members.map((m) => m.joinId)))).toEqual(storedMembers);
    expect(judging.queries.every((n) => n === judgingQueries)).toBe(true);
    // Two for health (the page's teams with the cohort's counts, then their members with their check-ins); six at once for judging.
    expect([healthQueries, judgingQueries]).toEqual([2, 6]);

    // A page past the last answers no teams, with the counts.
    expect((await counted<TeamHealthResponse>(`/api/admin/cohorts/${SPRINT}/team-health?page=5`)).body).toMatchObject({
      teams: [],
      page: 5,
      ...pageFacts(4),
    });
    expect((await counted<JudgingView>(`/api/admin/cohorts/${SPRINT}/judging?page=5`)).body).toMatchObject({
      teams: [],
      page: 5,
      ...pageFacts(4),
    });
  });

  it("refuses a page that is not a whole number from 1, with the console's message", async () => {
    for (const path of ['team-health', 'judging']) {
      for (const bad of ['0', '-1', '1.5', 'abc', '']) {
        const refused = await asAdmin('GET', `/api/admin/cohorts/${SPRINT}/${path}?page=${bad}`);
        expect(refused.statusCode, `${path} ${bad}`).toBe(400);
        expect(refused.json().message, `${path} ${bad}`).toBe(MESSAGES.badRequest);
      }
    }
    expect((await asAdmin('GET', '/api/admin/cohorts/999999/judging')).json().message).toBe(
      MESSAGES.adminCohortNotFound,
    );
  });

  it("judging's summary is the whole cohort's on every page, and publishing goes by it: the ranking's first wins", async () => {
    await knex()('cohort_result').where({ odd_id: SPRINT }).del();
    const teams: number[] = await knex()('team').where({ odd_id: SPRINT }).orderBy('team_id').pluck('team_id');
    // Totals over several pages: a tie between the last team (submitted earlier) and the fifth (later), a tie with a team
    // that submitted nothing, the highest total on a stopped team (not judged), and two teams unscored.
    await score(teams[1]!, 6);
    await score(teams[4]!, 9);
    await submit(teams[4]!, '2026-12-23T05:00:00Z');
    await score(teams[9]!, 9);
    await submit(teams[9]!, '2026-12-23T04:00:00Z');
    await score(teams[6]!, 9);
    await score(teams[2]!, 10);
    await knex()('team').where({ team_id: teams[2] }).update({ stopped_at: NOW });
    await score(teams[7]!, 7);
    await score(teams[3]!, 4);
    await score(teams[0]!, 7);
    await submit(teams[0]!, '2026-12-23T03:00:00Z');

    // The whole cohort, worked out from every page's teams with the rule publishing had: the highest total, then the
    // earlier submission (none: after), then the earlier team.
    const { pages } = await everyPage<JudgingView>(`/api/admin/cohorts/${SPRINT}/judging`);
    const all = pages.flatMap((p) => p.teams);
    const judged = all.filter((t) => !t.stopped);
    const submittedAt = (t: (typeof all)[number]) =>
      t.submission ? new Date(t.submission.updatedAt).getTime() : Infinity;
    const ranked = judged
      .filter((t) => t.score)
      .sort((a, b) => b.score!.total - a.score!.total || submittedAt(a) - submittedAt(b) || a.teamId - b.teamId);
    const expected = {
      judgedTeams: judged.length,
      unscoredTeams: judged.filter((t) => !t.score).length,
      ranking: ranked
        .slice(0, RANKING_SIZE)
        .map((t) => ({ teamId: t.teamId, name: t.name, total: t.score!.total, members: t.members })),
    };
    expect(expected.ranking.map((t) => t.teamId)).toEqual([teams[9], teams[4], teams[6]]);
    expect(expected).toMatchObject({ judgedTeams: 9, unscoredTeams: 2 });
    for (const page of pages) expect(page.summary, `page ${page.page}`).toEqual(expected);

    // Publishing checks the whole cohort again: two teams unscored.
    const early = await asAdmin('POST', `/api/admin/cohorts/${SPRINT}/results/publish`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MESSAGES.judgingNotAllScored);
    for (const t of judged.filter((j) => !j.score)) await score(t.teamId, 1);
    const ready = (await counted<JudgingView>(`/api/admin/cohorts/${SPRINT}/judging?page=2`)).body.summary;
    expect(ready).toMatchObject({ judgedTeams: 9, unscoredTeams: 0 });
    expect(ready.ranking.map((t) => t.teamId)).toEqual(expected.ranking.map((t) => t.teamId));

    const prizeWinner = expected.ranking[2]!.members[0]!;
    const published = await asAdmin('POST', `/api/admin/cohorts/${SPRINT}/results/publish`, {
      memberPrizes: [{ joinId: prizeWinner.joinId, amountKrw: 100_000 }],
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().winnerTeamId).toBe(ready.ranking[0]!.teamId);
    // The results name the winning team and each prize's team, whichever page shows them.
    const results = (await counted<JudgingView>(`/api/admin/cohorts/${SPRINT}/judging?page=1`)).body.results!;
    expect(results).toMatchObject({ winnerTeamId: teams[9], winnerTeamName: ready.ranking[0]!.name });
    expect(results.prizes).toEqual([
      { teamId: teams[9], teamName: ready.ranking[0]!.name, joinId: null, amountKrw: 400_000, alias: null, name: null },
      {
        teamId: teams[6],
        teamName: ready.ranking[2]!.name,
        joinId: prizeWinner.joinId,
        amountKrw: 100_000,
        alias: prizeWinner.alias,
        name: prizeWinner.name,
      },
    ]);
  });
});

describe('team health counts the whole cohort on every page, and pages the teams in trouble alone', () => {
  /** Another sprint cohort of the seed, so the counts are these teams' alone. */
  const COHORT = 208;
  const path = `/api/admin/cohorts/${COHORT}/team-health`;
  const ok = (misses: string[] = []): Seat => ({ names: null, misses });
  const dropped: Seat = { names: null, status: 'DROPPED', misses: ['2026-12-15', '2026-12-16'] };
  const refunded: Seat = { names: null, status: 'REFUNDED' };
  /**
   * Teams of every kind, with what team health should say of each (the program's minimum is 2; one miss puts an active
   * member at risk, PROGRAMS_AT_RISK_MISSES's default). Dropped and refunded members are not active, and a dropped
   * member's misses put nobody at risk; a stopped team is neither short-handed nor at risk, whatever its members.
   */
  const PLANNED: {
    seats: Seat[];
    stopped?: boolean;
    active: number;
    dropped: number;
    atRisk: number;
    shortHanded: boolean;
  }[] = [
    { seats: [ok(), ok(), ok()], active: 3, dropped: 0, atRisk: 0, shortHanded: false },
    { seats: [ok(), ok(['2026-12-16']), ok()], active: 3, dropped: 0, atRisk: 1, shortHanded: false },
    { seats: [ok(), dropped, dropped], active: 1, dropped: 2, atRisk: 0, shortHanded: true },
    { seats: [ok(['2026-12-16']), refunded], stopped: true, active: 1, dropped: 0, atRisk: 0, shortHanded: false },
    { seats: [ok(), ok(), refunded, dropped], active: 2, dropped: 1, atRisk: 0, shortHanded: false },
    {
      seats: [ok(['2026-12-15', '2026-12-17']), ok(['2026-12-17']), ok()],
      active: 3,
      dropped: 0,
      atRisk: 2,
      shortHanded: false,
    },
    { seats: [ok(['2026-12-17']), dropped], active: 1, dropped: 1, atRisk: 1, shortHanded: true },
    { seats: [ok(), ok()], active: 2, dropped: 0, atRisk: 0, shortHanded: false },
    { seats: [refunded, refunded], stopped: true, active: 0, dropped: 0, atRisk: 0, shortHanded: false },
    { seats: [ok(), ok(), ok()], active: 3, dropped: 0, atRisk: 0, shortHanded: false },
  ];
  const troubled = (t: (typeof PLANNED)[number]) => t.shortHanded || t.atRisk > 0;
  const SUMMARY = {
    teams: 10,
    shortHandedTeams: 2,
    stoppedTeams: 2,
    troubledTeams: 4,
    atRiskMembers: 4,
    droppedMembers: 4,
  };
  let made: { teamId: number; joinIds: number[] }[] = [];
  let allQueries = 0;

  it("every page, of every team or of those in trouble, carries the whole cohort's counts; each team its own", async () => {
    const minSize = (await knex()('product').where({ product_id: 2 }).first('min_team_size')).min_team_size as number;
    expect(minSize).toBe(2);
    made = [];
    for (const t of PLANNED) made.push(await publishedTeam(t.seats, { oddId: COHORT, stopped: t.stopped }));
    // The counts as the plan gives them, worked out apart from the service.
    const sum = (f: (t: (typeof PLANNED)[number]) => number) => PLANNED.reduce((n, t) => n + f(t), 0);
    expect(SUMMARY).toEqual({
      teams: PLANNED.length,
      shortHandedTeams: sum((t) => Number(t.shortHanded)),
      stoppedTeams: sum((t) => Number(Boolean(t.stopped))),
      troubledTeams: sum((t) => Number(troubled(t))),
      atRiskMembers: sum((t) => t.atRisk),
      droppedMembers: sum((t) => t.dropped),
    });

    const all = await everyPage<TeamHealthResponse>(path);
    allQueries = all.queries[0]!;
    expect(all.pages.map((p) => p.teams.length)).toEqual([3, 3, 3, 1]);
    for (const page of all.pages) {
      expect(page, `page ${page.page}`).toMatchObject({
        trouble: false,
        atRiskMisses: 1,
        pageSize: PAGE_SIZE,
        teamCount: 10,
        pageCount: 4,
      });
      expect(page.summary, `page ${page.page}`).toEqual(SUMMARY);
    }
    const answered = all.pages.flatMap((p) => p.teams);
    expect(answered.map((t) => t.teamId)).toEqual(made.map((m) => m.teamId));
    expect(
      answered.map(({ active, dropped, atRisk, shortHanded, stopped }) => ({
        active,
        dropped,
        atRisk,
        shortHanded,
        stopped,
      })),
    ).toEqual(
      PLANNED.map(({ active, dropped, atRisk, shortHanded, stopped }) => ({
        active,
        dropped,
        atRisk,
        shortHanded,
        stopped: Boolean(stopped),
      })),
    );
    // The teams' own flags, added up over every page, are the counts.
    expect({
      teams: answered.length,
      shortHandedTeams: answered.filter((t) => t.shortHanded).length,
      stoppedTeams: answered.filter((t) => t.stopped).length,
      troubledTeams: answered.filter((t) => t.shortHanded || t.atRisk > 0).length,
      atRiskMembers: answered.reduce((n, t) => n + t.atRisk, 0),
      droppedMembers: answered.reduce((n, t) => n + t.dropped, 0),
    }).toEqual(SUMMARY);
    // A team's at-risk members are its active members with a miss, as the console shows them (not on a stopped team).
    for (const team of answered)
      expect(team.atRisk).toBe(
        team.stopped ? 0 : team.members.filter((m) => m.state === 'ASSIGNED' && m.misses >= 1).length,
      );
  });

  it('trouble=true pages only the teams short-handed or with a member at risk, in team order, each with every member', async () => {
    const { pages, queries } = await everyPage<TeamHealthResponse>(path, 'trouble=true&');
    const wanted = PLANNED.flatMap((t, i) => (troubled(t) ? [made[i]!] : []));
    expect(pages.map((p) => p.teams.length)).toEqual([3, 1]);
    for (const [i, page] of pages.entries()) {
      expect(page, `page ${i + 1}`).toMatchObject({
        trouble: true,
        page: i + 1,
        pageSize: PAGE_SIZE,
        teamCount: 4,
        pageCount: 2,
      });
      expect(page.summary, `page ${i + 1}`).toEqual(SUMMARY);
    }
    const answered = pages.flatMap((p) => p.teams);
    expect(answered.map((t) => t.teamId)).toEqual(wanted.map((t) => t.teamId));
    expect(answered.map((t) => t.members.map((m) => m.joinId))).toEqual(wanted.map((t) => t.joinIds));
    expect(answered.every((t) => t.shortHanded || t.atRisk > 0)).toBe(true);
    // As many queries as the page of every team: the page's teams with the counts, then their members.
    expect(queries.every((n) => n === allQueries)).toBe(true);
    expect(allQueries).toBe(2);
    // trouble=false is every team; a page past the last answers no teams, with the counts.
    expect((await counted<TeamHealthResponse>(`${path}?trouble=false&page=2`)).body.teams.map((t) => t.teamId)).toEqual(
      made.slice(3, 6).map((t) => t.teamId),
    );
    expect((await counted<TeamHealthResponse>(`${path}?trouble=true&page=3`)).body).toMatchObject({
      teams: [],
      page: 3,
      teamCount: 4,
      pageCount: 2,
      summary: SUMMARY,
    });
  });

  it('a member dropped, or a team stopped, moves the counts on every page', async () => {
    // The at-risk member of the second team is dropped: that team is no longer in trouble (two active of a minimum of two).
    const atRisk = made[1]!.joinIds[1]!;
    await knex()('application').where({ join_id: atRisk }).update({ status: 'DROPPED' });
    await knex()('team').where({ team_id: made[6]!.teamId }).update({ stopped_at: NOW });
    const after = {
      ...SUMMARY,
      stoppedTeams: 3,
      shortHandedTeams: 1,
      troubledTeams: 2,
      atRiskMembers: 2,
      droppedMembers: 5,
    };
    const { pages } = await everyPage<TeamHealthResponse>(path, 'trouble=true&');
    expect(pages.flatMap((p) => p.teams.map((t) => t.teamId))).toEqual([made[2]!.teamId, made[5]!.teamId]);
    for (const page of [...pages, (await counted<TeamHealthResponse>(`${path}?page=4`)).body])
      expect(page.summary).toEqual(after);
    await knex()('application').where({ join_id: atRisk }).update({ status: 'ASSIGNED' });
    await knex()('team').where({ team_id: made[6]!.teamId }).update({ stopped_at: null });
  });

  it('another instance set with PROGRAMS_AT_RISK_MISSES=2 counts a member at risk from two misses, and says so', async () => {
    const env = {
      ...process.env,
      PROGRAMS_JOB_WORKERS: 'false',
      PROGRAMS_TEAMS_PAGE_SIZE: String(PAGE_SIZE),
      PROGRAMS_AT_RISK_MISSES: '2',
    };
    const other = await buildService(createProgramsService({ config: readProgramsConfig(env), clock: () => NOW }), {
      databaseUrl: programs.databaseUrl,
      internalSecret: DEV_INTERNAL_SECRET,
      runSeed: false,
    });
    try {
      const response = await other.inject({ method: 'GET', url: `${path}?trouble=true`, headers: programs.as(ADMIN) });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as TeamHealthResponse;
      // Only the sixth team's member with two misses is at risk now; the short-handed teams stay in trouble.
      expect(body).toMatchObject({
        atRiskMisses: 2,
        teamCount: 3,
        summary: { ...SUMMARY, troubledTeams: 3, atRiskMembers: 1 },
      });
      expect(body.teams.map((t) => [t.teamId, t.atRisk])).toEqual([
        [made[2]!.teamId, 0],
        [made[5]!.teamId, 1],
        [made[6]!.teamId, 0],
      ]);
    } finally {
      await other.close();
    }
  });

  it('a miss written without its cohort, as the previous version writes it during a rollout, is counted all the same', async () => {
    const before = (await asAdmin('GET', path)).json().summary;
    const { joinIds } = await publishedTeam([ok(), ok()], { oddId: COHORT });
    await knex()('checkin_miss').insert({ join_id: joinIds[0], day: '2026-12-17' });
    expect(await knex()('checkin_miss').where({ join_id: joinIds[0] }).first('odd_id')).toEqual({ odd_id: COHORT });
    const after = (await asAdmin('GET', path)).json().summary;
    expect([after.teams, after.atRiskMembers, after.troubledTeams]).toEqual([
      before.teams + 1,
      before.atRiskMembers + 1,
      before.troubledTeams + 1,
    ]);
  });

  it("refuses a filter other than true or false with the console's message", async () => {
    for (const bad of ['yes', '1', 'TRUE', '', 'true&trouble=false']) {
      const refused = await asAdmin('GET', `${path}?trouble=${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message, bad).toBe(MESSAGES.badRequest);
    }
    const badPage = await asAdmin('GET', `${path}?trouble=true&page=0`);
    expect([badPage.statusCode, badPage.json().message]).toEqual([400, MESSAGES.badRequest]);
  });
});
