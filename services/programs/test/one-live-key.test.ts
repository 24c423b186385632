import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import type { BookResponse } from '@sq/contracts/api/applications';
import { TEST_CARDS, TODAY, newMember, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { useTeamMoneyStack, type TeamMoney } from './support/team-money';

/**
 * One live billing key per application: while a charge is in flight (its answer lost) no second card is taken in,
 * so the key the charge is asked with is the one the application holds, and every key the PG issued for it is
 * deleted once nothing can charge it. The planner course charges at purchase. Real service, real PostgreSQL, the
 * sandbox PG in-process.
 */
let stack: ApplyStack;
let money: TeamMoney;
const COURSE = 304;

useTeamMoneyStack((started) => ({ stack, money } = started));
afterEach(() => {
  Object.assign(stack.pg.faults, { loseChargeRequests: 0, dropPaymentReads: 0 });
  stack.setNow(TODAY);
});

/** The member confirms card K1 for the course; the charge request and the read after it are lost (PENDING). */
async function purchaseInFlight() {
  const member = memberClient(stack, newMember());
  await member.fillAnswers(COURSE, 'COURSE');
  const page = (await member.book(COURSE)).json<BookResponse>();
  const first = await member.payOnCardPage(page, TEST_CARDS.ok);
  stack.pg.faults.loseChargeRequests = 1;
  stack.pg.faults.dropPaymentReads = 1;
  await member.confirm(COURSE, first);
  const app = await stack.programs.app
    .knex('application')
    .where({ user_id: member.identity.userId, odd_id: COURSE })
    .first();
  expect(app.status).toBe('SUBMITTED');
  expect(await stack.programs.app.knex('payment').where({ join_id: app.join_id }).first()).toMatchObject({
    status: 'PENDING',
  });
  return { member, joinId: app.join_id as number, firstKey: first.billingKey! };
}

/** Every key the PG issued for the application's customer: each either held by it (and chargeable) or deleted. */
async function keysAtPg(joinId: number) {
  const app = await money.app(joinId);
  return stack.pg
    .state()
    .billingKeys.filter((k) => k.customerId === app.pg_customer_id)
    .map((k) => ({ key: k.billingKey, status: k.status }));
}

describe('one live billing key per application', () => {
  it('no new card page is offered while a charge at purchase is in flight; the repair job charges the first card, which then goes back', async () => {
    const { member, joinId, firstKey } = await purchaseInFlight();
    const again = await member.book(COURSE);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.paymentInProgress);
    await money.repairJob();
    expect(await money.stateOf(joinId)).toBe('PAID');
    expect(stack.pg.state().payments.find((p) => p.id === `sq-${joinId}-charge`)).toMatchObject({
      status: 'PAID',
      billingKey: firstKey,
    });
    expect(await keysAtPg(joinId)).toEqual([{ key: firstKey, status: 'DELETED' }]);
  });
});
