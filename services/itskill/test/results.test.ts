import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '@sq/service-kit/testing';
import { MESSAGES, type SharedCheckupResult } from '@sq/contracts';
import { build } from '@sq/service-kit/testing';
import { programsService } from '../../programs/src/service';
import { buildItskill, call, member, takeCheckup } from './support';

let service: TestService;
// The real programs service: attaching asks it whose application a join id is.
let programs: TestService;
beforeAll(async () => {
  programs = await build(programsService);
  const programsUrl = await programs.app.listen({ port: 0, host: '127.0.0.1' });
  service = await buildItskill({
    CHECKUP_LEARN_NEXT_AREAS: '2',
    PROGRAMS_SERVICE_URL: programsUrl,
    PROGRAMS_TIMEOUT_MS: '2000',
  });
});
afterAll(async () => {
  await service?.close();
  await programs?.close();
});

/** An application of `userId` in the programs service (in the first demo cohort); its join id. */
async function applicationOf(userId: number): Promise<number> {
  const cohort = await programs.app.knex('cohort').orderBy('odd_id').first('odd_id');
  const [row] = await programs.app
    .knex('application')
    .insert({ odd_id: cohort.odd_id, user_id: userId, role: 'DEVELOPER', status: 'RESERVED' })
    .returning('join_id');
  return row.join_id as number;
}

const get = (url: string, headers: Record<string, string> = {}) => service.app.inject({ method: 'GET', url, headers });
const shared = async (key: string) =>
  (await get(`/api/itskill/results/${key}`)).json<{ result: SharedCheckupResult }>().result;
const internal = (userId: number | string, query = '') =>
  get(`/internal/users/${userId}/skill-level${query}`, service.internalHeaders);

describe('shared check-up results', () => {
  it('shows level, scores per area, what to learn next, and nothing about the member', async () => {
    // 입문 in the first area's questions, 전문가 elsewhere: the first area is the one to learn next.
    const key = await takeCheckup(service, 601, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, (i) =>
      i < 3 ? 0 : 3,
    );
    const response = await get(`/api/itskill/results/${key}`);
    expect(response.statusCode).toBe(200);
    const result = response.json<{ result: SharedCheckupResult }>().result;
    expect(result).toMatchObject({
      shareKey: key,
      jobGroupName: '개발',
      careerBand: 'Y1_3',
      careerBandName: '1~3년',
      ranking: null,
    });
    expect(result.areas.map((a) => [a.name, a.percent, a.level])).toEqual([
      ['코드와 설계', 0, 1],
      ['API와 데이터', 100, 5],
      ['테스트와 배포', 100, 5],
      ['운영과 성능', 100, 5],
    ]);
    expect(result.totalScore).toBe(76);
    expect(result.level).toBe(4);
    expect(result.levelName).toBe('숙련');
    // Areas already at the top level are never suggested.
    expect(result.learnNext).toEqual([
      { areaCode: 'DV_CODE', areaName: '코드와 설계', advice: expect.stringContaining('타입') },
    ]);
    expect(JSON.stringify(result)).not.toMatch(/user|601/i);
  });

  it('ranks among real members of the same job group and career band only, never demo rows', async () => {
    const low = await takeCheckup(service, 611, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_3_5Y' }, () => 0);
    expect((await shared(low)).ranking).toBeNull();
    // Another band and another job group do not count.
    await takeCheckup(service, 612, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_10Y_PLUS' }, () => 3);
    await takeCheckup(service, 613, { jobGroupCode: 'JG_DESIGN', yearCode: 'CY_3_5Y' }, () => 3);
    // A demo row in the open season with the same group and band is ignored too.
    const open = await service.app.knex('survey').where({ status: 'OPEN' }).first();
    await service.app.knex('checkup_result').insert({
      survey_id: open.survey_id,
      user_id: 900_777,
      job_group_code: 'JG_PLAN',
      year_code: 'CY_3_5Y',
      status: 'COMPLETED',
      total_score: 100,
      level: 5,
      is_demo: true,
      completed_at: new Date(),
    });
    expect((await shared(low)).ranking).toBeNull();
    const mid = await takeCheckup(service, 614, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_3_5Y' }, () => 2);
    const top = await takeCheckup(service, 615, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_3_5Y' }, () => 3);
    expect((await shared(top)).ranking).toEqual({ topPercent: 34, peerCount: 3 });
    expect((await shared(mid)).ranking).toEqual({ topPercent: 67, peerCount: 3 });
    expect((await shared(low)).ranking).toEqual({ topPercent: 100, peerCount: 3 });
  });

  it('answers unknown, unfinished and malformed keys without a 500', async () => {
    expect((await get('/api/itskill/results/00000000-0000-4000-8000-000000000000')).json()).toEqual({
      ErrorCode: '44',
      message: MESSAGES.notFound,
    });
    await call(service, member(service, 620), 'POST', '/api/itskill/checkup/run', {
      jobGroupCode: 'JG_DEV',
      yearCode: 'CY_1_3Y',
    });
    const unfinished = await service.app.knex('checkup_result').where({ user_id: 620 }).first('share_key');
    expect((await get(`/api/itskill/results/${unfinished.share_key}`)).statusCode).toBe(404);
    for (const bad of ['abc', "1' or '1'='1", 'x'.repeat(300), '%00']) {
      const response = await get(`/api/itskill/results/${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toBe(MESSAGES.badRequest);
    }
  });
});

describe('my latest result', () => {
  it('is the member’s own latest and nobody else’s', async () => {
    expect((await get('/api/itskill/my-result', member(service, 630))).json()).toEqual({
      ErrorCode: '44',
      message: MESSAGES.checkupResultMissing,
    });
    await takeCheckup(service, 630, { jobGroupCode: 'JG_DESIGN', yearCode: 'CY_1_3Y' }, () => 0);
    const second = await takeCheckup(service, 630, { jobGroupCode: 'JG_DESIGN', yearCode: 'CY_1_3Y' }, () => 1);
    expect((await get('/api/itskill/my-result', member(service, 630))).json().result.shareKey).toBe(second);
    expect((await get('/api/itskill/my-result', member(service, 631))).statusCode).toBe(404);
    expect((await get('/api/itskill/my-result')).statusCode).toBe(401);
  });
});

describe('attaching a result to an application (POST /api/getMyinfoSkill)', () => {
  it('files the member’s result under their own application; programs reads it internally', async () => {
    const key = await takeCheckup(service, 640, { jobGroupCode: 'JG_DEV', yearCode: 'CY_5_10Y' }, () => 2);
    const { surveyId } = await shared(key);
    const joinId = await applicationOf(640);
    const attached = await call(service, member(service, 640), 'POST', '/api/getMyinfoSkill', { surveyId, joinId });
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toEqual({
      ErrorCode: '00',
      attached: { surveyId, joinId, shareKey: key, level: 4, levelName: '숙련' },
    });
    const level = await internal(640, `?joinId=${joinId}`);
    expect(level.json()).toMatchObject({
      ErrorCode: '00',
      completed: true,
      skill: { shareKey: key, level: 4, levelName: '숙련', jobGroupCode: 'JG_DEV' },
    });
    // Attaching twice keeps one link.
    await call(service, member(service, 640), 'POST', '/api/getMyinfoSkill', { surveyId, joinId });
    expect(await service.app.knex('checkup_application').where({ join_id: joinId })).toHaveLength(1);
  });

  it('never lets one member attach to, or read through, another member’s application', async () => {
    const key = await takeCheckup(service, 641, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 0);
    const { surveyId } = await shared(key);
    const own = await applicationOf(641);
    const strangers = await applicationOf(642);
    await call(service, member(service, 641), 'POST', '/api/getMyinfoSkill', { surveyId, joinId: own });
    const before = await service.app.knex('checkup_application').orderBy(['join_id', 'user_id']);
    // 641 has a result, but 642's application is not theirs: refused like a missing application.
    const intruder = await call(service, member(service, 641), 'POST', '/api/getMyinfoSkill', {
      surveyId,
      joinId: strangers,
    });
    expect(intruder.statusCode).toBe(404);
    expect(intruder.json().message).toBe(MESSAGES.applyNotFound);
    expect(
      (await call(service, member(service, 641), 'POST', '/api/getMyinfoSkill', { surveyId, joinId: 999_999 })).json()
        .message,
    ).toBe(MESSAGES.applyNotFound);
    // Member 642 has no result: nothing to attach to their own application.
    const stranger = await call(service, member(service, 642), 'POST', '/api/getMyinfoSkill', {
      surveyId,
      joinId: strangers,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(MESSAGES.checkupResultMissing);
    // The application of member 642 (as the programs service would ask) has no result of 641's.
    expect((await internal(642, `?joinId=${strangers}`)).json()).toEqual({
      ErrorCode: '00',
      completed: false,
      skill: null,
    });
    for (const body of [
      {},
      { surveyId, joinId: 'abc' },
      { surveyId: '1\u0000', joinId: 1 },
      { surveyId, joinId: 0 },
      { surveyId, joinId: 1, userId: 641 },
      [surveyId, own],
    ]) {
      const response = await call(service, member(service, 641), 'POST', '/api/getMyinfoSkill', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      // A NUL is refused before the schema (service-kit): text PostgreSQL cannot store.
      expect(response.json().message).toBe(
        JSON.stringify(body).includes('\\u0000') ? MESSAGES.textInvalidCharacters : MESSAGES.badRequest,
      );
    }
    expect(
      (await call(service, member(service, 641), 'POST', '/api/getMyinfoSkill', { surveyId: 999_999, joinId: own }))
        .statusCode,
    ).toBe(404);
    expect(
      (await service.app.inject({ method: 'POST', url: '/api/getMyinfoSkill', payload: { surveyId, joinId: own } }))
        .statusCode,
    ).toBe(401);
    expect(await service.app.knex('checkup_application').orderBy(['join_id', 'user_id'])).toEqual(before);
  });

  it('answers 503 and attaches nothing while the programs service cannot say whose application it is', async () => {
    const cut = await buildItskill({ PROGRAMS_SERVICE_URL: 'http://127.0.0.1:9', PROGRAMS_TIMEOUT_MS: '500' });
    try {
      const key = await takeCheckup(cut, 643, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 1);
      const { surveyId } = (await cut.app.inject({ url: `/api/itskill/results/${key}` })).json<{
        result: SharedCheckupResult;
      }>().result;
      const response = await call(cut, member(cut, 643), 'POST', '/api/getMyinfoSkill', { surveyId, joinId: 1 });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(MESSAGES.serviceUnavailable);
      expect(await cut.app.knex('checkup_application')).toHaveLength(0);
    } finally {
      await cut.close();
    }
  });

  it('answers the internal level only to other services', async () => {
    expect((await get('/internal/users/641/skill-level')).statusCode).toBe(403);
    expect((await get('/internal/users/641/skill-level', member(service, 641))).statusCode).toBe(403);
    expect((await internal(9_999)).json()).toEqual({ ErrorCode: '00', completed: false, skill: null });
    expect((await internal('abc')).statusCode).toBe(400);
    expect((await internal(641)).json()).toMatchObject({ completed: true, skill: { level: 1 } });
  });
});
