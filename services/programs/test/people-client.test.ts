import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_INTERNAL_SECRET } from '@sq/service-kit';
import type { TestService } from '@sq/service-kit/testing';
import { buildItskill, call, member, takeCheckup } from '../../itskill/test/support';
import { createPeopleClient } from '../src/operators/people-client';

/**
 * The operators' console reads each applicant's IT skill level from the real itskill service: the result the
 * member attached to that application (POST /api/getMyinfoSkill), else their latest; null without one or
 * when itskill does not answer.
 */
let itskill: TestService;
const people = createPeopleClient({ internalSecret: DEV_INTERNAL_SECRET, timeoutMs: 2_000 });
beforeAll(async () => {
  itskill = await buildItskill();
  await itskill.app.listen({ port: 0, host: '127.0.0.1' });
  process.env.ITSKILL_SERVICE_URL = `http://127.0.0.1:${(itskill.app.server.address() as AddressInfo).port}`;
});
afterAll(() => itskill?.close());

const openSurveyId = async () => (await itskill.app.knex('survey').where({ status: 'OPEN', is_demo: false }).first('survey_id')).survey_id as number;

describe('people client: applicants’ IT skill levels', () => {
  it('gives the attached result for its application and the latest otherwise', async () => {
    const userId = 5_101;
    await takeCheckup(itskill, userId, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 0);
    // Attached to application 71 while level 1 was the latest; then the member does better.
    const attached = await call(itskill, member(itskill, userId), 'POST', '/api/getMyinfoSkill', { surveyId: await openSurveyId(), joinId: 71 });
    expect(attached.statusCode, attached.body).toBe(200);
    await takeCheckup(itskill, userId, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 3);
    const none = 5_102;

    const levels = await people.skillLevels([{ userId, joinId: 71 }, { userId, joinId: 72 }, { userId: none, joinId: 73 }]);
    expect(Object.fromEntries(levels)).toEqual({ 71: 1, 72: 5, 73: null });
  });

  it('answers null levels when itskill is down', async () => {
    const reachable = process.env.ITSKILL_SERVICE_URL;
    process.env.ITSKILL_SERVICE_URL = 'http://127.0.0.1:1';
    try {
      expect(Object.fromEntries(await people.skillLevels([{ userId: 5_101, joinId: 71 }]))).toEqual({ 71: null });
    } finally {
      process.env.ITSKILL_SERVICE_URL = reachable;
    }
  });
});
