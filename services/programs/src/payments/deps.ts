import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { JobQueue } from '../jobs/queue';
import type { PgClient } from './pg-client';

/** What the payment functions work with; built once per app (src/payments/index.ts). */
export interface PaymentDeps {
  knex: Knex;
  pg: PgClient;
  jobs: JobQueue;
  clock: () => Date;
  log: FastifyBaseLogger;
}

export type MailKind = 'RESERVED' | 'PAID' | 'CHARGED' | 'PAYMENT_FAILED' | 'CANCELLED' | 'AUTO_CANCELLED' | 'REFUNDED';

/** The member's PG customer id (the billing key is issued to it and checked against it). */
export const customerIdOf = (userId: number) => `sq-member-${userId}`;

/** The PG payment id of a charge: derived from the application, so a retry of the same attempt never charges twice. */
export const chargePaymentId = (joinId: number, attempt: number) => (attempt <= 1 ? `sq-${joinId}-charge` : `sq-${joinId}-charge-${attempt}`);

/** The billing-key issue id of a card-page attempt, bound to the application. */
export const issueIdOf = (joinId: number, attempt: number) => `sq-${joinId}-issue-${attempt}`;

/** Queues a mail about this change; sent only if the transaction commits, once per history row. */
export async function queueMail(deps: PaymentDeps, trx: Knex.Transaction, joinId: number, kind: MailKind, key: string | number, amountKrw = 0): Promise<void> {
  await deps.jobs.sendIn(trx, 'application-mail', { joinId, kind, amountKrw }, { singletonKey: `${joinId}:${kind}:${key}` });
}
