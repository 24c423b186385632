import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import type { BookResponse } from '@sq/contracts/api/applications';
import { TEST_CARDS, TODAY, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { transition } from '../src/core/transition';

/**
 * Charges are settled from the PG's record: the real programs service on a real database against
 * the real sandbox PG in-process, whose test-only faults (a slow card company, a cut connection before or
 * after the PG did its work, an unreadable PG) stand in for the network. What is checked is what a member or
 * an operator would see: the PG's payments, the application's state and history, the timeline, the answer.
 */
let stack: ApplyStack;
let webhookUrl: string;
beforeAll(async () => {
  stack = await startApplyStack();
  await stack.programs.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(stack.programs.app.server.address() as AddressInfo).port}/api/payments/webhook`;
});
afterAll(async () => {
  await stack?.close();
});
afterEach(() => {
  Object.assign(stack.pg.faults, {
    chargeDelayMs: 0,
    dropChargeAnswers: 0,
    loseChargeRequests: 0,
    dropPaymentReads: 0,
  });
  stack.pg.setWebhookUrl(null);
  stack.setNow(TODAY);
});

const BSIDE = 112;
const PLANX = 304;
/** A day after BSIDE's team-building announcement: the auto-cancel takes reservations still without a team. */
const knex = () => stack.programs.app.knex;
const payments = () => stack.programs.app.payments;
const drain = (...names: Parameters<ApplyStack['programs']['app']['jobs']['drain']>) =>
  stack.programs.app.jobs.drain(...names);
const pgPayments = (joinId: number) => stack.pg.state().payments.filter((p) => p.id.startsWith(`sq-${joinId}-`));
const historyOf = async (joinId: number) =>
  (await knex()('application_history').where({ join_id: joinId }).orderBy('history_id')).map((h) => h.to_status);
const stateOf = async (joinId: number) => (await knex()('application').where({ join_id: joinId }).first()).status;
/**
 * The application ends while its charge is in flight. The auto-cancel, cancels and removals now wait for a
 * pending charge (test/billing-keys.test.ts), so this is the safety net for any path that does not (another
 * instance on older code, an operator's fix in the database): the same transition the auto-cancel makes.
 */
const endedMeanwhile = (joinId: number) =>
  knex().transaction((trx) =>
    transition(trx, { joinId, to: 'AUTO_CANCELLED', actor: 'SYSTEM', reason: MESSAGES.autoCancelReason }),
  );
const timeline = async (joinId: number) =>
  (await knex()('payment_event').where({ join_id: joinId }).orderBy('event_id')).map((e) => [
    e.type,
    e.amount_krw,
    e.note,
  ]);
const repair = async () => {
  await stack.programs.app.jobs.send('payment-repair', {});
  await drain('payment-repair');
};

async function reservation(card: string = TEST_CARDS.ok) {
  const member = memberClient(stack, newMember());
  const reserved = await member.applyAndPay(BSIDE, 'TEAM_PROJECT', card);
  return { member, joinId: reserved.application.joinId };
}

describe('one payment id per obligation', () => {
  it('an operator retry of a declined team charge asks the PG again under the same payment id', async () => {
    const { joinId } = await reservation(TEST_CARDS.insufficientFunds);
    const first = await payments().charge(joinId);
    expect(first).toEqual({
      status: 'FAILED',
      paymentId: `sq-${joinId}-charge`,
      message: '카드 잔액이 부족해 결제하지 못했어요.',
    });
    expect(await stateOf(joinId)).toBe('PAYMENT_FAILED');
    const second = await payments().charge(joinId);
    expect(second).toMatchObject({ status: 'FAILED', paymentId: `sq-${joinId}-charge` });
    // The PG holds one payment for the obligation, whatever the number of attempts.
    expect(pgPayments(joinId).map((p) => [p.id, p.status])).toEqual([[`sq-${joinId}-charge`, 'FAILED']]);
    expect(await knex()('payment').where({ join_id: joinId }).pluck('payment_id')).toEqual([`sq-${joinId}-charge`]);
    expect((await knex()('application').where({ join_id: joinId }).first()).charge_attempt).toBe(2);
  });

  it('a refusal is read from the PG record (502 PG_PROVIDER): the member sees the PG reason, not "try later"', async () => {
    const member = memberClient(stack, newMember());
    const failed = await member.applyAndPay(PLANX, 'COURSE', TEST_CARDS.insufficientFunds);
    expect(failed).toMatchObject({
      result: 'PAYMENT_FAILED',
      failure: { message: '카드 잔액이 부족해 결제하지 못했어요.' },
    });
    expect(pgPayments(failed.application.joinId).map((p) => p.status)).toEqual(['FAILED']);
  });

  it('a refusal before any attempt (the key deleted at the PG) is FAILED with the PG words, not left PENDING', async () => {
    const { joinId } = await reservation();
    const { billing_key: key } = await knex()('application').where({ join_id: joinId }).first();
    const deleted = await fetch(`${stack.pg.url}/billing-keys/${key}`, {
      method: 'DELETE',
      headers: { authorization: `PortOne ${stack.config.pg.apiSecret}` },
    });
    expect(deleted.status).toBe(200);
    expect(await payments().charge(joinId)).toEqual({
      status: 'FAILED',
      paymentId: `sq-${joinId}-charge`,
      message: '이미 삭제된 빌링키입니다.',
    });
    expect(await stateOf(joinId)).toBe('PAYMENT_FAILED');
    expect(pgPayments(joinId)).toEqual([]);
  });
});

describe('two chargers at once', () => {
  it('two confirms of a purchase while the card company takes its time: one charge, both shown PAID, never PAYMENT_FAILED', async () => {
    const member = memberClient(stack, newMember());
    await member.fillAnswers(PLANX, 'COURSE');
    const book = (await member.book(PLANX)).json<BookResponse>();
    const query = await member.payOnCardPage(book);
    const joinId = book.application.joinId;
    stack.pg.faults.chargeDelayMs = 400;
    const [a, b] = await Promise.all([member.confirm(PLANX, query), member.confirm(PLANX, query)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().result, b.json().result]).toEqual(['PAID', 'PAID']);
    expect(pgPayments(joinId).map((p) => [p.id, p.status])).toEqual([[`sq-${joinId}-charge`, 'PAID']]);
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'PAID']);
    expect((await timeline(joinId)).map(([type]) => type)).toEqual(['CHARGED']);
  });

  it('the team-charge job and an operator retry at once: one charge, both answer PAID, the member ASSIGNED once', async () => {
    const { joinId } = await reservation();
    stack.pg.faults.chargeDelayMs = 400;
    const outcomes = await Promise.all([payments().charge(joinId, 'SYSTEM'), payments().charge(joinId, 'OPERATOR')]);
    expect(outcomes).toEqual([
      { status: 'PAID', paymentId: `sq-${joinId}-charge` },
      { status: 'PAID', paymentId: `sq-${joinId}-charge` },
    ]);
    expect(pgPayments(joinId)).toEqual([
      expect.objectContaining({ status: 'PAID', amount: { total: 300_000, paid: 300_000, cancelled: 0 } }),
    ]);
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'RESERVED', 'ASSIGNED']);
  });
});

describe('an error or no answer: settled from the PG record', () => {
  it('a charge whose answer is lost is settled at once from the PG record (no wait for the repair job)', async () => {
    const { joinId } = await reservation();
    stack.pg.faults.dropChargeAnswers = 1;
    expect(await payments().charge(joinId)).toEqual({ status: 'PAID', paymentId: `sq-${joinId}-charge` });
    expect(await stateOf(joinId)).toBe('ASSIGNED');
    expect(await knex()('payment').where({ join_id: joinId }).first()).toMatchObject({
      status: 'PAID',
      pg_tx_id: pgPayments(joinId)[0]!.transactionId,
    });
  });

  it('the PG unreachable after a lost answer: PENDING, then the repair job settles it once however often it runs', async () => {
    const { joinId } = await reservation();
    stack.pg.faults.dropChargeAnswers = 1;
    stack.pg.faults.dropPaymentReads = 1;
    expect(await payments().charge(joinId)).toEqual({ status: 'PENDING', paymentId: `sq-${joinId}-charge` });
    expect(await stateOf(joinId)).toBe('RESERVED');
    await repair();
    await repair();
    expect(await payments().repairCharge(`sq-${joinId}-charge`)).toBe('UNCHANGED');
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'RESERVED', 'ASSIGNED']);
    expect((await timeline(joinId)).map(([type]) => type)).toEqual(['RESERVED', 'CHARGED', 'RELEASED']);
    expect(pgPayments(joinId)).toHaveLength(1);
  });
});

describe('an application that may no longer be charged', () => {
  it('a charge the PG never got is not asked again once the reservation was auto-cancelled: closed, nothing charged', async () => {
    const { joinId } = await reservation();
    stack.pg.faults.loseChargeRequests = 1;
    stack.pg.faults.dropPaymentReads = 1;
    expect(await payments().charge(joinId)).toMatchObject({ status: 'PENDING' });
    await endedMeanwhile(joinId);
    await repair();
    expect(pgPayments(joinId)).toEqual([]);
    expect(await stateOf(joinId)).toBe('AUTO_CANCELLED');
    expect(await knex()('payment').where({ join_id: joinId }).first()).toMatchObject({
      status: 'FAILED',
      failure_reason: expect.stringContaining('결제하지 않았어요'),
    });
    // A later charge call is refused rather than charging a cancelled application.
    await expect(payments().charge(joinId)).rejects.toMatchObject({
      statusCode: 409,
      message: MESSAGES.paymentNotStarted,
    });
    expect(pgPayments(joinId)).toEqual([]);
  });

  it('a charge that lands after the auto-cancel is recorded and refunded by the charge-reversal job, once', async () => {
    const { joinId } = await reservation();
    // The PG holds the charge for 2 s; the request reaches it when it does (a loaded machine may take a while).
    stack.pg.faults.chargeDelayMs = 2_000;
    const inFlight = payments().charge(joinId);
    await expect
      .poll(() => stack.pg.state().payments.find((p) => p.id === `sq-${joinId}-charge`)?.status, {
        timeout: 1_800,
        interval: 10,
      })
      .toBe('READY');
    await endedMeanwhile(joinId);
    expect(await inFlight).toEqual({ status: 'PAID', paymentId: `sq-${joinId}-charge` });

    // Recorded as the PG has it, the member's state untouched, the timeline saying what happens next.
    expect(await stateOf(joinId)).toBe('AUTO_CANCELLED');
    expect(await knex()('payment').where({ join_id: joinId }).first()).toMatchObject({
      status: 'PAID',
      amount_krw: 300_000,
    });
    expect(await timeline(joinId)).toEqual([
      ['RESERVED', 300_000, expect.any(String)],
      ['CHARGED', 300_000, `취소된 신청에 결제되어 자동 환불 예정 (sq-${joinId}-charge)`],
    ]);

    await drain('charge-reversal');
    await drain('charge-reversal');
    const [atPg] = pgPayments(joinId);
    expect(atPg).toMatchObject({ status: 'CANCELLED', amount: { total: 300_000, paid: 300_000, cancelled: 300_000 } });
    expect(atPg!.cancellations).toEqual([
      expect.objectContaining({ totalAmount: 300_000, reason: '취소된 신청에 결제되어 자동 환불' }),
    ]);
    expect(
      await knex()('refund').where({ join_id: joinId }).select('refund_case', 'amount_krw', 'status', 'actor'),
    ).toEqual([{ refund_case: 'CHARGE_REVERSAL', amount_krw: 300_000, status: 'SUCCEEDED', actor: 'SYSTEM' }]);
    expect((await timeline(joinId)).map(([type]) => type)).toEqual(['RESERVED', 'CHARGED', 'REFUNDED']);
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'RESERVED', 'AUTO_CANCELLED']);
  });

  it('a charge the PG took under an id we had closed is settled from its webhook and refunded', async () => {
    const { joinId } = await reservation();
    stack.pg.faults.loseChargeRequests = 1;
    stack.pg.faults.dropPaymentReads = 1;
    await payments().charge(joinId);
    await endedMeanwhile(joinId);
    // The repair of this charge (not the whole job, which would also release the key at the PG) closes it.
    expect(await payments().repairCharge(`sq-${joinId}-charge`)).toBe('CLOSED');
    expect(await knex()('payment').where({ join_id: joinId }).first()).toMatchObject({ status: 'FAILED' });
    // Another instance's request under the same payment id reaches the PG late (it was sent before the close).
    const row = await knex()('payment').where({ join_id: joinId }).first();
    stack.pg.setWebhookUrl(webhookUrl);
    const late = await fetch(`${stack.pg.url}/payments/${row.payment_id}/billing-key`, {
      method: 'POST',
      headers: { authorization: `PortOne ${stack.config.pg.apiSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        billingKey: row.billing_key,
        orderName: 'late',
        amount: { total: row.amount_krw },
        currency: 'KRW',
        customer: { id: 'late' },
      }),
    });
    expect(late.status).toBe(200);
    await stack.pg.webhooksSettled();
    await drain('payment-webhook');
    expect(await knex()('payment').where({ join_id: joinId }).first()).toMatchObject({ status: 'PAID' });
    await drain('charge-reversal');
    expect(pgPayments(joinId)[0]).toMatchObject({ status: 'CANCELLED', amount: { cancelled: 300_000 } });
    expect(await stateOf(joinId)).toBe('AUTO_CANCELLED');
  });
});

describe('a reservation on a published team without a card to charge', () => {
  it('is a declined charge with the card-update deadline, not a job retried ahead of everyone else', async () => {
    // The demo's reservations of the cohort were seeded without billing keys (as on `npm start`).
    const ADMIN = { userId: 900_301, role: 'ROLE_ADMIN' as const, sid: 'sid-no-card' };
    const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
      stack.programs.app.inject({ method, url, headers: stack.programs.as(ADMIN), ...(payload ? { payload } : {}) });
    const { joinId: member } = await reservation();
    const demo: number[] = await knex()('application')
      .where({ odd_id: BSIDE, status: 'RESERVED' })
      .whereNull('billing_key')
      .orderBy('join_id')
      .limit(3)
      .pluck('join_id');
    expect(demo).toHaveLength(3);
    expect((await admin('POST', `/api/admin/cohorts/${BSIDE}/board/run`, { seed: 1 })).statusCode).toBe(200);
    const board = (await admin('GET', `/api/admin/cohorts/${BSIDE}/board`)).json();
    const everyone = [
      ...board.teams.flatMap((t: { members: { joinId: number }[] }) => t.members),
      ...board.waitlist,
    ] as { joinId: number }[];
    for (const { joinId } of everyone)
      await admin('POST', `/api/admin/cohorts/${BSIDE}/board/move`, {
        joinId,
        toTeam: [member, ...demo].includes(joinId) ? 'A' : null,
      });
    expect((await admin('POST', `/api/admin/cohorts/${BSIDE}/board/publish`)).statusCode).toBe(200);
    await drain('team-charge');
    expect(await stateOf(member)).toBe('ASSIGNED');
    for (const joinId of demo) {
      expect(await stateOf(joinId)).toBe('PAYMENT_FAILED');
      expect(await knex()('charge_deadline').where({ join_id: joinId }).first()).toBeTruthy();
      expect((await timeline(joinId)).map(([type, , note]) => [type, note])).toEqual([
        ['CHARGE_FAILED', MESSAGES.teamChargeNoCard],
      ]);
    }
    // Nothing left to retry: the queue is empty after one pass.
    expect(await drain('team-charge')).toBe(0);
  });
});
