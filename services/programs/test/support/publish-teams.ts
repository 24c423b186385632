import { expect } from 'vitest';
import type { Identity } from '@sq/contracts';
import type { ApplyStack } from './apply-stack';

const OPERATOR: Identity = { userId: 900_401, role: 'ROLE_ADMIN', sid: 'sid-publish-teams' };

/**
 * An operator publishes the cohort's teams through the admin API: the board is run, the members of `onTeam` are
 * put on team A and everyone else on the waitlist, and the board is published (charges are left queued; the
 * caller drains `team-charge` when it wants them).
 */
export async function publishTeams(stack: ApplyStack, oddId: number, onTeam: number[] = []): Promise<void> {
  const admin = (url: string, payload?: object) =>
    stack.programs.app.inject({
      method: 'POST',
      url,
      headers: stack.programs.as(OPERATOR),
      ...(payload ? { payload } : {}),
    });
  expect((await admin(`/api/admin/cohorts/${oddId}/board/run`, { seed: 1 })).statusCode).toBe(200);
  const board = (
    await stack.programs.app.inject({
      method: 'GET',
      url: `/api/admin/cohorts/${oddId}/board`,
      headers: stack.programs.as(OPERATOR),
    })
  ).json();
  const everyone = [...board.teams.flatMap((t: { members: { joinId: number }[] }) => t.members), ...board.waitlist] as {
    joinId: number;
  }[];
  for (const joinId of new Set([...everyone.map((m) => m.joinId), ...onTeam])) {
    const moved = await admin(`/api/admin/cohorts/${oddId}/board/move`, {
      joinId,
      toTeam: onTeam.includes(joinId) ? 'A' : null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const published = await admin(`/api/admin/cohorts/${oddId}/board/publish`);
  expect(published.statusCode, published.body).toBe(200);
}

/**
 * An operator opens a 14-week project cohort in recruitment on the apply stack's day (TODAY), eight developer seats,
 * its teams announced on 2026-12-16; `label` names it (a random part keeps names apart).
 */
export async function openTeamProjectCohort(stack: ApplyStack, label: string): Promise<number> {
  const created = await stack.programs.app.inject({
    method: 'POST',
    url: '/api/admin/cohorts',
    headers: stack.programs.as(OPERATOR),
    payload: {
      productId: 1,
      name: `${label} ${Math.random().toString(36).slice(2, 8)}`,
      recruitStart: '2026-11-20T00:00:00+09:00',
      recruitEnd: '2026-11-29T23:59:59+09:00',
      teamBuildingAnnounceDate: '2026-12-16',
      kickoffDate: '2027-01-02',
      startDate: '2027-01-04',
      endDate: '2027-04-11',
      capacity: null,
      roleSeats: { PLANNER: 0, DESIGNER: 0, DEVELOPER: 8 },
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().cohort.oddId as number;
}
