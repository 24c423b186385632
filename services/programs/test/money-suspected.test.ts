import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CARDS, TODAY, type ApplyStack } from './support/apply-stack';
import { openTeamProjectCohort } from './support/publish-teams';
import { ANNOUNCE, DEADLINE_HOURS, useTeamMoneyStack, type TeamMoney } from './support/team-money';

/**
 * Money paths doubted in a review, each checked against the real programs service and the sandbox PG: a defect found
 * is fixed and its test fails without the fix; one that is not a defect has a test that shows what holds.
 */
let stack: ApplyStack;
let money: TeamMoney;
const FEE = 300_000;

useTeamMoneyStack((started) => ({ stack, money } = started));
afterEach(() => {
  stack.setNow(TODAY);
});

const pgPayment = (paymentId: string) => stack.pg.state().payments.find((p) => p.id === paymentId)!;

describe('a charge reversal refunds the payment its job names', () => {
  it('an application with two charged payments (an older attempt id charged late): the stray one is refunded whole, the fee stays', async () => {
    const oddId = await openTeamProjectCohort(stack, '이중');
    const a = await money.reserve(oddId);
    await money.publish(oddId, [a.joinId], []);
    expect(await money.stateOf(a.joinId)).toBe('ASSIGNED');
    const fee = `sq-${a.joinId}-charge`;
    const { billing_key: key } = await money.app(a.joinId);
    // An attempt under an older id (`sq-{joinId}-charge-N`, written by a previous version a day earlier) reaches the
    // PG late with the same card and is charged.
    const stray = `sq-${a.joinId}-charge-1`;
    await stack.programs.app.knex('payment').insert({
      payment_id: stray,
      join_id: a.joinId,
      billing_key: key,
      amount_krw: FEE,
      currency: 'KRW',
      created_at: new Date(Date.now() - 86_400_000),
      updated_at: new Date(Date.now() - 86_400_000),
    });
    const charged = await fetch(`${stack.pg.url}/payments/${stray}/billing-key`, {
      method: 'POST',
      headers: { authorization: `PortOne ${stack.config.pg.apiSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        billingKey: key,
        orderName: 'late',
        amount: { total: FEE },
        currency: 'KRW',
        customer: { id: 'late' },
      }),
    });
    expect(charged.status).toBe(200);
    expect(await stack.programs.app.payments.repairCharge(stray)).toBe('SETTLED');
    await money.drainMoney();
    expect(pgPayment(stray)).toMatchObject({ status: 'CANCELLED', amount: { cancelled: FEE } });
    expect(pgPayment(fee)).toMatchObject({ status: 'PAID' });
    expect(await money.stateOf(a.joinId)).toBe('ASSIGNED');
    expect(
      await stack.programs.app
        .knex('refund')
        .where({ join_id: a.joinId })
        .select('payment_id', 'refund_case', 'amount_krw', 'status'),
    ).toEqual([{ payment_id: stray, refund_case: 'CHARGE_REVERSAL', amount_krw: FEE, status: 'SUCCEEDED' }]);
    // The fee's own refund rules are untouched by the reversal: the member's removal refunds what its case gives, no more.
    const preview = await money.admin('POST', `/api/admin/applications/${a.joinId}/removal/preview`, {
      reason: 'SUPPORT',
    });
    expect(preview.json()).toMatchObject({ paidKrw: FEE, refundedKrw: 0 });
    expect(preview.json().refundKrw).toBeLessThan(FEE);
  });
});

describe('removing a member who was never charged gives their key back at once', () => {
  it('a member whose team charge was declined, removed by the operators: cancelled, the key deleted at the PG by the release job, no deadline left', async () => {
    const oddId = await openTeamProjectCohort(stack, '제외');
    const a = await money.reserve(oddId, TEST_CARDS.insufficientFunds);
    const b = await money.reserve(oddId);
    await money.publish(oddId, [a.joinId, b.joinId], []);
    expect(await money.stateOf(a.joinId)).toBe('PAYMENT_FAILED');
    const { billing_key: key } = await money.app(a.joinId);
    const removed = await money.admin('POST', `/api/admin/applications/${a.joinId}/removal`, {
      reason: 'SUPPORT',
      expectedRefundKrw: 0,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await money.stateOf(a.joinId)).toBe('CANCELLED');
    // The release job queued by the removal, not the repair job's sweep.
    await stack.programs.app.jobs.drain('reservation-release');
    expect(money.keyAtPg(key)).toBe('DELETED');
    expect(
      await stack.programs.app.knex('charge_deadline').where({ join_id: a.joinId }).whereNull('resolved_at').first(),
    ).toBeUndefined();
  });
});

describe('the deadline backfill seats only a member it locked as still waitlisted', () => {
  it('the best waitlisted member cancelled just before the deadline run: the seat goes to the next one, never to a cancelled member', async () => {
    const oddId = await openTeamProjectCohort(stack, '대기');
    const a = await money.reserve(oddId, TEST_CARDS.insufficientFunds);
    const b = await money.reserve(oddId);
    const first = await money.reserve(oddId);
    const second = await money.reserve(oddId);
    await money.publish(oddId, [a.joinId, b.joinId], [first.joinId, second.joinId]);
    // The waitlisted member the backfill picks first (closest career: every member answers the same, so the earlier)
    // cancels while the deadline run is choosing: its row is locked and found cancelled, and the next one is seated.
    const knex = stack.programs.app.knex;
    stack.setNow(new Date(ANNOUNCE.getTime() + (DEADLINE_HOURS + 1) * 3_600_000));
    const blocker = await knex.transaction();
    await blocker('application').where({ join_id: first.joinId }).forUpdate().first();
    const run = money.deadlineRun();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await blocker('application').where({ join_id: first.joinId }).update({ status: 'CANCELLED' });
    await blocker.commit();
    await run;
    expect(await money.teamOf(first.joinId)).toBeNull();
    expect(await money.teamOf(second.joinId)).not.toBeNull();
    expect(await money.stateOf(second.joinId)).toBe('ASSIGNED');
    expect(money.keptAtPg(first.joinId)).toBe(0);
  });
});
