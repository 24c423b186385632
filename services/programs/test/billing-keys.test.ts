import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import type { BookResponse } from '@sq/contracts/api/applications';
import { TEST_CARDS, TODAY, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { memberCustomerId } from '../src/core/deps';
import { takeInIssuedKey } from '../src/payments/reservations';

/**
 * Billing keys live only as long as something can charge them, and the ids the hosted card page
 * takes from the browser cannot be guessed. Real PostgreSQL, the sandbox PG in-process; the keys' status is
 * read from the sandbox's own state (what the PG holds), jobs are drained as the workers would run them.
 */
let stack: ApplyStack;
beforeAll(async () => {
  stack = await startApplyStack();
});
afterAll(async () => {
  await stack?.close();
});
afterEach(() => {
  stack.setNow(TODAY);
});

const BSIDE = 112;
const PLANX = 304;
const knex = () => stack.programs.app.knex;
const drain = (...names: Parameters<ApplyStack['programs']['app']['jobs']['drain']>) =>
  stack.programs.app.jobs.drain(...names);
const pgKey = (billingKey: string) => stack.pg.state().billingKeys.find((k) => k.billingKey === billingKey);
const application = async (joinId: number) => knex()('application').where({ join_id: joinId }).first();

describe('keys are released once nothing can charge them', () => {
  it('a purchase charged at once gives its key back to the PG; the confirm answers the same afterwards', async () => {
    const member = memberClient(stack, newMember());
    await member.fillAnswers(PLANX, 'COURSE');
    const book = (await member.book(PLANX)).json<BookResponse>();
    const query = await member.payOnCardPage(book);
    const paid = await member.confirm(PLANX, query);
    expect(paid.json()).toMatchObject({ result: 'PAID' });
    const joinId = book.application.joinId;

    await drain('reservation-release');
    expect(pgKey(query.billingKey!)!.status).toBe('DELETED');
    expect((await application(joinId)).billing_key_released_at).not.toBeNull();
    // The member's return page reloads: the same answer, although the PG deleted the key.
    const again = await member.confirm(PLANX, query);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ result: 'PAID', next: paid.json().next });
  });

  it('a card page opened twice: the first page’s key is refused and released, the second one reserves', async () => {
    const member = memberClient(stack, newMember());
    await member.fillAnswers(BSIDE, 'TEAM_PROJECT');
    const first = (await member.book(BSIDE)).json<BookResponse>();
    const second = (await member.book(BSIDE)).json<BookResponse>();
    expect(second.payment.issueId).not.toBe(first.payment.issueId);
    // The member finishes the older tab first.
    const stale = await member.payOnCardPage(first);
    const refused = await member.confirm(BSIDE, stale);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.paymentIssueMismatch);
    await drain('reservation-release');
    expect(pgKey(stale.billingKey!)!.status).toBe('DELETED');

    const current = await member.payOnCardPage(second);
    expect((await member.confirm(BSIDE, current)).json().result).toBe('RESERVED');
    await drain('reservation-release');
    expect(pgKey(current.billingKey!)!.status).toBe('ISSUED');
    const row = await application(second.application.joinId);
    expect(row).toMatchObject({ status: 'RESERVED', billing_key: current.billingKey, billing_key_released_at: null });
  });

  it('a card page finished after the member cancelled: its key is refused and released; another member cannot touch it', async () => {
    const member = memberClient(stack, newMember());
    await member.fillAnswers(BSIDE, 'TEAM_PROJECT');
    const book = (await member.book(BSIDE)).json<BookResponse>();
    expect((await member.cancel(book.application.joinId)).statusCode).toBe(200);
    const query = await member.payOnCardPage(book);

    const stranger = await memberClient(stack, newMember()).confirm(BSIDE, query);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(MESSAGES.applyNotFound);
    expect(pgKey(query.billingKey!)!.status).toBe('ISSUED');

    const late = await member.confirm(BSIDE, query);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MESSAGES.paymentNotStarted);
    await drain('reservation-release');
    expect(pgKey(query.billingKey!)!.status).toBe('DELETED');
    expect(await application(book.application.joinId)).toMatchObject({ status: 'CANCELLED', billing_key: null });
  });

  it('a superseded page’s key that only the PG webhook reports is released too', async () => {
    const member = memberClient(stack, newMember());
    await member.fillAnswers(BSIDE, 'TEAM_PROJECT');
    const first = (await member.book(BSIDE)).json<BookResponse>();
    await member.book(BSIDE);
    const stale = await member.payOnCardPage(first);
    const key = await stack.programs.app.payments.pg.getBillingKey(stale.billingKey!);
    expect(await takeInIssuedKey(stack.programs.app.payments.deps, key)).toBe('STALE_ATTEMPT');
    await drain('reservation-release');
    expect(pgKey(stale.billingKey!)!.status).toBe('DELETED');
    expect((await application(first.application.joinId)).status).toBe('SUBMITTED');
  });

  it('a card refused at charge and replaced: the old key is released, the new one kept until it is charged', async () => {
    const member = memberClient(stack, newMember());
    const failed = await member.applyAndPay(PLANX, 'COURSE', TEST_CARDS.insufficientFunds);
    expect(failed.result).toBe('PAYMENT_FAILED');
    const joinId = failed.application.joinId;
    const oldKey = (await application(joinId)).billing_key as string;
    expect(pgKey(oldKey)!.status).toBe('ISSUED');

    const retry = (await member.book(PLANX)).json<BookResponse>();
    await drain('reservation-release');
    expect(pgKey(oldKey)!.status).toBe('DELETED');
    const query = await member.payOnCardPage(retry);
    expect((await member.confirm(PLANX, query)).json().result).toBe('PAID');
    await drain('reservation-release');
    expect(pgKey(query.billingKey!)!.status).toBe('DELETED');
    const row = await application(joinId);
    expect(row.billing_key).toBe(query.billingKey);
    expect(row.billing_key_released_at).not.toBeNull();
  });

  it('a withdrawn member’s keys are released by the erasure (even one still on a declined application)', async () => {
    // A team charge declined (the key stays while the card-update deadline runs: operators may retry it).
    const member = memberClient(stack, newMember());
    const failed = await member.applyAndPay(BSIDE, 'TEAM_PROJECT', TEST_CARDS.insufficientFunds);
    expect(await stack.programs.app.payments.charge(failed.application.joinId)).toMatchObject({ status: 'FAILED' });
    const key = (await application(failed.application.joinId)).billing_key as string;
    await drain('reservation-release');
    expect(pgKey(key)!.status).toBe('ISSUED');

    const erased = await stack.programs.app.inject({
      method: 'POST',
      url: `/internal/users/${member.identity.userId}/erase-personal-data`,
      headers: stack.programs.internalHeaders,
    });
    expect(erased.statusCode).toBe(200);
    await drain('reservation-release');
    expect(pgKey(key)!.status).toBe('DELETED');
    expect((await application(failed.application.joinId)).billing_key_released_at).not.toBeNull();
  });
});

describe('the ids the card page takes from the browser cannot be guessed', () => {
  it('issue ids carry 128 random bits and the customer id is not the member number; both are checked', async () => {
    const member = memberClient(stack, newMember());
    await member.fillAnswers(BSIDE, 'TEAM_PROJECT');
    const book = (await member.book(BSIDE)).json<BookResponse>();
    const joinId = book.application.joinId;
    expect(book.payment.issueId).toMatch(new RegExp(`^sq-${joinId}-issue-1-[0-9a-f]{32}$`));
    const page = new URL(book.payment.paymentPageUrl);
    const customerId = page.searchParams.get('customerId')!;
    expect(customerId).not.toContain(String(member.identity.userId));
    expect(customerId).toBe(memberCustomerId(stack.config.pg.customerIdSecret, member.identity.userId));

    // Someone opens the card page with the application's issue id and the old, guessable customer id.
    const forged = new URL(page);
    forged.searchParams.set('customerId', `sq-member-${member.identity.userId}`);
    const forgedQuery = await member.payOnCardPage({
      ...book,
      payment: { ...book.payment, paymentPageUrl: forged.toString() },
    });
    const refused = await member.confirm(BSIDE, forgedQuery);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.paymentIssueMismatch);
    expect((await application(joinId)).status).toBe('SUBMITTED');
  });

  it('an application booked with the ids of the previous version (before the HMAC customer id) still takes its key', async () => {
    const member = memberClient(stack, newMember());
    await member.fillAnswers(BSIDE, 'TEAM_PROJECT');
    const book = (await member.book(BSIDE)).json<BookResponse>();
    const joinId = book.application.joinId;
    // The row as the earlier release wrote it: `sq-{joinId}-issue-1`, no customer id of its own.
    const legacyIssue = `sq-${joinId}-issue-1`;
    await knex()('application').where({ join_id: joinId }).update({ issue_id: legacyIssue, pg_customer_id: null });
    await knex()('card_page_attempt').where({ join_id: joinId }).delete();
    const page = new URL(book.payment.paymentPageUrl);
    page.searchParams.set('issueId', legacyIssue);
    page.searchParams.set('customerId', `sq-member-${member.identity.userId}`);
    const query = await member.payOnCardPage({
      ...book,
      payment: { ...book.payment, paymentPageUrl: page.toString() },
    });
    const confirmed = await member.confirm(BSIDE, query);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().result).toBe('RESERVED');
  });
});

describe('a repeated payment/confirm answers the first outcome', () => {
  it('RESERVED, again and again', async () => {
    const reserved = memberClient(stack, newMember());
    await reserved.fillAnswers(BSIDE, 'TEAM_PROJECT');
    const book = (await reserved.book(BSIDE)).json<BookResponse>();
    const query = await reserved.payOnCardPage(book);
    const first = await reserved.confirm(BSIDE, query);
    for (let i = 0; i < 3; i++) {
      const again = await reserved.confirm(BSIDE, query);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ result: 'RESERVED', next: first.json().next });
    }
  });
});

describe('a repeated payment/confirm while the PG is down', () => {
  // Last in this file: it stops the sandbox PG, as an outage would.
  it('from our record, also while the PG cannot be reached (it answered 503)', async () => {
    const reserved = memberClient(stack, newMember());
    await reserved.fillAnswers(BSIDE, 'TEAM_PROJECT');
    const reservedBook = (await reserved.book(BSIDE)).json<BookResponse>();
    const reservedQuery = await reserved.payOnCardPage(reservedBook);
    const firstReserved = (await reserved.confirm(BSIDE, reservedQuery)).json();
    const paid = memberClient(stack, newMember());
    await paid.fillAnswers(PLANX, 'COURSE');
    const paidBook = (await paid.book(PLANX)).json<BookResponse>();
    const paidQuery = await paid.payOnCardPage(paidBook);
    const firstPaid = (await paid.confirm(PLANX, paidQuery)).json();
    const pending = memberClient(stack, newMember());
    await pending.fillAnswers(BSIDE, 'TEAM_PROJECT');
    const pendingQuery = await pending.payOnCardPage((await pending.book(BSIDE)).json<BookResponse>());

    await stack.pg.close();
    const again = [await reserved.confirm(BSIDE, reservedQuery), await paid.confirm(PLANX, paidQuery)];
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(again[0]!.json()).toMatchObject({ result: 'RESERVED', next: firstReserved.next });
    expect(again[1]!.json()).toMatchObject({ result: 'PAID', next: firstPaid.next });
    // A key not taken in yet needs the PG: that one still waits for it.
    const unknown = await pending.confirm(BSIDE, pendingQuery);
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json().message).toBe(MESSAGES.paymentUnavailable);
  });
});
