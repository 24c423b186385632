import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import { TEST_CARDS, TODAY, type ApplyStack } from './support/apply-stack';
import { openTeamProjectCohort } from './support/publish-teams';
import { ANNOUNCE, DEADLINE_HOURS, useTeamMoneyStack, type TeamMoney } from './support/team-money';

/**
 * No charge without a living team: every path that charges a member (publish, the card-update deadline run, a card
 * update, the repair job asking again, a replacement, a waitlist backfill) charges only while the member's team runs
 * and its cohort runs; stopping a team or ending a cohort settles every member not charged yet. Real programs
 * service, real PostgreSQL, the sandbox PG in-process (its faults stand in for the network).
 */
let stack: ApplyStack;
let money: TeamMoney;
const FEE = 300_000;
const HOUR = 3_600_000;
const afterDeadline = new Date(ANNOUNCE.getTime() + (DEADLINE_HOURS + 1) * HOUR);

useTeamMoneyStack((started) => ({ stack, money } = started));
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

/** A declined at publish, B charged, W on the waitlist; team A's id. */
async function declinedChargedWaiting() {
  const oddId = await openTeamProjectCohort(stack, '중단');
  const a = await money.reserve(oddId, TEST_CARDS.insufficientFunds);
  const b = await money.reserve(oddId);
  const w = await money.reserve(oddId);
  const teamId = await money.publish(oddId, [a.joinId, b.joinId], [w.joinId]);
  expect([await money.stateOf(a.joinId), await money.stateOf(b.joinId), await money.stateOf(w.joinId)]).toEqual([
    'PAYMENT_FAILED',
    'ASSIGNED',
    'WAITLISTED',
  ]);
  return { oddId, a, b, w, teamId };
}

describe('a stopped team charges nobody', () => {
  it('stopped the day after publish: the declined member is cancelled at once, and the deadline run seats and charges nobody', async () => {
    const { a, b, w, teamId } = await declinedChargedWaiting();
    const keyA = (await money.app(a.joinId)).billing_key as string;
    stack.setNow(new Date(ANNOUNCE.getTime() + 24 * HOUR));
    const stopped = await money.stopTeam(teamId);
    expect(stopped.statusCode, stopped.body).toBe(200);
    // B is refunded by the team-stop rules; A, never charged, is cancelled with the reason and the key given back.
    expect(money.keptAtPg(b.joinId)).toBe(FEE * 0.2);
    expect(await money.stateOf(a.joinId)).toBe('CANCELLED');
    expect(money.keyAtPg(keyA)).toBe('DELETED');
    expect(await money.teamOf(a.joinId)).toBeNull();
    expect(
      (
        await stack.programs.app
          .knex('application_history')
          .where({ join_id: a.joinId, to_status: 'CANCELLED' })
          .first()
      ).reason,
    ).toBe(MESSAGES.adminTeamStoppedReason);

    stack.setNow(afterDeadline);
    await money.deadlineRun();
    expect(await money.teamOf(w.joinId)).toBeNull();
    expect(await money.stateOf(w.joinId)).toBe('WAITLISTED');
    expect(money.keptAtPg(w.joinId)).toBe(0);
    // Confirming the stop again finds nothing left to do.
    const again = await money.admin('POST', `/api/admin/teams/${teamId}/refunds`, {
      refundCase: 'TEAM_STOP',
      expectedTotalKrw: 0,
    });
    expect(again.statusCode).toBe(409);
    expect(money.keptAtPg(w.joinId) + money.keptAtPg(a.joinId)).toBe(0);
  });

  it('stopped an hour after publish: the declined member can no longer register a new card, and nothing charges them', async () => {
    const { oddId, a, teamId } = await declinedChargedWaiting();
    stack.setNow(new Date(ANNOUNCE.getTime() + HOUR));
    expect((await money.stopTeam(teamId)).statusCode).toBe(200);
    const update = await money.updateCard(oddId, a, TEST_CARDS.ok);
    expect(update.opened.statusCode).toBe(409);
    stack.setNow(afterDeadline);
    await money.deadlineRun();
    expect(money.keptAtPg(a.joinId)).toBe(0);
    expect(await money.stateOf(a.joinId)).toBe('CANCELLED');
  });

  it('a member who registered a new card before the stop is cancelled by it, the new key given back, never charged', async () => {
    const { oddId, a, teamId } = await declinedChargedWaiting();
    stack.setNow(new Date(ANNOUNCE.getTime() + HOUR));
    const update = await money.updateCard(oddId, a, TEST_CARDS.ok);
    expect(update.confirmed?.statusCode, update.confirmed?.body).toBe(200);
    expect(await money.stateOf(a.joinId)).toBe('RESERVED');
    expect((await money.stopTeam(teamId)).statusCode).toBe(200);
    await money.deadlineRun();
    stack.setNow(afterDeadline);
    await money.deadlineRun();
    expect(money.keptAtPg(a.joinId)).toBe(0);
    expect(await money.stateOf(a.joinId)).toBe('CANCELLED');
    expect(money.keyAtPg(update.query!.billingKey!)).toBe('DELETED');
  });

  it('a team charge lost at publish and left PENDING: after the stop the repair job does not ask the PG again', async () => {
    const oddId = await openTeamProjectCohort(stack, '중단');
    const a = await money.reserve(oddId);
    stack.pg.faults.loseChargeRequests = 1;
    stack.pg.faults.dropPaymentReads = 1;
    const teamId = await money.publish(oddId, [a.joinId], []);
    expect(await stack.programs.app.knex('payment').where({ join_id: a.joinId }).first()).toMatchObject({
      status: 'PENDING',
    });
    // Nobody on the team has a settled charge: the team can be stopped all the same.
    const stopped = await money.stopTeam(teamId);
    expect(stopped.statusCode, stopped.body).toBe(200);
    await money.repairJob();
    await money.repairJob();
    expect(money.keptAtPg(a.joinId)).toBe(0);
    expect(await money.stateOf(a.joinId)).toBe('CANCELLED');
    expect(money.keyAtPg((await money.app(a.joinId)).billing_key)).toBe('DELETED');
  });

  it('a team charge the PG made but whose answer was lost: settled after the stop, it is refunded whole', async () => {
    const oddId = await openTeamProjectCohort(stack, '중단');
    const a = await money.reserve(oddId);
    stack.pg.faults.dropChargeAnswers = 1;
    stack.pg.faults.dropPaymentReads = 1;
    const teamId = await money.publish(oddId, [a.joinId], []);
    expect(await stack.programs.app.knex('payment').where({ join_id: a.joinId }).first()).toMatchObject({
      status: 'PENDING',
    });
    expect((await money.stopTeam(teamId)).statusCode).toBe(200);
    await money.repairJob();
    expect(
      await stack.programs.app
        .knex('refund')
        .where({ join_id: a.joinId })
        .select('refund_case', 'amount_krw', 'status'),
    ).toEqual([{ refund_case: 'CHARGE_REVERSAL', amount_krw: FEE, status: 'SUCCEEDED' }]);
    expect(money.keptAtPg(a.joinId)).toBe(0);
    expect(await money.stateOf(a.joinId)).toBe('CANCELLED');
  });

  it('a replacement is not accepted onto a stopped team', async () => {
    const { w, teamId } = await declinedChargedWaiting();
    expect((await money.stopTeam(teamId)).statusCode).toBe(200);
    const accepted = await money.admin('POST', `/api/admin/teams/${teamId}/replacements`, { joinId: w.joinId });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe(MESSAGES.adminTeamNotRunning);
    await money.drainMoney();
    expect(money.keptAtPg(w.joinId)).toBe(0);
    expect(await money.teamOf(w.joinId)).toBeNull();
  });

  it('a team none of whose members was charged (every card declined) can be stopped; its members are cancelled and their keys given back', async () => {
    const oddId = await openTeamProjectCohort(stack, '중단');
    const a = await money.reserve(oddId, TEST_CARDS.insufficientFunds);
    const b = await money.reserve(oddId, TEST_CARDS.insufficientFunds);
    const teamId = await money.publish(oddId, [a.joinId, b.joinId], []);
    const stopped = await money.stopTeam(teamId);
    expect(stopped.statusCode, stopped.body).toBe(200);
    for (const who of [a, b]) {
      expect(await money.stateOf(who.joinId)).toBe('CANCELLED');
      expect(money.keyAtPg((await money.app(who.joinId)).billing_key)).toBe('DELETED');
    }
    expect((await stack.programs.app.knex('team').where({ team_id: teamId }).first()).stopped_at).not.toBeNull();
  });
});

describe('an ended cohort charges nobody', () => {
  it('company ended: the cohort is marked ended, its members not charged are cancelled, and the deadline run seats and charges nobody', async () => {
    const { oddId, a, b, w } = await declinedChargedWaiting();
    stack.setNow(new Date(ANNOUNCE.getTime() + 24 * HOUR));
    const ended = await money.endCohort(oddId);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await stack.programs.app.knex('cohort').where({ odd_id: oddId }).first()).ended_at).not.toBeNull();
    expect(await money.stateOf(b.joinId)).not.toBe('ASSIGNED');
    expect([await money.stateOf(a.joinId), await money.stateOf(w.joinId)]).toEqual(['CANCELLED', 'CANCELLED']);
    stack.setNow(afterDeadline);
    await money.deadlineRun();
    expect(money.keptAtPg(w.joinId)).toBe(0);
    expect(money.keptAtPg(a.joinId)).toBe(0);
    expect(await money.teamOf(w.joinId)).toBeNull();
  });
});
