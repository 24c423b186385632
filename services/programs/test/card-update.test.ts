import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import type { Identity } from '@sq/contracts';
import type { ApplicationDetail, BookResponse, CardUpdateResponse } from '@sq/contracts/api/applications';
import { TEST_CARDS, TODAY, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { publishTeams } from './support/publish-teams';

/**
 * A team charge declined at publish is fixed by the member with another card until the deadline
 * (my page, although the cohort no longer recruits), and the cohort's waitlist is kept until every deadline is
 * resolved. Real PostgreSQL, the sandbox PG in-process, jobs drained; the account and itskill services are
 * not running (names and levels stay null on the board).
 */
let stack: ApplyStack;
const ADMIN: Identity = { userId: 900_101, role: 'ROLE_ADMIN', sid: 'sid-admin-card' };
const SPRINT = 212;
const ANNOUNCE = new Date('2026-12-10T10:00:00+09:00');

beforeAll(async () => {
  process.env.ACCOUNT_SERVICE_URL = 'http://127.0.0.1:1';
  process.env.ITSKILL_SERVICE_URL = 'http://127.0.0.1:1';
  stack = await startApplyStack();
});
afterEach(() => {
  stack.setNow(TODAY);
});
afterAll(async () => {
  await stack?.close();
});

const knex = () => stack.programs.app.knex;
const jobs = () => stack.programs.app.jobs;
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  stack.programs.app.inject({ method, url, headers: stack.programs.as(ADMIN), ...(payload ? { payload } : {}) });
const stateOf = async (joinId: number) => (await knex()('application').where({ join_id: joinId }).first()).status;
const pgKey = (billingKey: string) => stack.pg.state().billingKeys.find((k) => k.billingKey === billingKey)!;
const pgPayments = (joinId: number) => stack.pg.state().payments.filter((p) => p.id.startsWith(`sq-${joinId}-`));
const autoCancel = async (at: Date) => {
  stack.setNow(at);
  await jobs().send('reservation-auto-cancel', {});
  await jobs().drain('reservation-auto-cancel');
};

async function sprinter(card: string = TEST_CARDS.ok) {
  const member = memberClient(stack, newMember());
  const reserved = await member.applyAndPay(SPRINT, 'SPRINT', card);
  expect(reserved.result).toBe('RESERVED');
  const joinId = reserved.application.joinId;
  const key = (await knex()('application').where({ join_id: joinId }).first()).billing_key as string;
  return { member, joinId, key };
}

describe('a declined team charge, fixed by the member until the deadline', () => {
  it('takes a new card from my page, charges it at the deadline run, refuses one after the deadline, keeps the waitlist until then', async () => {
    const fixer = await sprinter(TEST_CARDS.insufficientFunds);
    const late = await sprinter(TEST_CARDS.insufficientFunds);
    const others = [await sprinter(), await sprinter()];
    const waiting = await sprinter();

    // Announcement day: the cohort no longer recruits; the board is run, one member waits, the teams are published.
    stack.setNow(ANNOUNCE);
    expect((await fixer.member.inject('GET', `/api/apply/${SPRINT}/dupcheck`)).json().open).toBe(false);
    expect((await admin('POST', `/api/admin/cohorts/${SPRINT}/board/run`, { seed: 3 })).statusCode).toBe(200);
    expect(
      (await admin('POST', `/api/admin/cohorts/${SPRINT}/board/move`, { joinId: waiting.joinId, toTeam: null }))
        .statusCode,
    ).toBe(200);
    expect((await admin('POST', `/api/admin/cohorts/${SPRINT}/board/publish`)).statusCode).toBe(200);
    await jobs().drain('team-charge');
    for (const m of others) expect(await stateOf(m.joinId)).toBe('ASSIGNED');
    expect(await stateOf(waiting.joinId)).toBe('WAITLISTED');
    expect(await stateOf(fixer.joinId)).toBe('PAYMENT_FAILED');
    expect(await stateOf(late.joinId)).toBe('PAYMENT_FAILED');
    const deadlineAt = new Date(ANNOUNCE.getTime() + 48 * 3_600_000).toISOString();

    // Charged members' keys go back to the PG: nothing charges them again.
    await jobs().drain('reservation-release');
    for (const m of others) expect(pgKey(m.key).status).toBe('DELETED');

    // My page says the card may be changed, and until when.
    const before = await fixer.member.detailOf(fixer.joinId);
    expect(before.cardUpdate).toEqual({ open: true, deadlineAt });
    expect((await others[0]!.member.detailOf(others[0]!.joinId)).cardUpdate).toEqual({ open: false, deadlineAt: null });
    // Only a declined team charge opens the card page here.
    const notOpen = await others[0]!.member.inject('POST', `/api/applications/${others[0]!.joinId}/card`);
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json().message).toBe(MESSAGES.cardUpdateNotOpen);
    // Another member cannot open it for them.
    expect((await others[0]!.member.inject('POST', `/api/applications/${fixer.joinId}/card`)).statusCode).toBe(404);

    // The member registers another card; the return goes through the confirm path and back to my page.
    const opened = await fixer.member.inject('POST', `/api/applications/${fixer.joinId}/card`);
    expect(opened.statusCode).toBe(200);
    const update = opened.json<CardUpdateResponse>();
    expect(update.payment.redirectUrl).toBe(`${stack.config.siteUrl}/potenday/cb/${SPRINT}`);
    const query = await fixer.member.payOnCardPage(update as unknown as BookResponse, TEST_CARDS.ok);
    const confirmed = await fixer.member.confirm(SPRINT, query);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ result: 'RESERVED', next: `/mypage/history/${fixer.joinId}` });
    // The return page reloaded: the same answer.
    const again = await fixer.member.confirm(SPRINT, query);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ result: 'RESERVED', next: `/mypage/history/${fixer.joinId}` });
    await jobs().drain('reservation-release');
    expect(pgKey(fixer.key).status).toBe('DELETED');
    expect(pgKey(query.billingKey!).status).toBe('ISSUED');
    const reserved: ApplicationDetail = await fixer.member.detailOf(fixer.joinId);
    expect(reserved).toMatchObject({ state: 'RESERVED', cardUpdate: { open: false } });
    expect(reserved.payment.card).toBe('424242******4242');

    // The other declined member opens the page now and finishes it only after the deadline.
    const lateUpdate = (
      await late.member.inject('POST', `/api/applications/${late.joinId}/card`)
    ).json<CardUpdateResponse>();

    // The day after the announcement: the waitlist stays while a deadline is open.
    await autoCancel(new Date('2026-12-11T00:10:00+09:00'));
    expect(await stateOf(waiting.joinId)).toBe('WAITLISTED');
    // The deadline run charges the new card; the charged key goes back to the PG.
    const run = (await admin('POST', '/api/admin/payment-deadlines/run')).json();
    expect(run.recharged).toEqual([fixer.joinId]);
    await jobs().drain('team-charge');
    expect(await stateOf(fixer.joinId)).toBe('ASSIGNED');
    // One payment id per application: the declined attempt is attempted again at the PG, with the new card.
    expect(pgPayments(fixer.joinId)).toEqual([
      expect.objectContaining({ billingKey: query.billingKey, status: 'PAID' }),
    ]);
    await jobs().drain('reservation-release');
    expect(pgKey(query.billingKey!).status).toBe('DELETED');
    expect(
      (await knex()('application').where({ join_id: fixer.joinId }).first()).billing_key_released_at,
    ).not.toBeNull();
    // One deadline resolved, one still open: the waitlist stays.
    await autoCancel(new Date('2026-12-11T12:00:00+09:00'));
    expect(await stateOf(waiting.joinId)).toBe('WAITLISTED');

    // After the deadline: refused in Korean, and the key issued too late is released.
    stack.setNow(new Date(new Date(deadlineAt).getTime() + 3_600_000));
    const closed = await late.member.inject('POST', `/api/applications/${late.joinId}/card`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(MESSAGES.cardUpdateClosed);
    expect((await late.member.detailOf(late.joinId)).cardUpdate).toEqual({ open: false, deadlineAt });
    const lateQuery = await late.member.payOnCardPage(lateUpdate as unknown as BookResponse, TEST_CARDS.ok);
    const refused = await late.member.confirm(SPRINT, lateQuery);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.cardUpdateClosed);
    expect(await stateOf(late.joinId)).toBe('PAYMENT_FAILED');
    await jobs().drain('reservation-release');
    expect(pgKey(lateQuery.billingKey!).status).toBe('DELETED');

    // The deadline run frees the seat to the waitlisted member, who was kept for it, and charges them.
    const expired = (await admin('POST', '/api/admin/payment-deadlines/run')).json();
    expect(expired.backfilled).toEqual([{ from: late.joinId, to: waiting.joinId }]);
    await jobs().drain('team-charge', 'reservation-release');
    expect(await stateOf(waiting.joinId)).toBe('ASSIGNED');
    expect(await stateOf(late.joinId)).toBe('CANCELLED');
    expect(pgKey(late.key).status).toBe('DELETED');
    expect(pgKey(waiting.key).status).toBe('DELETED');
  });
});

describe('auto-cancel of reservations without a team', () => {
  it('waits for a charge in flight instead of cancelling it', async () => {
    const member = memberClient(stack, newMember());
    const reserved = await member.applyAndPay(112, 'TEAM_PROJECT');
    const joinId = reserved.application.joinId;
    // Published on the announcement day with the member on the waitlist: the auto-cancel's to take the day after.
    stack.setNow(new Date('2026-12-16T18:00:00+09:00'));
    await publishTeams(stack, 112);
    expect(await stateOf(joinId)).toBe('WAITLISTED');
    // A charge's step 1 committed (the pending payment written) and the process died before asking the PG.
    const row = await knex()('application').where({ join_id: joinId }).first();
    await knex()('payment').insert({
      payment_id: `sq-${joinId}-charge`,
      join_id: joinId,
      billing_key: row.billing_key,
      amount_krw: row.fee_krw,
    });

    await autoCancel(new Date('2026-12-17T00:10:00+09:00'));
    expect(await stateOf(joinId)).toBe('WAITLISTED');
    // The repair job asks the PG under the same payment id: the charge stands.
    await stack.programs.app.payments.repair(0);
    expect(await stateOf(joinId)).toBe('ASSIGNED');
  });
});
