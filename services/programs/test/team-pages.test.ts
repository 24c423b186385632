import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '@sq/contracts';
import type { JudgingView, TeamHealthResponse } from '@sq/contracts/api/operators';
import { build, type TestService } from '@sq/service-kit/testing';
import { readProgramsConfig } from '../src/config';
import { streakOf } from '../src/operators/sprint';
import { createProgramsService } from '../src/service';

/**
 * The team pages' answers over a cohort's published teams (team health, judging): each member named by the
 * application's copies (null while not copied), the check-in counts and streaks as the member's own page works them
 * out (streakOf), and a fixed number of queries however many teams and members the cohort has.
 * The teams are written as publishing leaves them (applications, team, team_member), so any number is cheap.
 */
const SPRINT = 212;
const TODAY = '2026-12-18';
const NOW = new Date(`${TODAY}T12:00:00+09:00`);
const ADMIN: Identity = { userId: 900_401, role: 'ROLE_ADMIN', sid: 'sid-team-pages' };

let programs: TestService;
beforeAll(async () => {
  // No job workers: nothing but the request queries the database while its queries are counted.
  programs = await build(createProgramsService({ config: readProgramsConfig({ ...process.env, PROGRAMS_JOB_WORKERS: 'false' }), clock: () => NOW }));
});
afterAll(async () => {
  await programs?.close();
});

const knex = () => programs.app.knex;

interface Seat {
  /** [nickname, name] as copied; null: not copied yet. */
  names: [string | null, string | null] | null;
  status?: 'ASSIGNED' | 'DROPPED';
  checkins?: string[];
  misses?: string[];
}

let nextUser = 700_000;
let teams = 0;
/** A published team of the sprint cohort with these members (applications in order), its check-ins and misses. */
async function publishedTeam(seats: Seat[]): Promise<{ teamId: number; joinIds: number[] }> {
  teams += 1;
  const [{ team_id: teamId }] = await knex()('team').insert({ odd_id: SPRINT, team_key: `P${teams}`, name: `${teams}팀`, created_at: NOW }).returning('team_id');
  const joinIds: number[] = [];
  for (const seat of seats) {
    const [{ join_id: joinId }] = await knex()('application')
      .insert({ odd_id: SPRINT, user_id: (nextUser += 1), role: 'DEVELOPER', status: seat.status ?? 'ASSIGNED', current_step: 'book', member_nickname: seat.names?.[0] ?? null, member_name: seat.names?.[1] ?? null })
      .returning('join_id');
    joinIds.push(joinId);
    await knex()('team_member').insert({ join_id: joinId, team_id: teamId, joined_at: NOW });
    for (const day of seat.checkins ?? []) await knex()('checkin').insert({ join_id: joinId, day, checked_at: new Date(`${day}T09:00:00+09:00`) });
    for (const day of seat.misses ?? []) await knex()('checkin_miss').insert({ join_id: joinId, day });
    if (seat.status === 'DROPPED') await knex()('application_history').insert({ join_id: joinId, from_status: 'ASSIGNED', to_status: 'DROPPED', actor: 'SYSTEM' });
  }
  return { teamId, joinIds };
}

/** The answer of an operator's GET and how many queries the service sent for it. */
async function counted<T>(url: string): Promise<{ body: T; queries: number }> {
  let queries = 0;
  const count = () => {
    queries += 1;
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
  { names: [null, '박넷'], status: 'DROPPED', checkins: ['2026-12-14', '2026-12-15'], misses: ['2026-12-16', '2026-12-17'] },
];
const MORE: Seat[] = [
  { names: ['다섯', '정다섯'] },
  { names: ['여섯', '최여섯'], checkins: ['2026-12-15', '2026-12-17'], misses: ['2026-12-16'] },
  // A check-in dated after today (a clock moved back) is not counted yet.
  { names: ['일곱', '한일곱'], checkins: ['2026-12-18', '2026-12-19'] },
];

describe('the team pages answer with names, at any size, in a fixed number of queries', () => {
  let first: { teamId: number; joinIds: number[] };
  let second: { teamId: number; joinIds: number[] };
  let healthQueries = 0;
  let judgingQueries = 0;

  it('team health names each member and counts check-ins, streaks and misses as the member\'s page does', async () => {
    first = await publishedTeam(VARIED);
    second = await publishedTeam(MORE);
    const { body, queries } = await counted<TeamHealthResponse>(`/api/admin/cohorts/${SPRINT}/team-health`);
    healthQueries = queries;
    expect(body.day).toBe(TODAY);
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
        joinId: joinIds[i], alias: seat.names?.[0] ?? null, name: seat.names?.[1] ?? null, role: 'DEVELOPER', state: seat.status ?? 'ASSIGNED',
        checkins: days.length, streak: streakOf(days, TODAY), misses: misses.length, lastMiss: misses.at(-1) ?? null,
      });
    }
    // The kinds of streak are all there: today's in (5), today's open (4), after a gap (2), an old run (0).
    expect(members.slice(0, 4).map((m) => m.streak)).toEqual([5, 4, 2, 0]);
    const minSize = (await knex()('product').where({ product_id: 2 }).first('min_team_size')).min_team_size as number;
    expect(body.teams[0]).toMatchObject({ teamKey: expect.any(String), name: expect.any(String), active: 3, dropped: 1, shortHanded: 3 < minSize, stopped: false });
    expect(body.teams[1]).toMatchObject({ active: 3, dropped: 0, shortHanded: 3 < minSize });
  });

  it('judging names each team\'s members and each member prize\'s winner (null when not copied), the team prize nobody', async () => {
    await knex()('cohort_result').insert({
      odd_id: SPRINT, winner_team_id: first.teamId, published_by: ADMIN.userId, published_at: NOW,
      prizes: JSON.stringify([{ teamId: first.teamId, joinId: null, amountKrw: 400_000 }, { teamId: first.teamId, joinId: first.joinIds[0], amountKrw: 100_000 }, { teamId: first.teamId, joinId: first.joinIds[1], amountKrw: 50_000 }]),
    });
    const { body, queries } = await counted<JudgingView>(`/api/admin/cohorts/${SPRINT}/judging`);
    judgingQueries = queries;
    expect(body.teams[0]!.members.map(({ joinId, alias, name, state }) => ({ joinId, alias, name, state }))).toEqual([
      { joinId: first.joinIds[0], alias: '하나', name: '김하나', state: 'ASSIGNED' },
      { joinId: first.joinIds[1], alias: null, name: null, state: 'ASSIGNED' },
      { joinId: first.joinIds[2], alias: '셋', name: null, state: 'ASSIGNED' },
      { joinId: first.joinIds[3], alias: null, name: '박넷', state: 'DROPPED' },
    ]);
    expect(body.results!.prizes).toEqual([
      { teamId: first.teamId, joinId: null, amountKrw: 400_000, alias: null, name: null },
      { teamId: first.teamId, joinId: first.joinIds[0], amountKrw: 100_000, alias: '하나', name: '김하나' },
      { teamId: first.teamId, joinId: first.joinIds[1], amountKrw: 50_000, alias: null, name: null },
    ]);
  });

  it('asks the database as many times for ten teams as for two', async () => {
    for (let i = 0; i < 8; i++) await publishedTeam(i % 2 ? VARIED : MORE);
    const health = await counted<TeamHealthResponse>(`/api/admin/cohorts/${SPRINT}/team-health`);
    expect(health.body.teams).toHaveLength(10);
    expect(health.body.teams.flatMap((t) => t.members)).toHaveLength(5 * VARIED.length + 5 * MORE.length);
    expect(health.queries).toBe(healthQueries);
    const judging = await counted<JudgingView>(`/api/admin/cohorts/${SPRINT}/judging`);
    expect(judging.body.teams).toHaveLength(10);
    expect(judging.queries).toBe(judgingQueries);
    // Two for health (the teams, the members with their check-ins); seven at once for judging.
    expect([healthQueries, judgingQueries]).toEqual([2, 7]);
  });
});
