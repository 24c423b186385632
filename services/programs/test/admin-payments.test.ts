import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Identity } from '@sq/contracts';
import type { AdminPaymentRecord, PaymentRecordsResponse } from '@sq/contracts/api/operators';
import { generateJwtKeys } from '@sq/service-kit';
import { build, type TestService } from '@sq/service-kit/testing';
import { accountService } from '../../account/src/service';
import { newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';

/**
 * The operators' payment records of a cohort (GET /api/admin/cohorts/{oddId}/payments) across a withdrawal:
 * the programs service with the sandbox PG, and the real account service answering names and taking the
 * withdrawal (which asks programs about live applications over its internal API).
 */
let stack: ApplyStack;
let account: TestService;
const ADMIN: Identity = { userId: 900_101, role: 'ROLE_ADMIN', sid: 'sid-admin-payments' };
const BSIDE = 112;
const PLANX = 304;

beforeAll(async () => {
  const keys = generateJwtKeys();
  process.env.JWT_PRIVATE_KEY ??= keys.privateKey;
  process.env.JWT_PUBLIC_KEY ??= keys.publicKey;
  process.env.ITSKILL_SERVICE_URL = 'http://127.0.0.1:1';
  stack = await startApplyStack();
  await stack.programs.app.listen({ port: 0, host: '127.0.0.1' });
  // The account service reads where programs is when it is built.
  process.env.PROGRAMS_SERVICE_URL = `http://127.0.0.1:${(stack.programs.app.server.address() as AddressInfo).port}`;
  account = await build(accountService, { seed: false });
  await account.app.listen({ port: 0, host: '127.0.0.1' });
  process.env.ACCOUNT_SERVICE_URL = `http://127.0.0.1:${(account.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await account?.close();
  await stack?.close();
});

const records = async (oddId: number, who: Identity = ADMIN) =>
  stack.programs.app.inject({ method: 'GET', url: `/api/admin/cohorts/${oddId}/payments`, headers: stack.programs.as(who) });
const recordOf = async (oddId: number, joinId: number): Promise<AdminPaymentRecord | undefined> =>
  (await records(oddId)).json<PaymentRecordsResponse>().payments.find((p) => p.joinId === joinId);

/** A member with an account (a name the console shows) and a client for the programs API. */
async function member(name: string) {
  const identity = newMember();
  await account.app.knex('user_account').insert({
    user_id: identity.userId,
    email: `m${identity.userId}@example.com`,
    contact_email: `c${identity.userId}@example.com`,
    user_name: name,
    user_alias: `alias${identity.userId}`,
    user_phone: '01012345678',
  });
  return memberClient(stack, identity);
}
const withdraw = (identity: Identity) =>
  account.app.inject({ method: 'POST', url: `/api/setWithdrawal/${identity.userId}`, headers: account.as(identity), payload: { reasonCode: 'LOW_USE', agreed: true } });

describe('payment records in the console (GET /api/admin/cohorts/{oddId}/payments)', () => {
  it('keeps a withdrawn member’s reservation, charge and refund, with states and amounts, ended applications included', async () => {
    const leaving = await member('탈퇴예정');
    const staying = await member('계속회원');
    const paid = (await leaving.applyAndPay(PLANX, 'COURSE')).application;
    const reserved = (await leaving.applyAndPay(BSIDE, 'TEAM_PROJECT')).application;
    const other = (await staying.applyAndPay(PLANX, 'COURSE')).application;
    expect([paid.state, reserved.state, other.state]).toEqual(['PAID', 'RESERVED', 'PAID']);
    // A draft never reached the card page: no payment record.
    const drafting = await member('작성중');
    await drafting.fillAnswers(PLANX, 'COURSE');

    // Withdrawal is refused while the applications hold a charge and a reservation; nothing changes.
    const refused = await withdraw(leaving.identity);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.withdrawalLiveApplications);
    expect(await recordOf(PLANX, paid.joinId)).toMatchObject({ name: '탈퇴예정', state: 'PAID', chargedKrw: 350_000, refundedKrw: 0 });

    // The member cancels both: the course is refunded by the engine's amount, the reservation released.
    const refund = (await leaving.cancel(paid.joinId)).json<{ refundKrw: number }>().refundKrw;
    expect(refund).toBeGreaterThan(0);
    expect((await leaving.cancel(reserved.joinId)).statusCode).toBe(200);
    await stack.programs.app.jobs.drain('reservation-release');
    const done = await withdraw(leaving.identity);
    expect(done.statusCode, done.body).toBe(200);

    const course = await records(PLANX);
    expect(course.statusCode).toBe(200);
    const coursePayments = course.json<PaymentRecordsResponse>().payments;
    expect(coursePayments.map((p) => p.joinId)).toEqual(expect.arrayContaining([paid.joinId, other.joinId]));
    expect(coursePayments.some((p) => p.userId === drafting.identity.userId)).toBe(false);
    const refunded = coursePayments.find((p) => p.joinId === paid.joinId)!;
    expect(refunded).toMatchObject({
      userId: leaving.identity.userId,
      name: null,
      state: refund === 350_000 ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
      stateName: refund === 350_000 ? '환불 완료' : '부분 환불',
      feeKrw: 350_000,
      chargePolicy: 'AT_PURCHASE',
      chargedKrw: 350_000,
      refundedKrw: refund,
      reservedAt: null,
    });
    expect(refunded.card).toMatch(/\*{4}/);
    expect(refunded.chargedAt).not.toBeNull();
    expect(refunded.events.map((e) => [e.type, e.amountKrw])).toEqual([['CHARGED', 350_000], ['REFUNDED', refund]]);
    expect(coursePayments.find((p) => p.joinId === other.joinId)).toMatchObject({ name: '계속회원', state: 'PAID', chargedKrw: 350_000, refundedKrw: 0 });

    const released = (await recordOf(BSIDE, reserved.joinId))!;
    expect(released).toMatchObject({ name: null, state: 'CANCELLED', stateName: '지원 취소', feeKrw: 300_000, chargePolicy: 'ON_TEAM_PUBLISH', chargedKrw: 0, refundedKrw: 0, chargedAt: null });
    expect(released.reservedAt).not.toBeNull();
    expect(released.releasedAt).not.toBeNull();
    expect(released.events.map((e) => e.type)).toEqual(['RESERVED', 'RELEASED']);
  });

  it('is for operators only, and answers an unknown cohort in Korean', async () => {
    const refused = await records(PLANX, newMember());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.forbidden);
    const missing = await records(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.adminCohortNotFound);
  });
});
