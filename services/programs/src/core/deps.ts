import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { MetricCounter } from '@sq/service-kit';
import type { JobQueue } from '../jobs/queue';
import type { PgClient } from '../clients/pg-client';

/** What the payment functions work with; built once per app (src/payments/index.ts). */
export interface PaymentDeps {
  knex: Knex;
  pg: PgClient;
  jobs: JobQueue;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** /metrics counters of settled charges and refunds by outcome (absent where deps are built by hand). */
  metrics?: PaymentMetrics;
  /** PAYMENT_UPDATE_DEADLINE_HOURS: a declined team charge's card-update deadline, from the first decline. */
  cardUpdateDeadlineHours: number;
  /**
   * REFUND_RETRY_SCHEDULE_MINUTES: after the n-th refusal of a refund, the repair job asks again this many minutes
   * later (the last figure repeats for as long as the refund is owed). Absent: DEFAULT_REFUND_RETRY_MINUTES (src/config).
   */
  refundRetryMinutes?: readonly number[];
}

export interface PaymentMetrics {
  charges: MetricCounter<'outcome'>;
  refunds: MetricCounter<'outcome'>;
}

/**
 * Counts a settlement once its transaction commits: a rolled-back one settled nothing (and may be settled again
 * by a later try, which counts then).
 */
export function countOnCommit(
  trx: Knex.Transaction,
  counter: MetricCounter<'outcome'> | undefined,
  outcome: string,
): void {
  if (!counter) return;
  trx.executionPromise.then(
    () => counter.inc({ outcome }),
    () => {},
  );
}

/** NOT_CHARGED_ENDED: the member's team stopped (or the cohort ended) before they were charged; the history says which. */
export type MailKind =
  | 'RESERVED'
  | 'PAID'
  | 'CHARGED'
  | 'PAYMENT_FAILED'
  | 'CANCELLED'
  | 'AUTO_CANCELLED'
  | 'REFUNDED'
  | 'NOT_CHARGED_ENDED';

/**
 * The PG customer id of applications booked before customer ids were keyed (`sq-member-{userId}`): guessable, so no new card
 * page gets it; it stays valid for the keys issued to it (application.pg_customer_id is null on those rows).
 * @deprecated for new card pages; use customerIdOfApplication(app) for an application's key.
 */
export const customerIdOf = (userId: number) => `sq-member-${userId}`;

/** Characters of the HMAC (base64url) kept in a customer id: 32 characters = 192 bits, within the PG's 100. */
export const CUSTOMER_ID_HMAC_CHARS = 32;

/**
 * The member's PG customer id for new card pages: an HMAC of the user id with `PG_CUSTOMER_ID_SECRET`. The
 * hosted card page takes it from the browser's URL, so it must not be derivable from the (sequential) user id:
 * nobody can open a card page in another member's name. Stable per member, so the PG sees one customer.
 */
export const memberCustomerId = (secret: string, userId: number) =>
  `sq-cus-${createHmac('sha256', secret).update(`sq-member:${userId}`).digest('base64url').slice(0, CUSTOMER_ID_HMAC_CHARS)}`;

/** The customer id an application's card page was opened with (its key is issued to it and checked against it). */
export const customerIdOfApplication = (app: { user_id?: unknown; pg_customer_id?: unknown }) =>
  (app.pg_customer_id as string | null | undefined) ?? customerIdOf(Number(app.user_id));

/** Random bytes in an issue id: 128 bits, so an issue id cannot be guessed from the application's id. */
export const ISSUE_ID_RANDOM_BYTES = 16;

/**
 * The billing-key issue id of a card-page attempt, bound to the application: `sq-{joinId}-issue-{n}-{32 hex}`.
 * The hosted card page takes it from the browser, so it carries a random part: knowing a join id is not enough
 * to open (or answer) a card page for that application. Rows issued before keep their `sq-{joinId}-issue-{n}`.
 */
export const issueIdOf = (joinId: number, attempt: number) =>
  `sq-${joinId}-issue-${attempt}-${randomBytes(ISSUE_ID_RANDOM_BYTES).toString('hex')}`;

/** Queues a mail about this change; sent only if the transaction commits, once per history row. */
export async function queueMail(
  deps: PaymentDeps,
  trx: Knex.Transaction,
  joinId: number,
  kind: MailKind,
  key: string | number,
  amountKrw = 0,
): Promise<void> {
  await deps.jobs.sendIn(
    trx,
    'application-mail',
    { joinId, kind, amountKrw },
    { singletonKey: `${joinId}:${kind}:${key}` },
  );
}
