import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createOpsServer } from '@sq/service-kit';
import { TEST_CARDS, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';

/**
 * What an operator scrapes from the programs service's ops port: charges and refunds by outcome, counted where
 * the payment core settles them, and the pg-boss queue depth per queue.
 */
let stack: ApplyStack;
let ops: FastifyInstance;
beforeAll(async () => {
  stack = await startApplyStack();
  ops = createOpsServer(stack.programs.app, 'programs');
});
afterAll(async () => {
  await ops?.close();
  await stack?.close();
});

const PLANX = 304;
const scrape = async () => {
  const response = await ops.inject({ url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
};
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
};

describe('programs /metrics', () => {
  it('counts a paid charge, a failed charge and a refund by outcome', async () => {
    const before = await scrape();
    const buyer = memberClient(stack, newMember());
    const paid = await buyer.applyAndPay(PLANX, 'COURSE');
    expect(paid.application.state).toBe('PAID');
    const afterPaid = await scrape();
    expect(value(afterPaid, 'payment_charges_total{outcome="paid"}')).toBe(
      value(before, 'payment_charges_total{outcome="paid"}') + 1,
    );

    const refused = await memberClient(stack, newMember()).applyAndPay(PLANX, 'COURSE', TEST_CARDS.insufficientFunds);
    expect(refused.application.state).toBe('PAYMENT_FAILED');
    const afterFailed = await scrape();
    expect(value(afterFailed, 'payment_charges_total{outcome="failed"}')).toBe(
      value(before, 'payment_charges_total{outcome="failed"}') + 1,
    );
    expect(value(afterFailed, 'payment_charges_total{outcome="paid"}')).toBe(
      value(afterPaid, 'payment_charges_total{outcome="paid"}'),
    );

    expect((await buyer.cancel(paid.application.joinId)).statusCode).toBe(200);
    const afterRefund = await scrape();
    expect(value(afterRefund, 'payment_refunds_total{outcome="succeeded"}')).toBe(
      value(before, 'payment_refunds_total{outcome="succeeded"}') + 1,
    );
  });

  it('reports the jobs waiting in each pg-boss queue', async () => {
    await stack.programs.app.jobs.drain('application-mail');
    expect(value(await scrape(), 'job_queue_depth{queue="application-mail"}')).toBe(0);
    // A purchase queues its mail (workers are off in this stack: the job waits).
    await memberClient(stack, newMember()).applyAndPay(PLANX, 'COURSE');
    const waiting = await scrape();
    expect(value(waiting, 'job_queue_depth{queue="application-mail"}')).toBeGreaterThan(0);
    expect(waiting).toMatch(/^job_queue_depth\{queue="payment-webhook"\} \d+$/m);
    await stack.programs.app.jobs.drain('application-mail');
    expect(value(await scrape(), 'job_queue_depth{queue="application-mail"}')).toBe(0);
  });
});
