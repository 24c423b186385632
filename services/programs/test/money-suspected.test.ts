import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TODAY, startApplyStack, type ApplyStack } from './support/apply-stack';
import { openTeamProjectCohort } from './support/publish-teams';
import { teamMoney } from './support/team-money';

/**
 * Money paths doubted in a review, each checked against the real programs service and the sandbox PG: a defect found
 * is fixed and its test fails without the fix; one that is not a defect has a test that shows what holds.
 */
let stack: ApplyStack;
let money: ReturnType<typeof teamMoney>;
const FEE = 300_000;

beforeAll(async () => {
  process.env.ACCOUNT_SERVICE_URL = 'http://127.0.0.1:1';
  process.env.ITSKILL_SERVICE_URL = 'http://127.0.0.1:1';
  stack = await startApplyStack();
  money = teamMoney(stack);
});
afterEach(() => {
  stack.setNow(TODAY);
});
afterAll(async () => {
  await stack?.close();
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
    await stack.programs.app.knex('payment').insert({ payment_id: stray, join_id: a.joinId, billing_key: key, amount_krw: FEE, currency: 'KRW', created_at: new Date(Date.now() - 86_400_000), updated_at: new Date(Date.now() - 86_400_000) });
    const charged = await fetch(`${stack.pg.url}/payments/${stray}/billing-key`, {
      method: 'POST',
      headers: { authorization: `PortOne ${stack.config.pg.apiSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ billingKey: key, orderName: 'late', amount: { total: FEE }, currency: 'KRW', customer: { id: 'late' } }),
    });
    expect(charged.status).toBe(200);
    expect(await stack.programs.app.payments.repairCharge(stray)).toBe('SETTLED');
    await money.drainMoney();
    expect(pgPayment(stray)).toMatchObject({ status: 'CANCELLED', amount: { cancelled: FEE } });
    expect(pgPayment(fee)).toMatchObject({ status: 'PAID' });
    expect(await money.stateOf(a.joinId)).toBe('ASSIGNED');
    expect(await stack.programs.app.knex('refund').where({ join_id: a.joinId }).select('payment_id', 'refund_case', 'amount_krw', 'status')).toEqual([{ payment_id: stray, refund_case: 'CHARGE_REVERSAL', amount_krw: FEE, status: 'SUCCEEDED' }]);
    // The fee's own refund rules are untouched by the reversal: the member's removal refunds what its case gives, no more.
    const preview = await money.admin('POST', `/api/admin/applications/${a.joinId}/removal/preview`, { reason: 'SUPPORT' });
    expect(preview.json()).toMatchObject({ paidKrw: FEE, refundedKrw: 0 });
    expect(preview.json().refundKrw).toBeLessThan(FEE);
  });
});
