import fp from 'fastify-plugin';
import type { ProgramsConfig } from '../config';
import { createPgClient, type PgClient } from '../clients/pg-client';
import { chargeApplication, repairCharge } from './charges';
import { acceptBillingKey, openCardUpdate, recordIssueFailure, releaseBillingKey } from './reservations';
import { refundApplication, type LedgerCase, type RefundRequest } from './refunds';
import { cancelByMember } from './cancel';
import { reverseCharge } from './reversal';
import { autoCancelUnteamed, processWebhook, receiveWebhook, repairPayments } from './maintenance';
import { applicationMailHandler } from '../mail/application-mail';
import type { PaymentDeps } from '../core/deps';

/**
 * The payments, bound to this app (`app.payments`), over the core's state machine and refund ledger (src/core).
 * Other code (the operators' team building) calls `charge(joinId)` when a team is published and
 * `refund(joinId, case)` for team stops, company ending, rewards. Every function is safe to call twice or concurrently.
 */
export function createPayments(deps: PaymentDeps) {
  return {
    deps,
    pg: deps.pg,
    /** Charge a reservation (team published) or a purchase; once per application. */
    charge: (joinId: number, actor: 'MEMBER' | 'OPERATOR' | 'SYSTEM' = 'OPERATOR') =>
      chargeApplication(deps, joinId, actor),
    /** Applies a refund case through the ledger (src/core/refunds/ledger.ts): once per case, never stacking. */
    refund: (joinId: number, refundCase: LedgerCase, request: Partial<Omit<RefundRequest, 'refundCase'>> = {}) =>
      refundApplication(deps, joinId, {
        ...request,
        refundCase,
        actor: request.actor ?? 'OPERATOR',
        reason: request.reason ?? refundCase,
        target: request.target === undefined ? 'AUTO' : request.target,
      }),
    acceptBillingKey: (joinId: number, billingKey: string, actor: 'MEMBER' | 'PG') =>
      acceptBillingKey(deps, joinId, billingKey, actor),
    recordIssueFailure: (joinId: number, issueId: string, failure: { code: string | null; message: string }) =>
      recordIssueFailure(deps, joinId, issueId, failure),
    /** A card page for another card after a declined team charge, while its deadline is open; answers the issue id. */
    openCardUpdate: (joinId: number, customerId: string, now: Date) => openCardUpdate(deps, joinId, customerId, now),
    release: (joinId: number) => releaseBillingKey(deps, joinId),
    cancelByMember: (userId: number, joinId: number, reason?: string) => cancelByMember(deps, userId, joinId, reason),
    /** Stores a verified webhook once and queues its job; false for a redelivery. */
    receiveWebhook: (webhook: { id: string; type: string; body: unknown }) => receiveWebhook(deps, webhook),
    processWebhook: (webhookId: string) => processWebhook(deps, webhookId),
    repairCharge: (paymentId: string) => repairCharge(deps, paymentId),
    /** The repair job; `closedWindowSeconds`: how long after closing a charge it reads the PG's record of it again. */
    repair: (olderThanSeconds: number, closedWindowSeconds = 0) =>
      repairPayments(deps, olderThanSeconds, closedWindowSeconds),
    /** Refunds a charge that landed on an application that could no longer take it (the charge-reversal job). */
    reverseCharge: (joinId: number, paymentId: string) => reverseCharge(deps, joinId, paymentId),
    autoCancelUnteamed: (now: Date) => autoCancelUnteamed(deps, now),
  };
}
export type Payments = ReturnType<typeof createPayments>;

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
    programsConfig: ProgramsConfig;
    /** The service's clock (injected in tests). */
    clock: () => Date;
  }
}

export const paymentsPlugin = fp<{ config: ProgramsConfig; pg?: PgClient }>(
  async (app, { config, pg }) => {
    const metrics = {
      charges: app.metrics.counter('payment_charges_total', 'Charges settled, by outcome (paid, failed).', ['outcome']),
      refunds: app.metrics.counter('payment_refunds_total', 'Refunds settled, by outcome (succeeded, failed).', [
        'outcome',
      ]),
    };
    const payments = createPayments({
      knex: app.knex,
      pg: pg ?? createPgClient(config.pg),
      jobs: app.jobs,
      clock: app.clock,
      log: app.log,
      metrics,
      cardUpdateDeadlineHours: config.operators.paymentUpdateDeadlineHours,
      refundRetryMinutes: config.jobs.refundRetryMinutes,
    });
    app.decorate('payments', payments);
    app.jobs.handle('payment-webhook', async (data) => {
      await payments.processWebhook(String(data.webhookId));
    });
    app.jobs.handle('reservation-release', async (data) => {
      await payments.release(Number(data.joinId));
    });
    app.jobs.handle('payment-repair', async () => {
      await payments.repair(config.jobs.repairAfterSeconds, config.jobs.repairClosedWindowSeconds);
    });
    app.jobs.handle('charge-reversal', async (data) => {
      await payments.reverseCharge(Number(data.joinId), String(data.paymentId));
    });
    app.jobs.handle('reservation-auto-cancel', async () => {
      await payments.autoCancelUnteamed(app.clock());
    });
    app.jobs.handle('application-mail', applicationMailHandler(app, config.siteUrl));
  },
  { name: 'payments', dependencies: ['knex', 'job-queue', 'mailer'] },
);
