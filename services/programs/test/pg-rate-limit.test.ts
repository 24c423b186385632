import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { createPgClient, PgUnavailableError, retryAfterMs } from '../src/clients/pg-client';

/**
 * The PG's 429 (too many requests: it took nothing), against the real sandbox PG: the client waits out its
 * Retry-After and asks again, holding back its other calls meanwhile; when the PG keeps refusing, a charge is
 * left PENDING for the repair job (the card was not refused), which charges it once under the same payment id.
 */
const RETRIES = 1;
let stack: ApplyStack;
beforeAll(async () => {
  // Read by the service's config when the stack starts: one retry, so a second 429 ends the call.
  process.env.PG_RATE_LIMIT_RETRIES = String(RETRIES);
  stack = await startApplyStack();
});
afterAll(async () => {
  await stack?.close();
  delete process.env.PG_RATE_LIMIT_RETRIES;
});
afterEach(() => {
  Object.assign(stack.pg.pace, { maxChargesInFlight: 0, retryAfterSeconds: 1, rateLimitNextCharges: 0 });
  stack.pg.resetChargeLoad();
});

const BSIDE = 112;
const BACKOFF_MS = 1_000;
/** setTimeout may fire a millisecond before the ms clock shows the full wait. */
const TIMER_SLACK_MS = 5;

async function reservation() {
  const member = memberClient(stack, newMember());
  const reserved = await member.applyAndPay(BSIDE, 'TEAM_PROJECT', TEST_CARDS.ok);
  const row = await stack.programs.app.knex('application').where({ join_id: reserved.application.joinId }).first();
  return { joinId: reserved.application.joinId as number, billingKey: row.billing_key as string };
}

const chargeBody = (billingKey: string) => ({
  billingKey,
  orderName: '14주 팀 프로젝트',
  amount: { total: 300_000 },
  currency: 'KRW' as const,
  customer: { id: 'member' },
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-29T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 00:00:02 GMT', now)).toBe(2_000);
    expect(retryAfterMs('Sun, 28 Nov 2026 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('the PG client and a 429', () => {
  it("waits out the Retry-After, asks again and is charged once; the client's other calls wait with it", async () => {
    const { billingKey } = await reservation();
    const pg = createPgClient({
      ...stack.config.pg,
      rateLimit: { retries: 3, backoffMs: BACKOFF_MS, maxWaitMs: 5_000 },
    });
    stack.pg.pace.rateLimitNextCharges = 1;
    const paymentId = `sq-rate-limit-${Date.now()}`;
    const started = Date.now();
    const charged = pg.chargeWithBillingKey(paymentId, chargeBody(billingKey));
    // A read sent while the charge is held back waits with it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const read = pg.getPayment(paymentId).catch((error: unknown) => error);
    await charged;
    const readAt = await read.then(() => Date.now());
    const load = stack.pg.chargeLoad();
    expect(load.rateLimited).toHaveLength(1);
    expect(load.taken).toHaveLength(1);
    expect(load.taken[0]!.at - load.rateLimited[0]!.at).toBeGreaterThanOrEqual(1_000 - TIMER_SLACK_MS);
    expect(readAt - started).toBeGreaterThanOrEqual(1_000 - TIMER_SLACK_MS);
    expect(stack.pg.state().payments.filter((p) => p.id === paymentId)).toMatchObject([{ status: 'PAID' }]);
  });

  it('gives up as "PG unavailable" once the retries are spent, or when the Retry-After is longer than it waits', async () => {
    const { billingKey } = await reservation();
    const pg = createPgClient({
      ...stack.config.pg,
      rateLimit: { retries: 1, backoffMs: BACKOFF_MS, maxWaitMs: 2_000 },
    });
    stack.pg.pace.rateLimitNextCharges = 2;
    await expect(
      pg.chargeWithBillingKey(`sq-rate-limit-a-${Date.now()}`, chargeBody(billingKey)),
    ).rejects.toBeInstanceOf(PgUnavailableError);
    expect(stack.pg.chargeLoad().rateLimited).toHaveLength(2);

    Object.assign(stack.pg.pace, { rateLimitNextCharges: 1, retryAfterSeconds: 5 });
    const started = Date.now();
    await expect(
      pg.chargeWithBillingKey(`sq-rate-limit-b-${Date.now()}`, chargeBody(billingKey)),
    ).rejects.toBeInstanceOf(PgUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(stack.pg.chargeLoad().taken).toHaveLength(0);
  });
});

describe('a charge the PG keeps refusing with 429', () => {
  it('stays PENDING (the card was not refused), and the repair job charges it once under the same payment id', async () => {
    const { joinId } = await reservation();
    stack.pg.pace.rateLimitNextCharges = RETRIES + 1;
    const outcome = await stack.programs.app.payments.charge(joinId, 'OPERATOR');
    expect(outcome).toMatchObject({ status: 'PENDING', paymentId: `sq-${joinId}-charge` });
    const application = await stack.programs.app.knex('application').where({ join_id: joinId }).first();
    expect(application.status).toBe('RESERVED');
    expect(stack.pg.state().payments.filter((p) => p.id.startsWith(`sq-${joinId}-`))).toEqual([]);

    await stack.programs.app.payments.repair(0);
    expect((await stack.programs.app.knex('application').where({ join_id: joinId }).first()).status).toBe('ASSIGNED');
    expect(stack.pg.state().payments.filter((p) => p.id.startsWith(`sq-${joinId}-`))).toMatchObject([
      { id: `sq-${joinId}-charge`, status: 'PAID' },
    ]);
  });
});
