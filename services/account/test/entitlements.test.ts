import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { MESSAGES, type UserDataResponse } from '@sq/contracts';
import { build, type TestService } from '@sq/service-kit/testing';
import { itskillService } from '../../itskill/src/service';
import { takeCheckup } from '../../itskill/test/support';
import { asHolder, buildAccount, newSignUp, startCareercard, startPrograms } from './support/peers';

/**
 * One-time point grants go to a person once: withdrawing and signing up again with the same e-mail does not
 * bring the sign-up credit (10,000) or the skill check-up point (SKILL_POINT_AMOUNT, 1500 here) back. Real
 * careercard (sign-up saga), programs (withdrawal asks it) and itskill (the check-up) as peers.
 */
let careercard: Awaited<ReturnType<typeof startCareercard>>;
let programs: Awaited<ReturnType<typeof startPrograms>>;
let itskill: TestService;
let account: TestService;

beforeAll(async () => {
  careercard = await startCareercard();
  programs = await startPrograms();
  itskill = await build(itskillService);
  await itskill.app.listen({ port: 0, host: '127.0.0.1' });
  account = await buildAccount({
    careercardUrl: careercard.url,
    programsUrl: programs.url,
    env: {
      ITSKILL_SERVICE_URL: `http://127.0.0.1:${(itskill.app.server.address() as AddressInfo).port}`,
      SKILL_POINT_AMOUNT: '1500',
    },
  });
});
afterAll(async () => {
  await account?.close();
  await itskill?.close();
  await programs?.close();
  await careercard?.close();
});

async function signUp(overrides: Record<string, unknown> = {}) {
  const form = newSignUp(overrides);
  const response = await account.app.inject({ method: 'POST', url: '/api/signUp', payload: form });
  expect(response.statusCode, response.body).toBe(201);
  const { userData } = response.json<UserDataResponse>();
  return { form, userId: userData.userId, headers: asHolder(account, userData.token) };
}
type Member = Awaited<ReturnType<typeof signUp>>;
const onboard = (m: Member) =>
  account.app.inject({
    method: 'POST',
    url: '/api/user/detail',
    headers: m.headers,
    payload: { jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' },
  });
const skillStatus = (m: Member) =>
  account.app.inject({ url: '/api/point/skill?reasonCode=SKILL_CHECKUP', headers: m.headers });
const claimSkill = (m: Member) =>
  account.app.inject({
    method: 'POST',
    url: '/api/point/skill',
    headers: m.headers,
    payload: { reasonCode: 'SKILL_CHECKUP', entry: 'itskillcheckup' },
  });
const withdraw = (m: Member) =>
  account.app.inject({
    method: 'POST',
    url: `/api/setWithdrawal/${m.userId}`,
    headers: m.headers,
    payload: { reasonCode: 'LOW_USE', agreed: true },
  });

describe('one-time point grants across withdrawal', () => {
  it('gives no second sign-up credit and no second skill point to the same e-mail after withdrawal; another e-mail still gets them', async () => {
    const first = await signUp();
    expect((await onboard(first)).json()).toMatchObject({ pointGranted: true, pointBalance: 10_000 });
    await takeCheckup(itskill, first.userId, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' });
    expect((await claimSkill(first)).json()).toEqual({ ErrorCode: '00', granted: 1_500, pointBalance: 11_500 });
    const left = await withdraw(first);
    expect(left.statusCode, left.body).toBe(200);

    // The same person, same mailbox (spelled in capitals this time), a new account.
    const again = await signUp({ email: first.form.email.toUpperCase() });
    expect(again.userId).not.toBe(first.userId);
    const onboarded = await onboard(again);
    expect(onboarded.statusCode).toBe(200);
    expect(onboarded.json()).toEqual({ ErrorCode: '00', pointGranted: false, pointBalance: 0, userStep: 'DONE' });
    expect((await skillStatus(again)).json()).toEqual({ ErrorCode: '00', received: 'Y', pointBalance: 0 });
    await takeCheckup(itskill, again.userId, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' });
    const claimed = await claimSkill(again);
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json()).toEqual({ ErrorCode: '49', message: MESSAGES.pointAlreadyGranted });
    expect((await skillStatus(again)).json()).toEqual({ ErrorCode: '00', received: 'Y', pointBalance: 0 });

    // Someone else is not affected.
    const other = await signUp();
    expect((await skillStatus(other)).json()).toEqual({ ErrorCode: '00', received: 'N', pointBalance: 0 });
    expect((await onboard(other)).json()).toMatchObject({ pointGranted: true, pointBalance: 10_000 });
    await takeCheckup(itskill, other.userId, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' });
    expect((await claimSkill(other)).json()).toMatchObject({ granted: 1_500, pointBalance: 11_500 });

    // What outlives the withdrawal is not the e-mail (nor its plain SHA-256): keyed hashes only.
    const kept = JSON.stringify(await account.app.knex('entitlement_marker').select());
    expect(kept).not.toContain(first.form.email.split('@')[0]);
  });

  it('takes a +tag as the same mailbox', async () => {
    const first = await signUp();
    expect((await onboard(first)).json()).toMatchObject({ pointGranted: true });
    expect((await withdraw(first)).statusCode).toBe(200);
    const tagged = await signUp({ email: first.form.email.replace('@', '+again@') });
    expect((await onboard(tagged)).json()).toMatchObject({ pointGranted: false, pointBalance: 0 });
  });

  it('grants once when two accounts of one mailbox onboard at the same time, 10 requests each', async () => {
    const plain = await signUp();
    const tagged = await signUp({ email: plain.form.email.replace('@', '+twin@') });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => onboard(i % 2 ? plain : tagged)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(answers.filter((r) => r.json().pointGranted === true)).toHaveLength(1);
    const balances = await Promise.all(
      [plain, tagged].map(async (m) => (await skillStatus(m)).json().pointBalance as number),
    );
    expect(balances.sort((a, b) => a - b)).toEqual([0, 10_000]);
  });

  it('still marks a grant made before the markers existed when its member withdraws', async () => {
    const first = await signUp();
    expect((await onboard(first)).json()).toMatchObject({ pointGranted: true });
    // A grant from before migration 011: the ledger row without its markers.
    await account.app.knex('entitlement_marker').delete();
    expect((await withdraw(first)).statusCode).toBe(200);
    const again = await signUp({ email: first.form.email });
    expect((await onboard(again)).json()).toMatchObject({ pointGranted: false, pointBalance: 0 });
  });
});
