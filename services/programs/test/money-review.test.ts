import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Identity } from '@sq/contracts';
import type { BookResponse, CardUpdateResponse } from '@sq/contracts/api/applications';
import { TEST_CARDS, TODAY, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { openTeamProjectCohort } from './support/publish-teams';
import { transition } from '../src/core/transition';

/**
 * Defects found in the money paths (reviews and the extended money model), one test each: it asserts what must
 * hold of members' money, failed on the code before its fix, and passes since; each
 * describe's comment says what was wrong. Real programs service, real PostgreSQL, the sandbox PG in-process (its
 * test-only faults stand in for the network), jobs drained by the test.
 */
let stack: ApplyStack;
const ADMIN: Identity = { userId: 900_301, role: 'ROLE_ADMIN', sid: 'sid-money-review' };
const COURSE = 304;
/** The planner course's fee (charged at purchase; refunded whole within 7 days of payment). */
const COURSE_FEE = 350_000;
/** The cohorts these tests create (14-week project, 300,000원): the team-building announcement day. */
const ANNOUNCE = new Date('2026-12-16T10:00:00+09:00');
const DEADLINE_HOURS = 48;

beforeAll(async () => {
  process.env.ACCOUNT_SERVICE_URL = 'http://127.0.0.1:1';
  process.env.ITSKILL_SERVICE_URL = 'http://127.0.0.1:1';
  stack = await startApplyStack();
});
afterEach(() => {
  Object.assign(stack.pg.faults, {
    chargeDelayMs: 0,
    dropChargeAnswers: 0,
    loseChargeRequests: 0,
    dropPaymentReads: 0,
    dropCancelAnswers: 0,
    refuseCancels: 0,
  });
  stack.setNow(TODAY);
});
afterAll(async () => {
  await stack?.close();
});

const knex = () => stack.programs.app.knex;
const jobs = () => stack.programs.app.jobs;
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  stack.programs.app.inject({ method, url, headers: stack.programs.as(ADMIN), ...(payload ? { payload } : {}) });
const stateOf = async (joinId: number) =>
  (await knex()('application').where({ join_id: joinId }).first()).status as string;
const pgPayment = (paymentId: string) => stack.pg.state().payments.find((p) => p.id === paymentId);
const repairJob = async () => {
  await jobs().send('payment-repair', {});
  await jobs().drain('payment-repair', 'team-charge', 'reservation-release', 'charge-reversal');
};
const autoCancel = async (at: Date) => {
  stack.setNow(at);
  await jobs().send('reservation-auto-cancel', {});
  await jobs().drain('reservation-auto-cancel');
};
const deadlineRun = async () => {
  const run = await admin('POST', '/api/admin/payment-deadlines/run');
  expect(run.statusCode, run.body).toBe(200);
  await jobs().drain('team-charge');
  return run.json();
};

/** A fresh cohort of the 14-week project (8 developer seats), recruiting on TODAY, announced on ANNOUNCE. */
const newCohort = () => openTeamProjectCohort(stack, '검토');

async function reserve(oddId: number, card: string = TEST_CARDS.ok) {
  const member = memberClient(stack, newMember());
  const reserved = await member.applyAndPay(oddId, 'TEAM_PROJECT', card);
  expect(reserved.result).toBe('RESERVED');
  return { member, joinId: reserved.application.joinId as number };
}

/** On the announcement day (or `at`): `onTeam` on team A, `waiting` on the waitlist, published, team charges run. */
async function publish(oddId: number, onTeam: number[], waiting: number[], at: Date = ANNOUNCE) {
  stack.setNow(at);
  expect((await admin('POST', `/api/admin/cohorts/${oddId}/board/run`, { seed: 1 })).statusCode).toBe(200);
  for (const joinId of onTeam)
    expect((await admin('POST', `/api/admin/cohorts/${oddId}/board/move`, { joinId, toTeam: 'A' })).statusCode).toBe(
      200,
    );
  for (const joinId of waiting)
    expect((await admin('POST', `/api/admin/cohorts/${oddId}/board/move`, { joinId, toTeam: null })).statusCode).toBe(
      200,
    );
  const published = await admin('POST', `/api/admin/cohorts/${oddId}/board/publish`);
  expect(published.statusCode, published.body).toBe(200);
  await jobs().drain('team-charge');
}

/** The member registers another card on my page (card update after a declined team charge) and comes back. */
async function updateCard(oddId: number, who: Awaited<ReturnType<typeof reserve>>, card: string) {
  const opened = await who.member.inject('POST', `/api/applications/${who.joinId}/card`);
  expect(opened.statusCode, opened.body).toBe(200);
  const query = await who.member.payOnCardPage(opened.json<CardUpdateResponse>() as unknown as BookResponse, card);
  const confirmed = await who.member.confirm(oddId, query);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return query;
}

/**
 * A team charge declined at publish, the member registers another card within the deadline, and that card is
 * declined too at the deadline run's charge.
 */
async function declinedTwice() {
  const oddId = await newCohort();
  const fixer = await reserve(oddId, TEST_CARDS.insufficientFunds);
  const mate = await reserve(oddId);
  const waiting = await reserve(oddId);
  await publish(oddId, [fixer.joinId, mate.joinId], [waiting.joinId]);
  expect(await stateOf(fixer.joinId)).toBe('PAYMENT_FAILED');
  expect(await stateOf(waiting.joinId)).toBe('WAITLISTED');
  const deadlineAt = new Date(ANNOUNCE.getTime() + DEADLINE_HOURS * 3_600_000);

  stack.setNow(new Date(ANNOUNCE.getTime() + 3_600_000));
  await updateCard(oddId, fixer, TEST_CARDS.insufficientFunds);
  expect(await stateOf(fixer.joinId)).toBe('RESERVED');
  expect((await deadlineRun()).recharged).toContain(fixer.joinId);
  expect(await stateOf(fixer.joinId)).toBe('PAYMENT_FAILED');
  return { oddId, fixer, waiting, deadlineAt };
}

/**
 * The deadline run resolves the deadline as CARD_UPDATED before the new card is charged (src/operators/charging.ts,
 * runChargeDeadlines), and a second decline finds the deadline row taken (runTeamCharge: onConflict ignore): no
 * open deadline, so no card page, no backfill, and the auto-cancel takes the waitlist.
 */
describe('a declined team charge can be fixed by the member until the deadline (must be true)', () => {
  it('after the second card is declined too, my page still offers another card before the deadline', async () => {
    const { fixer, deadlineAt } = await declinedTwice();
    stack.setNow(new Date(ANNOUNCE.getTime() + 2 * 3_600_000));
    // Still 46 hours to the deadline the member was mailed.
    expect((await fixer.member.detailOf(fixer.joinId)).cardUpdate).toEqual({
      open: true,
      deadlineAt: deadlineAt.toISOString(),
    });
    const again = await fixer.member.inject('POST', `/api/applications/${fixer.joinId}/card`);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('after the second card is declined too, the waitlist is kept until the deadline and then gets the seat', async () => {
    const { fixer, waiting, deadlineAt } = await declinedTwice();
    // The day after the announcement, before the deadline: the waitlisted member stays for the seat.
    await autoCancel(new Date('2026-12-17T00:10:00+09:00'));
    expect(await stateOf(waiting.joinId)).toBe('WAITLISTED');
    // After the deadline the seat is freed and the waitlisted member is charged for it.
    stack.setNow(new Date(deadlineAt.getTime() + 3_600_000));
    const run = await deadlineRun();
    // (The run takes every cohort's deadlines: earlier tests' ones expire too.)
    expect(run.backfilled).toContainEqual({ from: fixer.joinId, to: waiting.joinId });
    expect(await stateOf(fixer.joinId)).toBe('CANCELLED');
    expect(await stateOf(waiting.joinId)).toBe('ASSIGNED');
  });
});

describe('a team charge declined whoever settles it opens the card-update deadline (found by the money model)', () => {
  it('a team charge whose request was lost and that the repair job then sees declined: my page offers another card until 48 hours after', async () => {
    const oddId = await newCohort();
    const fixer = await reserve(oddId, TEST_CARDS.insufficientFunds);
    const waiting = await reserve(oddId);
    // Publishing: the team charge's request never reaches the PG (the job leaves it PENDING).
    stack.pg.faults.loseChargeRequests = 1;
    stack.pg.faults.dropPaymentReads = 1;
    await publish(oddId, [fixer.joinId], [waiting.joinId]);
    expect(await stateOf(fixer.joinId)).toBe('RESERVED');
    expect(await knex()('payment').where({ join_id: fixer.joinId }).first()).toMatchObject({ status: 'PENDING' });
    // An hour later the repair job asks again, and the card is declined.
    const declinedAt = new Date(ANNOUNCE.getTime() + 3_600_000);
    stack.setNow(declinedAt);
    await repairJob();
    expect(await stateOf(fixer.joinId)).toBe('PAYMENT_FAILED');
    const detail = await fixer.member.detailOf(fixer.joinId);
    expect(detail.cardUpdate).toEqual({
      open: true,
      deadlineAt: new Date(declinedAt.getTime() + DEADLINE_HOURS * 3_600_000).toISOString(),
    });
  });
});

/**
 * After the PG record of an earlier attempt (FAILED, the old card) is read for a new attempt that never reached
 * the PG, settleFromPg answers MISMATCH (billing key differs) and the repair only asks again on
 * PAYMENT_NOT_FOUND (src/payments/charges.ts, settleFromPg / repairCharge): PENDING for ever, which also blocks
 * the member's cancel, removals and the auto-cancel.
 */
describe('charges are settled from the PG record (must be true)', () => {
  it('a retried obligation whose request is lost is asked again, not left PENDING against the PG record of the earlier attempt', async () => {
    const oddId = await newCohort();
    const fixer = await reserve(oddId, TEST_CARDS.insufficientFunds);
    const mate = await reserve(oddId);
    await publish(oddId, [fixer.joinId, mate.joinId], []);
    expect(await stateOf(fixer.joinId)).toBe('PAYMENT_FAILED');

    stack.setNow(new Date(ANNOUNCE.getTime() + 3_600_000));
    const query = await updateCard(oddId, fixer, TEST_CARDS.ok);
    expect(await stateOf(fixer.joinId)).toBe('RESERVED');
    // The deadline run's charge of the new card never reaches the PG (the connection is cut before it is taken).
    stack.pg.faults.loseChargeRequests = 1;
    await deadlineRun();
    const paymentId = `sq-${fixer.joinId}-charge`;
    expect(pgPayment(paymentId)).toMatchObject({ status: 'FAILED' });

    // The repair job runs as often as it likes: the charge the PG never got is asked again with the new card.
    for (let i = 0; i < 3; i++) await repairJob();
    expect(await knex()('payment').where({ payment_id: paymentId }).first()).toMatchObject({ status: 'PAID' });
    expect(pgPayment(paymentId)).toMatchObject({ status: 'PAID', billingKey: query.billingKey });
    expect(await stateOf(fixer.joinId)).toBe('ASSIGNED');
  });

  it("a retried obligation whose new card the PG refuses before any attempt is declined with the PG's words, not left PENDING", async () => {
    const oddId = await newCohort();
    const fixer = await reserve(oddId, TEST_CARDS.insufficientFunds);
    const mate = await reserve(oddId);
    await publish(oddId, [fixer.joinId, mate.joinId], []);
    const oldKey = (await knex()('application').where({ join_id: fixer.joinId }).first()).billing_key as string;
    stack.setNow(new Date(ANNOUNCE.getTime() + 3_600_000));
    const query = await updateCard(oddId, fixer, TEST_CARDS.ok);
    // The new key is deleted at the PG (its console) before the deadline run charges it: the PG refuses the
    // attempt and still shows the earlier one (the old card, FAILED).
    const deleted = await fetch(`${stack.pg.url}/billing-keys/${query.billingKey}`, {
      method: 'DELETE',
      headers: { authorization: `PortOne ${stack.config.pg.apiSecret}` },
    });
    expect(deleted.status).toBe(200);
    await deadlineRun();
    const paymentId = `sq-${fixer.joinId}-charge`;
    expect(pgPayment(paymentId)).toMatchObject({ status: 'FAILED', billingKey: oldKey });
    expect(await knex()('payment').where({ payment_id: paymentId }).first()).toMatchObject({
      status: 'FAILED',
      failure_reason: '이미 삭제된 빌링키입니다.',
    });
    expect(await stateOf(fixer.joinId)).toBe('PAYMENT_FAILED');
    // Declined within the deadline: the member may register yet another card.
    expect((await fixer.member.detailOf(fixer.joinId)).cardUpdate).toMatchObject({ open: true });
  });
});

/**
 * A key for the application's current issue id that arrives while it is PAYMENT_FAILED (not a card update) is
 * refused with 409 but neither superseded nor released (src/payments/reservations.ts, acceptBillingKey; the
 * webhook's takeInIssuedKey answers UNCHANGED for it).
 */
describe('billing keys live only as long as they are needed (must be true)', () => {
  it('a key issued on the current card page after the first card was declined there is taken in or given back, never left issued', async () => {
    const oddId = await newCohort();
    const member = memberClient(stack, newMember());
    await member.fillAnswers(oddId, 'TEAM_PROJECT');
    const booked = await member.book(oddId);
    expect(booked.statusCode, booked.body).toBe(200);
    const page = booked.json<BookResponse>();
    // The card company declines the first card; the site shows the failure (PAYMENT_FAILED).
    const declined = await member.payOnCardPage(page, TEST_CARDS.declined);
    expect((await member.confirm(oddId, declined)).json().result).toBe('PAYMENT_FAILED');
    // The member goes back to the card page still open in the browser and registers a card that works.
    const query = await member.payOnCardPage(page, TEST_CARDS.ok);
    expect(query.billingKey).toBeTruthy();
    await member.confirm(oddId, query);
    await jobs().drain('reservation-release');
    await repairJob();

    const app = await knex()('application').where({ user_id: member.identity.userId, odd_id: oddId }).first();
    const key = stack.pg.state().billingKeys.find((k) => k.billingKey === query.billingKey)!;
    // Either the application holds the key (it can charge it), or nothing can and the PG has it deleted.
    expect({ held: app.billing_key === query.billingKey, atPg: key.status }).toEqual(
      app.billing_key === query.billingKey ? { held: true, atPg: 'ISSUED' } : { held: false, atPg: 'DELETED' },
    );
  });

  it("the member who registers a working card on the page where the first was declined is reserved with it, by the confirm or by the PG's webhook alone", async () => {
    for (const returns of [true, false]) {
      const oddId = await newCohort();
      const member = memberClient(stack, newMember());
      await member.fillAnswers(oddId, 'TEAM_PROJECT');
      const page = (await member.book(oddId)).json<BookResponse>();
      const declined = await member.payOnCardPage(page, TEST_CARDS.declined);
      expect((await member.confirm(oddId, declined)).json().result).toBe('PAYMENT_FAILED');
      const query = await member.payOnCardPage(page, TEST_CARDS.ok);
      if (returns) {
        const confirmed = await member.confirm(oddId, query);
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        expect(confirmed.json()).toMatchObject({ result: 'RESERVED' });
      } else {
        // The browser never comes back: the PG's BillingKey.Issued webhook alone brings the key in.
        const id = `msg-review-${query.billingKey}`;
        await stack.programs.app.payments.receiveWebhook({
          id,
          type: 'BillingKey.Issued',
          body: {
            type: 'BillingKey.Issued',
            timestamp: TODAY.toISOString(),
            data: { storeId: stack.pg.storeId, billingKey: query.billingKey },
          },
        });
        await jobs().drain('payment-webhook');
      }
      const app = await knex()('application').where({ join_id: page.application.joinId }).first();
      expect(app).toMatchObject({ status: 'RESERVED', billing_key: query.billingKey });
      const history = await knex()('application_history')
        .where({ join_id: app.join_id })
        .orderBy('history_id')
        .pluck('to_status');
      expect(history).toEqual(['DRAFT', 'SUBMITTED', 'PAYMENT_FAILED', 'SUBMITTED', 'RESERVED']);
    }
  });
});

/**
 * The movement is sent with currentCancellableAmount from our books; the PG's differs by the unbooked console
 * cancellation, so it answers CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN; repairRefunds books a PG_DIRECT only when
 * nothing is in flight and re-sends the in-flight movement with the same stale amount (src/payments/refunds.ts):
 * REQUESTED for ever, and every later refund of the payment is refused as in progress.
 */
describe("the PG's cancellations equal the ledger (must be true)", () => {
  it("a member's refund sent while a PG-console cancellation is not booked yet settles, and the console one is booked", async () => {
    const member = memberClient(stack, newMember());
    const paid = await member.applyAndPay(COURSE, 'COURSE');
    expect(paid.result).toBe('PAID');
    const joinId = paid.application.joinId as number;
    const payment = await knex()('payment').where({ join_id: joinId, status: 'PAID' }).first();
    // An operator gives 50,000 back in the PG's console; its webhook has not been taken in yet (no webhook URL).
    const consoleCancel = await fetch(`${stack.pg.url}/payments/${payment.payment_id}/cancel`, {
      method: 'POST',
      headers: { authorization: `PortOne ${stack.config.pg.apiSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 50_000, reason: '상담 후 일부 환불' }),
    });
    expect(consoleCancel.status).toBe(200);

    // The member cancels: what the rules owe now is more than the 50,000 the console gave back.
    const cancelled = await member.cancel(joinId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // What the rules owe the member in all (the case's entitlement; the console's money counts toward it).
    const owed = (await knex()('refund_entitlement').where({ join_id: joinId, case_key: 'INDIVIDUAL' }).first())
      .entitlement_krw as number;
    expect(owed).toBeGreaterThan(50_000);

    // However often the repair runs, every movement settles and the PG's cancellations equal our books.
    for (let i = 0; i < 3; i++) await repairJob();
    const refunds = await knex()('refund').where({ join_id: joinId }).select('refund_case', 'amount_krw', 'status');
    expect(
      refunds.filter((r) => r.status === 'REQUESTED'),
      JSON.stringify(refunds),
    ).toEqual([]);
    const books = await knex()('payment').where({ payment_id: payment.payment_id }).first();
    const atPg = pgPayment(payment.payment_id)!;
    expect(atPg.amount.cancelled).toBe(books.cancelled_krw);
    // The console's 50,000 counts toward what the member is owed: never more than that in all.
    expect(atPg.amount.cancelled).toBeLessThanOrEqual(owed);
  });

  it("the member is told what goes back now: the console's money booked first, the rest of what the rules owe refunded at once", async () => {
    const { joinId, paymentId } = await purchase();
    await consoleCancel(paymentId, 50_000);
    const cancelled = await purchaser.cancel(joinId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const owed = (await knex()('refund_entitlement').where({ join_id: joinId, case_key: 'INDIVIDUAL' }).first())
      .entitlement_krw as number;
    expect(cancelled.json().refundKrw).toBe(owed - 50_000);
    expect(
      await knex()('refund')
        .where({ join_id: joinId })
        .orderBy('refund_id')
        .select('refund_case', 'amount_krw', 'status'),
    ).toEqual([
      { refund_case: 'INDIVIDUAL', amount_krw: owed - 50_000, status: 'SUCCEEDED' },
      { refund_case: 'PG_DIRECT', amount_krw: 50_000, status: 'SUCCEEDED' },
    ]);
    expect(pgPayment(paymentId)!.cancellations.map((c) => c.totalAmount)).toEqual([50_000, owed - 50_000]);
    // The course refunds all within 7 days of payment: refunded whole, the console's part included.
    expect(owed).toBe(COURSE_FEE);
    expect(await stateOf(joinId)).toBe('REFUNDED');
  });

  it('a console cancellation that already gave back all the rules owe: nothing more goes to the PG, the case stays applied', async () => {
    const { joinId, paymentId } = await purchase();
    await consoleCancel(paymentId, COURSE_FEE);
    const cancelled = await purchaser.cancel(joinId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refundKrw).toBe(0);
    expect(pgPayment(paymentId)!.cancellations.map((c) => c.totalAmount)).toEqual([COURSE_FEE]);
    expect((await knex()('payment').where({ payment_id: paymentId }).first()).cancelled_krw).toBe(COURSE_FEE);
    expect(await stateOf(joinId)).toBe('REFUNDED');
    expect(await knex()('refund').where({ join_id: joinId, status: 'REQUESTED' })).toEqual([]);
    expect(
      await knex()('refund_entitlement')
        .where({ join_id: joinId, case_key: 'INDIVIDUAL' })
        .whereNull('voided_at')
        .first(),
    ).toBeTruthy();
    // Cancelling again changes nothing.
    expect((await purchaser.cancel(joinId)).statusCode).toBe(409);
  });

  it('a refund the PG made but whose answer was lost, then a console cancellation: ours settled once, the console one booked beside it', async () => {
    const { joinId, paymentId } = await purchase();
    stack.pg.faults.dropCancelAnswers = 1;
    const reward = { reward: 'COMPLETION' as const, amountKrw: 100_000, target: null, reason: '완주 환급' };
    expect(await stack.programs.app.payments.refund(joinId, 'REWARD', reward)).toEqual({
      status: 'PENDING',
      refundKrw: 100_000,
    });
    await consoleCancel(paymentId, 30_000);
    for (let i = 0; i < 2; i++) await repairJob();
    expect(
      await knex()('refund')
        .where({ join_id: joinId })
        .orderBy('refund_id')
        .select('refund_case', 'amount_krw', 'status'),
    ).toEqual([
      { refund_case: 'REWARD', amount_krw: 100_000, status: 'SUCCEEDED' },
      { refund_case: 'PG_DIRECT', amount_krw: 30_000, status: 'SUCCEEDED' },
    ]);
    expect(pgPayment(paymentId)!.cancellations.map((c) => c.totalAmount)).toEqual([100_000, 30_000]);
    expect((await knex()('payment').where({ payment_id: paymentId }).first()).cancelled_krw).toBe(130_000);
  });
});

let purchaser: ReturnType<typeof memberClient>;
/** A member buys the planner course (charged at once); its payment id. */
async function purchase() {
  purchaser = memberClient(stack, newMember());
  const paid = await purchaser.applyAndPay(COURSE, 'COURSE');
  expect(paid.result).toBe('PAID');
  const joinId = paid.application.joinId as number;
  return {
    joinId,
    paymentId: (await knex()('payment').where({ join_id: joinId, status: 'PAID' }).first()).payment_id as string,
  };
}

/** An operator gives money back in the PG's console; its webhook is not taken in (no webhook URL). */
async function consoleCancel(paymentId: string, amount: number) {
  const answer = await fetch(`${stack.pg.url}/payments/${paymentId}/cancel`, {
    method: 'POST',
    headers: { authorization: `PortOne ${stack.config.pg.apiSecret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount, reason: '상담 후 일부 환불' }),
  });
  expect(answer.status).toBe(200);
}

/**
 * The auto-cancel took every reservation without a team seat the day after the announcement date, published or
 * not (src/repositories/reservation-repository.ts, unteamedReservations): operators publishing late cancelled the
 * whole cohort, members who were never told they had no team.
 */
describe('reservations are auto-cancelled only once the teams are published', () => {
  it('a late publication cancels nobody before it, and the waitlist from the day after it', async () => {
    const oddId = await newCohort();
    const placed = await reserve(oddId);
    const waiting = await reserve(oddId);
    // The day after the announcement date; the operators have not published the teams yet.
    await autoCancel(new Date('2026-12-17T00:10:00+09:00'));
    expect([await stateOf(placed.joinId), await stateOf(waiting.joinId)]).toEqual(['RESERVED', 'RESERVED']);
    // Published four days late: the waitlisted member is told today and keeps the reservation until the next day.
    await publish(oddId, [placed.joinId], [waiting.joinId], new Date('2026-12-20T15:00:00+09:00'));
    await autoCancel(new Date('2026-12-20T23:00:00+09:00'));
    expect([await stateOf(placed.joinId), await stateOf(waiting.joinId)]).toEqual(['ASSIGNED', 'WAITLISTED']);
    await autoCancel(new Date('2026-12-21T00:10:00+09:00'));
    expect([await stateOf(placed.joinId), await stateOf(waiting.joinId)]).toEqual(['ASSIGNED', 'AUTO_CANCELLED']);
  });
});

/**
 * A removal takes the member off the team in the transaction that applies the refund case; the PG refusing that
 * refund for good voided the case, and the same removal again answered 404 (not on the team): the member was
 * owed a refund no path could apply any more (src/operators/team-changes.ts, removeMember). A refusal now voids
 * nothing: the refund stays owed and the repair job pays it.
 */
describe('a removal whose refund the PG refused is still paid', () => {
  it('the refund stays owed, the repair job pays it once when due, and the same removal again answers 404', async () => {
    const oddId = await newCohort();
    const removed = await reserve(oddId);
    const mate = await reserve(oddId);
    await publish(oddId, [removed.joinId, mate.joinId], []);
    expect(await stateOf(removed.joinId)).toBe('ASSIGNED');
    const preview = await admin('POST', `/api/admin/applications/${removed.joinId}/removal/preview`, {
      reason: 'SUPPORT',
    });
    const expectedRefundKrw = preview.json().refundKrw as number;
    expect(expectedRefundKrw).toBeGreaterThan(0);

    stack.pg.faults.refuseCancels = 1;
    const refused = await admin('POST', `/api/admin/applications/${removed.joinId}/removal`, {
      reason: 'SUPPORT',
      expectedRefundKrw,
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await knex()('team_member').where({ join_id: removed.joinId }).first()).toBeUndefined();
    expect(await knex()('refund').where({ join_id: removed.joinId }).first()).toMatchObject({
      status: 'REQUESTED',
      attempts: 1,
    });
    // The same removal again: the member is off the team and the case applied (owed), so nothing to do.
    expect(
      (
        await admin('POST', `/api/admin/applications/${removed.joinId}/removal`, {
          reason: 'SUPPORT',
          expectedRefundKrw,
        })
      ).statusCode,
    ).toBe(404);
    // The repair job, once the next attempt is due, pays it: once.
    stack.setNow(new Date(ANNOUNCE.getTime() + 24 * 3_600_000));
    await repairJob();
    await repairJob();
    const paymentId = `sq-${removed.joinId}-charge`;
    expect(pgPayment(paymentId)!.amount.cancelled).toBe(expectedRefundKrw);
    expect(await stateOf(removed.joinId)).toBe(expectedRefundKrw === 300_000 ? 'REFUNDED' : 'PARTIALLY_REFUNDED');
    expect(
      (
        await admin('POST', `/api/admin/applications/${removed.joinId}/removal`, {
          reason: 'LEFT',
          expectedRefundKrw: 0,
        })
      ).statusCode,
    ).toBe(404);
    expect(pgPayment(paymentId)!.cancellations).toHaveLength(1);
  });
});

/**
 * A purchase whose card the card company declines at the charge (PAYMENT_FAILED) kept its billing key ISSUED at the
 * PG: nothing ever charges it again (a retry opens a new card page, whose key replaces it), and a member who does not
 * retry keeps an issued key for good (src/payments/reservations.ts, keyReleasable).
 */
describe('a key declined at a charge at purchase goes back to the PG', () => {
  it('is released at once; the member retries with another card on a new card page and pays', async () => {
    const member = memberClient(stack, newMember());
    const failed = await member.applyAndPay(COURSE, 'COURSE', TEST_CARDS.insufficientFunds);
    expect(failed.result).toBe('PAYMENT_FAILED');
    const joinId = failed.application.joinId as number;
    const declinedKey = (await knex()('application').where({ join_id: joinId }).first()).billing_key as string;
    await jobs().drain('reservation-release');
    expect(stack.pg.state().billingKeys.find((k) => k.billingKey === declinedKey)!.status).toBe('DELETED');
    // The member tries again (the wizard's book step: a new card page) with another card.
    const retried = await member.applyAndPay(COURSE, 'COURSE');
    expect(retried.result).toBe('PAID');
    expect(await stateOf(joinId)).toBe('PAID');
    expect(pgPayment(`sq-${joinId}-charge`)).toMatchObject({ status: 'PAID' });
  });

  it("is released by the repair job's sweep when the release job was lost", async () => {
    const member = memberClient(stack, newMember());
    const failed = await member.applyAndPay(COURSE, 'COURSE', TEST_CARDS.insufficientFunds);
    const joinId = failed.application.joinId as number;
    const declinedKey = (await knex()('application').where({ join_id: joinId }).first()).billing_key as string;
    // The sweep alone (the queued release job not run).
    await stack.programs.app.payments.repair(0);
    expect(stack.pg.state().billingKeys.find((k) => k.billingKey === declinedKey)!.status).toBe('DELETED');
    expect((await knex()('application').where({ join_id: joinId }).first()).billing_key_released_at).not.toBeNull();
  });
});

/**
 * A pending charge closed without asking the PG (the application could no longer be charged) was only ever read
 * again by the PG's webhook: a request sent before the close that reached the PG late was charged, and with the
 * webhook lost the money stayed taken, unrecorded and unrefunded (src/payments/maintenance.ts, repairPayments).
 */
describe('the repair job reads a charge it closed again from the PG', () => {
  it('a charge the PG took late under a closed payment id is recorded and refunded without any webhook', async () => {
    const oddId = await newCohort();
    const { joinId } = await reserve(oddId);
    stack.pg.faults.loseChargeRequests = 1;
    stack.pg.faults.dropPaymentReads = 1;
    expect(await stack.programs.app.payments.charge(joinId)).toMatchObject({ status: 'PENDING' });
    // The application ends meanwhile (a path that does not wait for the charge, e.g. an older instance).
    await knex().transaction((trx) =>
      transition(trx, { joinId, to: 'AUTO_CANCELLED', actor: 'SYSTEM', reason: MESSAGES.autoCancelReason }),
    );
    expect(await stack.programs.app.payments.repairCharge(`sq-${joinId}-charge`)).toBe('CLOSED');
    // Another instance's request under the same payment id, sent before the close, reaches the PG late.
    const row = await knex()('payment').where({ join_id: joinId }).first();
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
    // No webhook (none configured): the repair job alone, within its window after the close.
    await stack.programs.app.jobs.send('payment-repair', {});
    await jobs().drain('payment-repair', 'charge-reversal');
    // Recorded as the PG has it and refunded whole by the charge-reversal job; the application stays cancelled.
    expect(await knex()('refund').where({ join_id: joinId }).select('refund_case', 'amount_krw', 'status')).toEqual([
      { refund_case: 'CHARGE_REVERSAL', amount_krw: row.amount_krw, status: 'SUCCEEDED' },
    ]);
    expect(await knex()('payment').where({ join_id: joinId }).first()).toMatchObject({
      status: 'CANCELLED',
      cancelled_krw: row.amount_krw,
      paid_at: expect.any(Date),
    });
    expect(pgPayment(row.payment_id)).toMatchObject({ status: 'CANCELLED', amount: { cancelled: row.amount_krw } });
    expect(await stateOf(joinId)).toBe('AUTO_CANCELLED');
  });
});
