import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CARDS, TODAY, newMember, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { openTeamProjectCohort } from './support/publish-teams';
import { ANNOUNCE, useTeamMoneyStack, type TeamMoney } from './support/team-money';
import { DEFAULT_REFUND_RETRY_MINUTES } from '../src/config';
import { listOwedRefundMovements } from '../src/repositories/refund-ledger-repository';

/**
 * Nothing owed is left unpaid: a refund or a charge reversal the PG refuses stays owed (REQUESTED, its case applied),
 * and the repair job asks again on the backoff schedule for as long as it takes. Real service, real PostgreSQL, the
 * sandbox PG in-process (refusing cancellations on demand).
 */
let stack: ApplyStack;
let money: TeamMoney;
const FEE = 300_000;
const MINUTE = 60_000;

useTeamMoneyStack((started) => ({ stack, money } = started));
afterEach(() => {
  Object.assign(stack.pg.faults, { dropChargeAnswers: 0, dropPaymentReads: 0, refuseCancels: 0 });
  stack.setNow(TODAY);
});

const reversalOf = async (joinId: number) =>
  stack.programs.app.knex('refund').where({ join_id: joinId, refund_case: 'CHARGE_REVERSAL' }).first();

describe('a refused charge reversal stays owed and is paid when the PG takes it again', () => {
  it('refused for half an hour (more than pg-boss would retry): retried with backoff, never voided, then paid whole', async () => {
    // A charge the PG made after the member's team was stopped (its answer lost at publish): reversed whole.
    const oddId = await openTeamProjectCohort(stack, '환불');
    const a = await money.reserve(oddId);
    stack.pg.faults.dropChargeAnswers = 1;
    stack.pg.faults.dropPaymentReads = 1;
    const teamId = await money.publish(oddId, [a.joinId], []);
    expect((await money.stopTeam(teamId)).statusCode).toBe(200);
    const start = new Date(ANNOUNCE.getTime() + 60 * MINUTE);
    stack.setNow(start);
    stack.pg.faults.refuseCancels = 1_000;
    await money.repairJob();
    await money.repairJob();

    // Owed: REQUESTED with one refused attempt and the next one due after the schedule's first step; the case stands.
    const refused = await reversalOf(a.joinId);
    expect(refused).toMatchObject({
      status: 'REQUESTED',
      amount_krw: FEE,
      attempts: 1,
      last_error: expect.any(String),
    });
    expect(new Date(refused.next_attempt_at).getTime()).toBe(
      start.getTime() + DEFAULT_REFUND_RETRY_MINUTES[0]! * MINUTE,
    );
    expect(
      await stack.programs.app
        .knex('refund_entitlement')
        .where({ join_id: a.joinId, refund_case: 'CHARGE_REVERSAL' })
        .whereNull('voided_at')
        .first(),
    ).toBeTruthy();
    expect(
      (await listOwedRefundMovements(stack.programs.app.knex, new Date(Date.now() + 60 * MINUTE))).map(
        (m) => m.refundId,
      ),
    ).toContain(refused.refund_id);

    // The repair job leaves it alone until its next attempt is due, then asks again: refused again, the wait grows.
    let at = start.getTime();
    for (let i = 0; i < 4; i++) {
      at += DEFAULT_REFUND_RETRY_MINUTES[i]! * MINUTE;
      stack.setNow(new Date(at - MINUTE));
      await money.repairJob();
      expect((await reversalOf(a.joinId)).attempts).toBe(i + 1);
      stack.setNow(new Date(at));
      await money.repairJob();
      expect(await reversalOf(a.joinId)).toMatchObject({ status: 'REQUESTED', attempts: i + 2 });
    }
    expect(money.keptAtPg(a.joinId)).toBe(FEE);

    // The card company takes cancellations again: the next due attempt pays it, whole, once.
    stack.pg.faults.refuseCancels = 0;
    stack.setNow(new Date(at + DEFAULT_REFUND_RETRY_MINUTES[4]! * MINUTE));
    await money.repairJob();
    await money.repairJob();
    expect(await reversalOf(a.joinId)).toMatchObject({ status: 'SUCCEEDED', amount_krw: FEE });
    expect(money.keptAtPg(a.joinId)).toBe(0);
    expect(stack.pg.state().payments.find((p) => p.id === `sq-${a.joinId}-charge`)!.cancellations).toHaveLength(1);
    expect(
      (await listOwedRefundMovements(stack.programs.app.knex, new Date(Date.now() + 60 * MINUTE))).map(
        (m) => m.refundId,
      ),
    ).not.toContain(refused.refund_id);
  });

  it("a member's own cancellation refund the PG refuses is answered as on its way and paid by a later repair", async () => {
    const member = memberClient(stack, newMember());
    const paid = await member.applyAndPay(304, 'COURSE', TEST_CARDS.ok);
    const joinId = paid.application.joinId as number;
    stack.pg.faults.refuseCancels = 1;
    const cancelled = await member.cancel(joinId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stack.programs.app.knex('refund').where({ join_id: joinId }).first()).toMatchObject({
      status: 'REQUESTED',
      attempts: 1,
    });
    stack.setNow(new Date(TODAY.getTime() + DEFAULT_REFUND_RETRY_MINUTES[0]! * MINUTE));
    await money.repairJob();
    expect(await stack.programs.app.knex('refund').where({ join_id: joinId }).first()).toMatchObject({
      status: 'SUCCEEDED',
    });
    expect(money.keptAtPg(joinId)).toBe(0);
  });
});
