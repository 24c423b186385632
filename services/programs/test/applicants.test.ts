import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES } from '@sq/contracts';
import type { CohortApplicantsResponse } from '@sq/contracts/api/applicants';
import { programsService } from '../src/service';

let service: TestService;
beforeAll(async () => {
  service = await build(programsService);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T12:00:00+09:00'));
});
afterAll(async () => {
  vi.useRealTimers();
  await service?.close();
});

const get = (url: string) => service.app.inject({ method: 'GET', url });
const applicants = async (oddId: number) =>
  (await get(`/api/cohorts/${oddId}/applicants`)).json<CohortApplicantsResponse>().applicants;

describe('applicants per role', () => {
  it('counts live applications of the recruiting 14-week cohort against its team make-up', async () => {
    const a = await applicants(112);
    expect(a).toMatchObject({ oddId: 112, status: 'RECRUITING', recruiting: true, total: 27 });
    expect(a.roles).toEqual([
      { role: 'PLANNER', roleName: '기획자', applicants: 9, seatsPerTeam: 2 },
      { role: 'DESIGNER', roleName: '디자이너', applicants: 5, seatsPerTeam: 2 },
      { role: 'DEVELOPER', roleName: '개발자', applicants: 13, seatsPerTeam: 4 },
    ]);
    expect(a.teamMakeup).toEqual({
      minSize: 6,
      maxSize: 8,
      roles: { planner: 2, designer: 2, developer: 4 },
      maxFriends: 2,
    });
  });

  it('follows new and cancelled applications at once', async () => {
    const knex = service.app.knex;
    const [row] = await knex('application')
      .insert({ odd_id: 112, user_id: 123_456, role: 'DESIGNER', status: 'SUBMITTED' })
      .returning('join_id');
    try {
      expect((await applicants(112)).roles[1]).toMatchObject({ role: 'DESIGNER', applicants: 6 });
      await knex('application').where({ join_id: row.join_id }).update({ status: 'CANCELLED' });
      expect((await applicants(112)).roles[1]).toMatchObject({ role: 'DESIGNER', applicants: 5 });
    } finally {
      await knex('application').where({ join_id: row.join_id }).delete();
    }
  });

  it('leaves out roles without seats (the planner course) and has no seats where roles are not fixed', async () => {
    expect((await applicants(304)).roles).toEqual([
      { role: 'PLANNER', roleName: '기획자', applicants: 17, seatsPerTeam: 3 },
    ]);
    const sprint = await applicants(212);
    expect(sprint).toMatchObject({ status: 'UPCOMING', recruiting: false, total: 0 });
    expect(sprint.roles.map((r) => r.seatsPerTeam)).toEqual([null, null, null]);
    expect((await applicants(401)).teamMakeup).toBeNull();
  });

  it('answers an unknown or malformed cohort in Korean, never a 500', async () => {
    const missing = await get('/api/cohorts/999999/applicants');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: MESSAGES.notFound });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await get(`/api/cohorts/${bad}/applicants`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: MESSAGES.badRequest });
    }
  });
});
