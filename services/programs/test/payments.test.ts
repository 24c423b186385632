import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import type { BookResponse } from '@sq/contracts/api/applications';
import { signWebhook } from '@sq/stack/peers/sandbox-pg';
import { TODAY, customerIdFor, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { publishTeams } from './support/publish-teams';

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
  Object.assign(stack.pg.faults, { dropChargeAnswers: 0, dropPaymentReads: 0 });
  stack.pg.setWebhookUrl(null);
  stack.setNow(TODAY);
});

const BSIDE = 112;
const PLANX = 304;
const knex = () => stack.programs.app.knex;
const drain = (...names: Parameters<ApplyStack['programs']['app']['jobs']['drain']>) =>
  stack.programs.app.jobs.drain(...names);
const pgPayments = (joinId: number) => stack.pg.state().payments.filter((p) => p.id.startsWith(`sq-${joinId}-`));
const historyOf = async (joinId: number) =>
  (await knex()('application_history').where({ join_id: joinId }).orderBy('history_id')).map((h) => h.to_status);
const stateOf = async (joinId: number) => (await knex()('application').where({ join_id: joinId }).first()).status;
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await knex()(table).where(where).count({ n: '*' }))[0]!.n);

/** A webhook as the PG signs it (the sandbox's own signer), posted to the service. */
async function postWebhook(
  body: object,
  options: { id?: string; secret?: string; timestamp?: number; signature?: string } = {},
) {
  const raw = JSON.stringify(body);
  const id = options.id ?? `wh_${Math.random().toString(36).slice(2)}`;
  const timestamp = options.timestamp ?? Math.floor(stack.now().getTime() / 1000);
  const signature =
    options.signature ?? signWebhook(options.secret ?? stack.config.pg.webhookSecret, id, timestamp, raw);
  return stack.programs.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    },
    payload: raw,
  });
}

/** Answers filled and the card page submitted, but the browser never comes back (no confirm). */
async function cardIssuedWithoutReturn(oddId: number, kind: 'COURSE' | 'TEAM_PROJECT') {
  const member = memberClient(stack, newMember());
  await member.fillAnswers(oddId, kind);
  const book = (await member.book(oddId)).json<BookResponse>();
  const query = await member.payOnCardPage(book);
  return { member, book, query, joinId: book.application.joinId };
}

describe('webhooks from the PG', () => {
  it('takes in a billing key the browser never brought back, once, however often the PG delivers it', async () => {
    stack.pg.setWebhookUrl(webhookUrl);
    const { joinId, query } = await cardIssuedWithoutReturn(PLANX, 'COURSE');
    await stack.pg.webhooksSettled();
    const issued = stack.pg
      .state()
      .webhooks.find((w) => w.body.type === 'BillingKey.Issued' && w.body.data.billingKey === query.billingKey)!;
    expect(issued.attempts.at(-1)?.status).toBe(200);
    // The PG delivers the same webhook twice more.
    for (let i = 0; i < 2; i++)
      expect(
        (await fetch(`${stack.pg.url}/api/webhooks/${issued.webhookId}/redeliver`, { method: 'POST' })).status,
      ).toBe(202);
    await stack.pg.webhooksSettled();
    expect(await count('processed_webhook', { webhook_id: issued.webhookId })).toBe(1);

    await drain('payment-webhook');
    expect(await stateOf(joinId)).toBe('PAID');
    expect(pgPayments(joinId)).toHaveLength(1);
    // The charge's own Transaction.Paid webhook arrives too; nothing changes again.
    await stack.pg.webhooksSettled();
    await drain('payment-webhook');
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'PAID']);
    expect(await count('payment_event', { join_id: joinId, type: 'CHARGED' })).toBe(1);
  });

  it('settles a charge whose answer was lost from the PG webhook, once for three deliveries', async () => {
    stack.pg.setWebhookUrl(webhookUrl);
    const member = memberClient(stack, newMember());
    await member.fillAnswers(PLANX, 'COURSE');
    const book = (await member.book(PLANX)).json<BookResponse>();
    const query = await member.payOnCardPage(book);
    // The PG charges, then the connection breaks before its answer arrives (a crash between its charge and our write).
    stack.pg.faults.dropChargeAnswers = 1;
    // ... and the PG cannot be read right after either, so the charger leaves the charge PENDING.
    stack.pg.faults.dropPaymentReads = 1;
    const confirm = await member.confirm(PLANX, query);
    expect(confirm.statusCode).toBe(503);
    expect(confirm.json().message).toBe(MESSAGES.paymentUnavailable);
    const joinId = book.application.joinId;
    expect(await knex()('payment').where({ join_id: joinId }).first()).toMatchObject({
      status: 'PENDING',
      payment_id: `sq-${joinId}-charge`,
    });
    await stack.pg.webhooksSettled();
    const paid = stack.pg
      .state()
      .webhooks.find((w) => w.body.type === 'Transaction.Paid' && w.body.data.paymentId === `sq-${joinId}-charge`)!;
    for (let i = 0; i < 2; i++)
      await fetch(`${stack.pg.url}/api/webhooks/${paid.webhookId}/redeliver`, { method: 'POST' });
    await stack.pg.webhooksSettled();
    await drain('payment-webhook');
    expect(await stateOf(joinId)).toBe('PAID');
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'PAID']);
    expect(pgPayments(joinId)).toHaveLength(1);
    // The member's page now answers PAID for the same return query.
    expect((await member.confirm(PLANX, query)).json().result).toBe('PAID');
  });

  it('refuses forged, replayed and unsigned webhooks and stores nothing', async () => {
    const before = await count('processed_webhook');
    const body = {
      type: 'Transaction.Paid',
      timestamp: TODAY.toISOString(),
      data: { storeId: 'store-test', paymentId: 'sq-1-charge' },
    };
    const forged = await postWebhook(body, { secret: 'whsec_' + Buffer.from('not the secret').toString('base64') });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ ErrorCode: '41', message: MESSAGES.webhookInvalid });
    const old = await postWebhook(body, { timestamp: Math.floor(TODAY.getTime() / 1000) - 301 });
    expect(old.statusCode).toBe(401);
    const future = await postWebhook(body, { timestamp: Math.floor(TODAY.getTime() / 1000) + 301 });
    expect(future.statusCode).toBe(401);
    const tampered = JSON.stringify(body);
    const id = 'wh_tampered';
    const ts = Math.floor(TODAY.getTime() / 1000);
    const signature = signWebhook(stack.config.pg.webhookSecret, id, ts, tampered);
    const changed = await stack.programs.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(ts),
        'webhook-signature': signature,
      },
      payload: tampered.replace('sq-1-charge', 'sq-2-charge'),
    });
    expect(changed.statusCode).toBe(401);
    const unsigned = await stack.programs.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    const otherStore = await postWebhook({ ...body, data: { ...body.data, storeId: 'store-other' } });
    expect(otherStore.statusCode).toBe(400);
    expect(await count('processed_webhook')).toBe(before);
    // A valid signature within the window is taken in.
    expect((await postWebhook(body)).json()).toEqual({ ErrorCode: '00', received: true });
    expect(await count('processed_webhook')).toBe(before + 1);
  });

  it('changes nothing when the PG record does not match our charge (amount)', async () => {
    const { joinId, query } = await cardIssuedWithoutReturn(PLANX, 'COURSE');
    // Our side wrote the pending charge (step 1) and the PG holds a charge under that id for another amount.
    await knex()('application').where({ join_id: joinId }).update({ billing_key: query.billingKey, fee_krw: 350_000 });
    await knex()('payment').insert({
      payment_id: `sq-${joinId}-charge`,
      join_id: joinId,
      billing_key: query.billingKey,
      amount_krw: 350_000,
      created_at: stack.now(),
    });
    const charged = await fetch(`${stack.pg.url}/payments/sq-${joinId}-charge/billing-key`, {
      method: 'POST',
      headers: { authorization: `PortOne ${stack.config.pg.apiSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        billingKey: query.billingKey,
        orderName: 'tampered',
        amount: { total: 1_000 },
        currency: 'KRW',
        customer: { id: `sq-member-0` },
      }),
    });
    expect(charged.status).toBe(200);
    const webhook = await postWebhook(
      {
        type: 'Transaction.Paid',
        timestamp: TODAY.toISOString(),
        data: { storeId: 'store-test', paymentId: `sq-${joinId}-charge` },
      },
      { id: `wh_mismatch_${joinId}` },
    );
    expect(webhook.statusCode).toBe(200);
    await drain('payment-webhook');
    expect(
      await knex()('processed_webhook')
        .where({ webhook_id: `wh_mismatch_${joinId}` })
        .first(),
    ).toMatchObject({ outcome: 'MISMATCH' });
    // The repair job reads the same record and leaves it too.
    await stack.programs.app.jobs.send('payment-repair', {});
    await drain('payment-repair');
    expect(await stateOf(joinId)).toBe('SUBMITTED');
    expect((await knex()('payment').where({ join_id: joinId }).first()).status).toBe('PENDING');
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED']);
  });
});

describe('a refund made at the PG directly (its console)', () => {
  it('is recorded from the PG webhook as the PG has it, once', async () => {
    stack.pg.setWebhookUrl(webhookUrl);
    const member = memberClient(stack, newMember());
    const paid = await member.applyAndPay(PLANX, 'COURSE');
    const joinId = paid.application.joinId;
    const cancelled = await fetch(`${stack.pg.url}/payments/sq-${joinId}-charge/cancel`, {
      method: 'POST',
      headers: { authorization: `PortOne ${stack.config.pg.apiSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100_000, reason: '상담 후 일부 환불' }),
    });
    expect(cancelled.status).toBe(200);
    await stack.pg.webhooksSettled();
    await drain('payment-webhook');
    await drain('payment-webhook');
    expect(await stateOf(joinId)).toBe('PARTIALLY_REFUNDED');
    expect(await knex()('payment').where({ join_id: joinId }).first()).toMatchObject({
      status: 'PARTIAL_CANCELLED',
      cancelled_krw: 100_000,
    });
    expect(await knex()('refund').where({ join_id: joinId })).toEqual([
      expect.objectContaining({ refund_case: 'PG_DIRECT', amount_krw: 100_000, status: 'SUCCEEDED', actor: 'PG' }),
    ]);
    expect((await member.detailOf(joinId)).payment).toMatchObject({ refundedKrw: 100_000 });
  });
});

describe('repair after a crash between the PG charge and our write', () => {
  it('settles the charge from the PG record by payment id (job)', async () => {
    const member = memberClient(stack, newMember());
    await member.fillAnswers(PLANX, 'COURSE');
    const book = (await member.book(PLANX)).json<BookResponse>();
    const query = await member.payOnCardPage(book);
    // The PG charges, then the connection breaks before its answer arrives (a crash between its charge and our write).
    stack.pg.faults.dropChargeAnswers = 1;
    // ... and the PG cannot be read right after either, so the charger leaves the charge PENDING.
    stack.pg.faults.dropPaymentReads = 1;
    expect((await member.confirm(PLANX, query)).statusCode).toBe(503);
    const joinId = book.application.joinId;
    expect(pgPayments(joinId).map((p) => p.status)).toEqual(['PAID']);
    expect(await stateOf(joinId)).toBe('SUBMITTED');
    // A member cannot cancel while the charge is unsettled.
    expect((await member.cancel(joinId)).json().message).toBe(MESSAGES.paymentInProgress);

    await stack.programs.app.jobs.send('payment-repair', {});
    await drain('payment-repair', 'application-mail');
    expect(await stateOf(joinId)).toBe('PAID');
    expect(await knex()('payment').where({ join_id: joinId }).first()).toMatchObject({
      status: 'PAID',
      amount_krw: 350_000,
    });
    expect(pgPayments(joinId)).toHaveLength(1);
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'PAID']);
  });

  it('asks the PG again, under the same payment id, when the crash came before the PG was asked', async () => {
    const { joinId, query } = await cardIssuedWithoutReturn(PLANX, 'COURSE');
    // Step 1 committed (key taken in, pending charge written), then the process died.
    await knex()('application')
      .where({ join_id: joinId })
      .update({ billing_key: query.billingKey, fee_krw: 350_000, charge_attempt: 1 });
    await knex()('payment').insert({
      payment_id: `sq-${joinId}-charge`,
      join_id: joinId,
      billing_key: query.billingKey,
      amount_krw: 350_000,
      created_at: stack.now(),
    });
    expect(pgPayments(joinId)).toHaveLength(0);
    await stack.programs.app.jobs.send('payment-repair', {});
    await drain('payment-repair');
    expect(pgPayments(joinId)).toEqual([expect.objectContaining({ id: `sq-${joinId}-charge`, status: 'PAID' })]);
    expect(await stateOf(joinId)).toBe('PAID');
  });
});

describe('charging a reservation when the team is published (payments.charge)', () => {
  it('charges once for repeated and concurrent calls', async () => {
    const member = memberClient(stack, newMember());
    const reserved = await member.applyAndPay(BSIDE, 'TEAM_PROJECT');
    const joinId = reserved.application.joinId;
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => stack.programs.app.payments.charge(joinId)));
    outcomes.push(await stack.programs.app.payments.charge(joinId));
    expect(new Set(outcomes.map((o) => `${o.status}:${o.paymentId}`))).toEqual(new Set([`PAID:sq-${joinId}-charge`]));
    expect(pgPayments(joinId)).toEqual([
      expect.objectContaining({ status: 'PAID', amount: { total: 300_000, paid: 300_000, cancelled: 0 } }),
    ]);
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'RESERVED', 'ASSIGNED']);
    expect(await count('payment_event', { join_id: joinId, type: 'CHARGED' })).toBe(1);
    const detail = await member.detailOf(joinId);
    expect(detail.payment).toMatchObject({ chargedKrw: 300_000, chargeOn: null });
    expect(detail.cancel).toMatchObject({ allowed: false, reason: MESSAGES.cancelDuringTeamBuilding });

    // The team stops before the start: the refund engine gives 80% back; the application leaves the program.
    const refund = await stack.programs.app.payments.refund(joinId, 'TEAM_STOP', { reason: '팀 중단' });
    expect(refund).toEqual({ status: 'REFUNDED', refundKrw: 240_000 });
    expect(await stateOf(joinId)).toBe('PARTIALLY_REFUNDED');
    expect(pgPayments(joinId)[0]!.amount).toEqual({ total: 300_000, paid: 300_000, cancelled: 240_000 });
  });
});

describe('one effect for 100 concurrent requests', () => {
  it('100 concurrent starts and confirms make one application and one reservation', async () => {
    const member = memberClient(stack, newMember());
    const starts = await Promise.all(Array.from({ length: 100 }, () => member.startDraft(BSIDE)));
    expect(starts.filter((s) => s.statusCode === 201)).toHaveLength(1);
    expect(starts.filter((s) => s.statusCode === 200)).toHaveLength(99);
    expect(await count('application', { user_id: member.identity.userId, odd_id: BSIDE })).toBe(1);
    await member.fillAnswers(BSIDE, 'TEAM_PROJECT');
    const book = (await member.book(BSIDE)).json<BookResponse>();
    const query = await member.payOnCardPage(book);
    const confirms = await Promise.all(Array.from({ length: 100 }, () => member.confirm(BSIDE, query)));
    expect(new Set(confirms.map((c) => `${c.statusCode}:${c.json().result}`))).toEqual(new Set(['200:RESERVED']));
    const joinId = book.application.joinId;
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'RESERVED']);
    expect(await count('payment_event', { join_id: joinId })).toBe(1);
    expect(
      stack.pg.state().billingKeys.filter((k) => k.customerId === customerIdFor(stack, member.identity.userId)),
    ).toHaveLength(1);

    const cancels = await Promise.all(Array.from({ length: 100 }, () => member.cancel(joinId)));
    expect(cancels.filter((c) => c.statusCode === 200)).toHaveLength(1);
    expect(new Set(cancels.filter((c) => c.statusCode !== 200).map((c) => c.statusCode))).toEqual(new Set([409]));
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'RESERVED', 'CANCELLED']);
    await drain('reservation-release');
    expect(await count('payment_event', { join_id: joinId, type: 'RELEASED' })).toBe(1);
    expect(stack.pg.state().billingKeys.find((k) => k.billingKey === query.billingKey)!.status).toBe('DELETED');
  });

  it('100 concurrent confirms of a purchase charge once; 100 concurrent cancels refund once', async () => {
    const member = memberClient(stack, newMember());
    await member.fillAnswers(PLANX, 'COURSE');
    const book = (await member.book(PLANX)).json<BookResponse>();
    const query = await member.payOnCardPage(book);
    const joinId = book.application.joinId;
    const confirms = await Promise.all(Array.from({ length: 100 }, () => member.confirm(PLANX, query)));
    expect(new Set(confirms.map((c) => `${c.statusCode}:${c.json().result}`))).toEqual(new Set(['200:PAID']));
    expect(pgPayments(joinId)).toHaveLength(1);
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'PAID']);

    const cancels = await Promise.all(Array.from({ length: 100 }, () => member.cancel(joinId)));
    expect(cancels.filter((c) => c.statusCode === 200).map((c) => c.json().refundKrw)).toEqual([350_000]);
    expect(new Set(cancels.filter((c) => c.statusCode !== 200).map((c) => c.statusCode))).toEqual(new Set([409]));
    const [payment] = pgPayments(joinId);
    expect(payment!.cancellations).toHaveLength(1);
    expect(payment!.amount).toEqual({ total: 350_000, paid: 350_000, cancelled: 350_000 });
    expect(await count('refund', { join_id: joinId })).toBe(1);
    expect(await historyOf(joinId)).toEqual(['DRAFT', 'SUBMITTED', 'PAID', 'REFUNDED']);
  });
});

describe('auto-cancel of reservations without a team (job, injected clock)', () => {
  it('cancels reservations left after the announcement day and releases their keys; charged ones stay', async () => {
    const waiting = memberClient(stack, newMember());
    const teamed = memberClient(stack, newMember());
    const left = await waiting.applyAndPay(BSIDE, 'TEAM_PROJECT');
    const placed = await teamed.applyAndPay(BSIDE, 'TEAM_PROJECT');
    await stack.programs.app.payments.charge(placed.application.joinId);

    // On the announcement day the teams are published (the member left on the waitlist): nothing happens that day.
    stack.setNow(new Date('2026-12-16T23:00:00+09:00'));
    await publishTeams(stack, BSIDE);
    await stack.programs.app.jobs.send('reservation-auto-cancel', {});
    await drain('reservation-auto-cancel');
    expect(await stateOf(left.application.joinId)).toBe('WAITLISTED');

    stack.setNow(new Date('2026-12-17T00:10:00+09:00'));
    await stack.programs.app.jobs.send('reservation-auto-cancel', {});
    await drain('reservation-auto-cancel', 'reservation-release', 'application-mail');
    expect(await stateOf(left.application.joinId)).toBe('AUTO_CANCELLED');
    expect(await stateOf(placed.application.joinId)).toBe('ASSIGNED');
    const detail = await waiting.detailOf(left.application.joinId);
    expect(detail.history.at(-1)).toMatchObject({
      from: 'WAITLISTED',
      to: 'AUTO_CANCELLED',
      actor: 'SYSTEM',
      reason: MESSAGES.autoCancelReason,
    });
    expect(detail.payment.events.map((e) => e.type)).toEqual(['RESERVED', 'RELEASED']);
    expect(
      stack.pg.state().billingKeys.find((k) => k.customerId === customerIdFor(stack, waiting.identity.userId))!.status,
    ).toBe('DELETED');
    const mail = await stack.mail.waitFor(detail.answers.required!.contactEmail);
    expect(
      stack.mail
        .messages()
        .some((m) => m.to.includes(detail.answers.required!.contactEmail) && m.subject.includes('자동 취소')),
    ).toBe(true);
    expect(mail).toBeTruthy();
  });
});
