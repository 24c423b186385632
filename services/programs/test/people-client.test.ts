import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_INTERNAL_SECRET } from '@sq/service-kit';
import { build, type TestService } from '@sq/service-kit/testing';
import { buildItskill, call, member, takeCheckup } from '../../itskill/test/support';
import { createPeopleClient } from '../src/clients/people-client';
import { programsService } from '../src/service';
import { closedPortUrl } from '../../account/test/support/peers';

/**
 * The applicant copy (operators/people-copy.ts) takes each application's IT skill level from the real itskill
 * service: the result the member attached to that application (POST /api/getMyinfoSkill), else their latest; null
 * without one; a failure when itskill does not answer.
 */
let itskill: TestService;
// The real programs service too: attaching a result asks it whose application a join id is.
let programs: TestService;
/** The console's lookups, with itskill at `itskillUrl` (account is not asked in these tests). */
const peopleAt = async (itskillUrl: string) =>
  createPeopleClient({
    accountUrl: await closedPortUrl(),
    itskillUrl,
    internalSecret: DEV_INTERNAL_SECRET,
    timeoutMs: 2_000,
  });
let people: ReturnType<typeof createPeopleClient>;
beforeAll(async () => {
  programs = await build(programsService);
  const programsUrl = await programs.app.listen({ port: 0, host: '127.0.0.1' });
  itskill = await buildItskill({ PROGRAMS_SERVICE_URL: programsUrl, PROGRAMS_TIMEOUT_MS: '2000' });
  await itskill.app.listen({ port: 0, host: '127.0.0.1' });
  people = await peopleAt(`http://127.0.0.1:${(itskill.app.server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await itskill?.close();
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

const openSurveyId = async () =>
  (await itskill.app.knex('survey').where({ status: 'OPEN', is_demo: false }).first('survey_id')).survey_id as number;

describe('people client: applicants’ IT skill levels', () => {
  it('gives the attached result for its application and the latest otherwise', async () => {
    const userId = 5_101;
    await takeCheckup(itskill, userId, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 0);
    const joinId = await applicationOf(userId);
    // Attached to the application while level 1 was the latest; then the member does better.
    const attached = await call(itskill, member(itskill, userId), 'POST', '/api/getMyinfoSkill', {
      surveyId: await openSurveyId(),
      joinId,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    await takeCheckup(itskill, userId, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 3);
    const none = 5_102;

    const levels = await people.levels([
      { userId, joinId },
      { userId, joinId: joinId + 1_000 },
      { userId: none, joinId: joinId + 2_000 },
    ]);
    expect(Object.fromEntries(levels)).toEqual({
      [joinId]: { level: 1, totalScore: 0 },
      [joinId + 1_000]: { level: 5, totalScore: 100 },
      [joinId + 2_000]: null,
    });
  });

  it('fails when itskill is down, so the applicant copy stays due instead of copying "no level"', async () => {
    const down = await peopleAt(await closedPortUrl());
    await expect(down.levels([{ userId: 5_101, joinId: 71 }])).rejects.toThrow();
  });
});
