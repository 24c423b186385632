import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChargeBenchStack, type ChargeBenchStack } from './support/charge-bench-stack';
import { pgChargesOf, publishCohort, reserveCohort, waitForCharges } from './support/reserved-cohort';

/**
 * Team charges at the PG's pace: the programs service's own job workers (not a test's drain) charge a published
 * cohort against the sandbox PG answering each charge after a delay, as a real PG does (about a second there;
 * shorter here). What is asserted is counted at the sandbox: how many charges it had in progress at once, the
 * 429s it answered and the requests it took, and its record of payments per application.
 */
const CHARGE_CONCURRENCY = 6;
const PG_DELAY_MS = 200;
/** Three teams of the 14-week project's eight. */
const MEMBERS = 24;
const POLLING_SECONDS = 0.5;
/** Setting up the members, four at a time (not what is measured). */
const SETUP_CONCURRENCY = 4;
const WAIT = { timeoutMs: 60_000, everyMs: 100 };
/** Members set up, published and charged (a loaded 2-core machine). */
const TEST_TIMEOUT_MS = 180_000;
/** setTimeout may fire a millisecond before the ms clock shows the full wait. */
const TIMER_SLACK_MS = 5;

let stack: ChargeBenchStack;

beforeAll(async () => {
  stack = await startChargeBenchStack({
    pollingSeconds: POLLING_SECONDS,
    // Enough retries that a charge refused again and again by a PG taking two at a time is still asked in the test.
    env: { CHARGE_CONCURRENCY: String(CHARGE_CONCURRENCY), PG_RATE_LIMIT_RETRIES: '20' },
  });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe("team charges at the PG's pace", () => {
  it(
    'publishing charges the members many at once, never more than CHARGE_CONCURRENCY, each once under its payment id',
    async () => {
      const cohort = await reserveCohort(stack, {
        members: MEMBERS,
        setupConcurrency: SETUP_CONCURRENCY,
        firstUserId: 710_001,
      });
      stack.pg.faults.chargeDelayMs = PG_DELAY_MS;
      stack.pg.resetChargeLoad();
      const published = await publishCohort(stack, cohort.oddId);
      expect(published.expectedCharges).toBe(MEMBERS);
      const states = await waitForCharges(stack, cohort.oddId, published.expectedCharges, WAIT);
      expect(states).toEqual({ ASSIGNED: MEMBERS });

      const load = stack.pg.chargeLoad();
      // Charged one at a time per worker, the charges would never overlap more than the two workers of a queue.
      expect(load.maxInFlight).toBeGreaterThan(2);
      expect(load.maxInFlight).toBeLessThanOrEqual(CHARGE_CONCURRENCY);
      expect(load.rateLimited).toEqual([]);
      const charges = pgChargesOf(stack, cohort.joinIds);
      expect(charges.duplicates).toBe(0);
      expect(charges.perApplication.size).toBe(MEMBERS);
      expect(charges.payments.every((p) => p.status === 'PAID' && p.amount.paid === p.amount.total)).toBe(true);
      // Each payment id was asked once: nothing was charged twice, and nothing asked again needlessly.
      expect(new Set(load.taken.map((t) => t.paymentId)).size).toBe(load.taken.length);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a PG answering 429 is waited out for its Retry-After, and every member is still charged once',
    async () => {
      const cohort = await reserveCohort(stack, {
        members: 8,
        setupConcurrency: SETUP_CONCURRENCY,
        firstUserId: 720_001,
      });
      stack.pg.faults.chargeDelayMs = PG_DELAY_MS;
      // The first two charges are refused whatever the load; after them, any beyond two in progress.
      Object.assign(stack.pg.pace, { maxChargesInFlight: 2, retryAfterSeconds: 1, rateLimitNextCharges: 2 });
      stack.pg.resetChargeLoad();
      try {
        const published = await publishCohort(stack, cohort.oddId);
        const states = await waitForCharges(stack, cohort.oddId, published.expectedCharges, WAIT);
        expect(states).toEqual({ ASSIGNED: 8 });
      } finally {
        Object.assign(stack.pg.pace, { maxChargesInFlight: 0 });
      }

      const load = stack.pg.chargeLoad();
      expect(load.rateLimited.length).toBeGreaterThanOrEqual(2);
      expect(load.maxInFlight).toBeLessThanOrEqual(2);
      // Every refused request was sent again under the same payment id, and not before its Retry-After had passed.
      const requests = [
        ...load.rateLimited.map((r) => ({ ...r, refused: true })),
        ...load.taken.map((t) => ({ ...t, refused: false, retryAfterSeconds: 0 })),
      ].sort((a, b) => a.at - b.at);
      for (const refused of load.rateLimited) {
        const next = requests.find((r) => r.paymentId === refused.paymentId && r.at > refused.at);
        expect(next, refused.paymentId).toBeDefined();
        expect(next!.at - refused.at).toBeGreaterThanOrEqual(refused.retryAfterSeconds * 1000 - TIMER_SLACK_MS);
      }
      const charges = pgChargesOf(stack, cohort.joinIds);
      expect(charges.duplicates).toBe(0);
      expect(charges.perApplication.size).toBe(8);
      expect(charges.payments.every((p) => p.status === 'PAID')).toBe(true);
      expect(new Set(load.taken.map((t) => t.paymentId)).size).toBe(load.taken.length);
    },
    TEST_TIMEOUT_MS,
  );
});
