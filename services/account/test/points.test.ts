import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type UserDataResponse } from '@sq/contracts';
import type { TestService } from '@sq/service-kit/testing';
import { build } from '@sq/service-kit/testing';
import type { AddressInfo } from 'node:net';
import { itskillService } from '../../itskill/src/service';
import { takeCheckup } from '../../itskill/test/support';
import { asHolder, buildAccount, closedPortUrl, newSignUp, startCareercard } from './support/peers';

/**
 * The skill point (POST/GET /api/point/skill) with the real itskill service as the peer that says whether the
 * member completed a check-up. The amount is configuration: this suite sets SKILL_POINT_AMOUNT=1500.
 */
let careercard: Awaited<ReturnType<typeof startCareercard>>;
let itskill: TestService;
let account: TestService;

beforeAll(async () => {
  careercard = await startCareercard();
  itskill = await build(itskillService);
  await itskill.app.listen({ port: 0, host: '127.0.0.1' });
  account = await buildAccount({
    careercardUrl: careercard.url,
    env: {
      ITSKILL_SERVICE_URL: `http://127.0.0.1:${(itskill.app.server.address() as AddressInfo).port}`,
      SKILL_POINT_AMOUNT: '1500',
    },
  });
});
afterAll(async () => {
  await account?.close();
  await itskill?.close();
  await careercard?.close();
});

async function member() {
  const response = await account.app.inject({ method: 'POST', url: '/api/signUp', payload: newSignUp() });
  const { userData } = response.json<UserDataResponse>();
  return { userId: userData.userId, headers: asHolder(account, userData.token) };
}
const as = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  account.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const claim = { reasonCode: 'SKILL_CHECKUP', reasonText: 'IT 스킬 체크업 완료', entry: 'itskillcheckup' };
const ledger = (userId: number) =>
  account.app.knex('point_ledger').where({ user_id: userId }).select('reason_code', 'amount', 'reason_text', 'entry');

describe('skill point (POST/GET /api/point/skill)', () => {
  it('is refused before the check-up is completed, then granted once with the configured amount', async () => {
    const { userId, headers } = await member();
    expect((await as(headers, 'GET', '/api/point/skill')).json()).toEqual({
      ErrorCode: '00',
      received: 'N',
      pointBalance: 0,
    });
    const early = await as(headers, 'POST', '/api/point/skill', claim);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ ErrorCode: '49', message: MESSAGES.checkupNotCompleted });
    // Started but not finished is not completed either.
    await itskill.app.inject({
      method: 'POST',
      url: '/api/itskill/checkup/run',
      headers: itskill.as({ userId, role: 'ROLE_USER', sid: 'x' }),
      payload: { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' },
    });
    expect((await as(headers, 'POST', '/api/point/skill', claim)).statusCode).toBe(409);
    expect(await ledger(userId)).toEqual([]);

    await takeCheckup(itskill, userId, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' });
    const granted = await as(headers, 'POST', '/api/point/skill', claim);
    expect(granted.json()).toEqual({ ErrorCode: '00', granted: 1_500, pointBalance: 1_500 });
    expect(await ledger(userId)).toEqual([
      { reason_code: 'SKILL_CHECKUP', amount: 1_500, reason_text: 'IT 스킬 체크업 완료', entry: 'itskillcheckup' },
    ]);
    const twice = await as(headers, 'POST', '/api/point/skill', claim);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MESSAGES.pointAlreadyGranted);
    expect((await as(headers, 'GET', '/api/point/skill?reasonCode=SKILL_CHECKUP')).json()).toEqual({
      ErrorCode: '00',
      received: 'Y',
      pointBalance: 1_500,
    });
  });

  it('grants once when 20 claims arrive at the same time', async () => {
    const { userId, headers } = await member();
    await takeCheckup(itskill, userId, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_3_5Y' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => as(headers, 'POST', '/api/point/skill', claim)),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      responses.filter((r) => r.statusCode === 409 && r.json().message === MESSAGES.pointAlreadyGranted),
    ).toHaveLength(19);
    expect(await ledger(userId)).toHaveLength(1);
    expect((await as(headers, 'GET', '/api/point/skill')).json()).toMatchObject({ received: 'Y', pointBalance: 1_500 });
  });

  it('rejects bad input in Korean, other reasons, and visitors; the ledger stays as it was', async () => {
    const { userId, headers } = await member();
    await takeCheckup(itskill, userId, { jobGroupCode: 'JG_DESIGN', yearCode: 'CY_1_3Y' });
    for (const body of [
      {},
      { reasonCode: 1 },
      { reasonCode: "x'; --" },
      { ...claim, reasonText: 'x'.repeat(300) },
      { ...claim, reasonText: '완료\u0000' },
      { ...claim, entry: ['a'] },
      { ...claim, entry: 'x'.repeat(101) },
    ]) {
      const response = await as(headers, 'POST', '/api/point/skill', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 50)).toBe(400);
      // A NUL is refused before the schema (service-kit): text PostgreSQL cannot store.
      expect(response.json().message).toBe(
        JSON.stringify(body).includes('\\u0000') ? MESSAGES.textInvalidCharacters : MESSAGES.badRequest,
      );
    }
    // The sign-up credit is only onboarding's to give.
    expect((await as(headers, 'POST', '/api/point/skill', { reasonCode: 'SIGNUP_ONBOARDING' })).statusCode).toBe(409);
    expect((await account.app.inject({ method: 'POST', url: '/api/point/skill', payload: claim })).statusCode).toBe(
      401,
    );
    expect((await account.app.inject({ method: 'GET', url: '/api/point/skill' })).statusCode).toBe(401);
    expect((await as(headers, 'GET', '/api/point/skill?reasonCode=%00')).statusCode).toBe(400);
    expect(await ledger(userId)).toEqual([]);
  });
});

describe('skill point with itskill unreachable', () => {
  it('answers a Korean 503 and grants nothing', async () => {
    // Its own careercard: two account databases must not share one (their sign-up keys would collide).
    const ownCareercard = await startCareercard();
    const down = await buildAccount({
      careercardUrl: ownCareercard.url,
      env: { ITSKILL_SERVICE_URL: await closedPortUrl(), ITSKILL_TIMEOUT_MS: '1000' },
    });
    try {
      const signUp = await down.app.inject({ method: 'POST', url: '/api/signUp', payload: newSignUp() });
      expect(signUp.statusCode, signUp.body).toBe(201);
      const { userData } = signUp.json<UserDataResponse>();
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/point/skill',
        headers: asHolder(down, userData.token),
        payload: claim,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ErrorCode: '53', message: MESSAGES.serviceUnavailable });
      expect(await down.app.knex('point_ledger').where({ user_id: userData.userId })).toHaveLength(0);
    } finally {
      await down.close();
      await ownCareercard.close();
    }
  });

  it('refuses a configured amount that is not a positive integer at start', async () => {
    await expect(buildAccount({ careercardUrl: careercard.url, env: { SKILL_POINT_AMOUNT: 'lots' } })).rejects.toThrow(
      /SKILL_POINT_AMOUNT/,
    );
  });
});

describe('internal contacts (for itskill’s season alarm)', () => {
  it('gives active members’ receiving e-mails to services only', async () => {
    const a = await member();
    const b = await member();
    const response = await account.app.inject({
      method: 'POST',
      url: '/internal/users/contacts',
      headers: account.internalHeaders,
      payload: { userIds: [a.userId, b.userId, 999_999] },
    });
    expect(response.statusCode).toBe(200);
    const contacts = response.json().contacts as { userId: number; email: string }[];
    expect(contacts.map((c) => c.userId)).toEqual([a.userId, b.userId]);
    expect(contacts[0]!.email).toMatch(/^inbox.+@example\.com$/);
    expect(
      (
        await account.app.inject({
          method: 'POST',
          url: '/internal/users/contacts',
          headers: a.headers,
          payload: { userIds: [a.userId] },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await account.app.inject({
          method: 'POST',
          url: '/internal/users/contacts',
          headers: account.internalHeaders,
          payload: { userIds: ['x'] },
        })
      ).statusCode,
    ).toBe(400);
  });
});
