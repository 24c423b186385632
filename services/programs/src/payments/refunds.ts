import type { Knex } from 'knex';
import { canTransition } from '@sq/contracts/api/applications';
import type { Row } from '@sq/service-kit';
import { lockApplication, transition } from '../applications/transition';
import { findApplication, loadContext } from '../repositories/application-lifecycle-repository';
import { bookCancelled, findPayment, lockPayment } from '../repositories/payment-repository';
import { addRefund, findRefund, lockRefund, markRefundFailed, markRefundSucceeded, refundInFlight } from '../repositories/refund-ledger-repository';
import { PgError, PgUnavailableError, type PgPayment } from './pg-client';
import { paymentUnavailable } from './charges';
import { planRefund, recordRefundEvent, voidEntitlementOf, type RefundPlan } from './ledger';
import { countOnCommit, queueMail, type PaymentDeps } from './deps';

export type { LedgerCase } from './ledger';
/** A refund request of any path; the ledger decides the amount (src/payments/ledger.ts). */
export type RefundRequest = RefundPlan;

export type RefundOutcome = { status: 'REFUNDED'; refundKrw: number } | { status: 'NOTHING_TO_REFUND' } | { status: 'PENDING'; refundKrw: number };

/**
 * Applies a refund case to an application, once: the ledger's entry and movement are committed under the
 * application's lock before the PG is asked, so a repeated or concurrent request finds the case applied and
 * refunds nothing more; the repair job settles a movement whose answer was lost.
 */
export async function refundApplication(deps: PaymentDeps, joinId: number, request: RefundRequest): Promise<RefundOutcome> {
  const now = deps.clock();
  const planned = await deps.knex.transaction(async (trx) => {
    await lockApplication(trx, joinId);
    return planRefund(deps, trx, (await loadContext(trx, joinId))!, request, now);
  });
  if (!planned.refund) return { status: 'NOTHING_TO_REFUND' };
  return executeRefund(deps, planned.refund);
}

/**
 * Sends a committed movement (REQUESTED) to the PG and settles the answer. The PG's cancellable-amount guard
 * (`currentCancellableAmount` from our books) keeps a second cancel of the same money from going through.
 * An unknown outcome stays REQUESTED for the repair job, which settles it from the PG's record.
 */
export async function executeRefund(deps: PaymentDeps, refund: Row): Promise<RefundOutcome> {
  const payment = (await findPayment(deps.knex, refund.payment_id))!;
  try {
    const answer = await deps.pg.cancelPayment(refund.payment_id, { amount: refund.amount_krw, reason: refund.reason, currentCancellableAmount: payment.amount_krw - payment.cancelled_krw });
    await settleRefund(deps, refund.refund_id, { pgCancellationId: answer.cancellation.id, cancelledAt: new Date(answer.cancellation.cancelledAt) });
    return { status: 'REFUNDED', refundKrw: refund.amount_krw };
  } catch (error) {
    if (error instanceof PgUnavailableError || (error instanceof PgError && error.type === 'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN')) {
      deps.log.warn({ err: error, refundId: refund.refund_id }, 'refund outcome unknown; left for the repair job');
      return { status: 'PENDING', refundKrw: refund.amount_krw };
    }
    if (error instanceof PgError) {
      await failRefund(deps, refund.refund_id);
      throw paymentUnavailable();
    }
    throw error;
  }
}

/** The PG refused the movement for good: it is FAILED and its case counts as not applied. */
async function failRefund(deps: PaymentDeps, refundId: number): Promise<void> {
  await deps.knex.transaction(async (trx) => {
    const failed = await markRefundFailed(trx, refundId);
    if (failed) countOnCommit(trx, deps.metrics?.refunds, 'failed');
    if (failed) await voidEntitlementOf(trx, failed, deps.clock());
  });
}

/** Writes a movement the PG confirmed, once, under the application's lock. */
export async function settleRefund(deps: PaymentDeps, refundId: number, pg: { pgCancellationId: string | null; cancelledAt: Date }): Promise<boolean> {
  const peek = await findRefund(deps.knex, refundId);
  if (!peek) return false;
  return deps.knex.transaction(async (trx) => {
    await lockApplication(trx, peek.join_id);
    return settleLocked(deps, trx, refundId, pg);
  });
}

/**
 * The settlement itself, in a transaction that holds the application's lock: the movement SUCCEEDED, the
 * payment's cancelled amount, the timeline, the application's new state, the mail.
 */
async function settleLocked(deps: PaymentDeps, trx: Knex.Transaction, refundId: number, pg: { pgCancellationId: string | null; cancelledAt: Date }): Promise<boolean> {
  const refund = await lockRefund(trx, refundId);
  if (!refund || refund.status !== 'REQUESTED') return false;
  countOnCommit(trx, deps.metrics?.refunds, 'succeeded');
  const app = (await findApplication(trx, refund.join_id))!;
  const payment = (await lockPayment(trx, refund.payment_id))!;
  const cancelled = payment.cancelled_krw + refund.amount_krw;
  await markRefundSucceeded(trx, refundId, pg);
  await bookCancelled(trx, refund.payment_id, { cancelledKrw: cancelled, status: cancelled >= payment.amount_krw ? 'CANCELLED' : 'PARTIAL_CANCELLED' });
  await recordRefundEvent(trx, refund);
  let key: string | number = `refund-${refundId}`;
  if (refund.target_status && refund.target_status !== app.status) {
    const done = await transition(trx, { joinId: refund.join_id, to: refund.target_status, actor: refund.actor, actorUserId: refund.actor_user_id, reason: refund.reason });
    key = done.historyId;
  }
  await queueMail(deps, trx, refund.join_id, 'REFUNDED', key, refund.amount_krw);
  return true;
}

const lastCancellation = (deps: PaymentDeps, record: PgPayment) => {
  const last = record.cancellations?.at(-1);
  return { pgCancellationId: last?.id ?? null, cancelledAt: last?.cancelledAt ? new Date(last.cancelledAt) : deps.clock() };
};

/**
 * Repairs the refunds of one payment from the PG's record of it. Everything is decided under the
 * application's lock from our books as they are then (never from a read made before it), so a movement is
 * settled once and a cancellation made at the PG's console is booked once: when the PG cancelled at least
 * what we asked, the movement is settled; when it never got it, it is asked again (the cancellable-amount
 * guard makes a double cancel impossible); more cancelled at the PG than we know of is booked as PG_DIRECT.
 */
export async function repairRefunds(deps: PaymentDeps, paymentId: string, pgPayment?: PgPayment): Promise<string> {
  const peek = await findPayment(deps.knex, paymentId);
  if (!peek || peek.status === 'PENDING' || peek.status === 'FAILED') return 'UNCHANGED';
  if (!pgPayment && !(await refundInFlight(deps.knex, paymentId))) return 'UNCHANGED';
  const record = pgPayment ?? (await deps.pg.getPayment(paymentId));
  if (record.amount?.total !== peek.amount_krw || record.currency !== peek.currency) return 'MISMATCH';
  const pgCancelled = record.amount.cancelled ?? 0;
  const decision = await deps.knex.transaction(async (trx) => {
    await lockApplication(trx, peek.join_id);
    const payment = (await lockPayment(trx, paymentId))!;
    const inFlight = await refundInFlight(trx, paymentId);
    if (inFlight) {
      if (pgCancelled >= payment.cancelled_krw + inFlight.amount_krw) {
        await settleLocked(deps, trx, inFlight.refund_id, lastCancellation(deps, record));
        return 'SETTLED' as const;
      }
      return { ask: inFlight, cancellable: payment.amount_krw - payment.cancelled_krw };
    }
    const extra = pgCancelled - payment.cancelled_krw;
    if (extra <= 0) return 'UNCHANGED' as const;
    const external = await bookExternalRefund(trx, payment, extra);
    await settleLocked(deps, trx, external.refund_id, lastCancellation(deps, record));
    return 'SETTLED' as const;
  });
  if (typeof decision === 'string') return decision;
  const { ask, cancellable } = decision;
  try {
    const answer = await deps.pg.cancelPayment(paymentId, { amount: ask.amount_krw, reason: ask.reason, currentCancellableAmount: cancellable });
    await settleRefund(deps, ask.refund_id, { pgCancellationId: answer.cancellation.id, cancelledAt: new Date(answer.cancellation.cancelledAt) });
    return 'SETTLED';
  } catch (error) {
    if (error instanceof PgError && error.type !== 'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN') {
      await failRefund(deps, ask.refund_id);
      return 'FAILED';
    }
    throw error;
  }
}

/**
 * A cancellation the PG made without us (operators in the PG console): booked as a movement without a case
 * (it is money that went back, so it counts toward every entitlement), settled at once by the caller.
 */
async function bookExternalRefund(trx: Knex.Transaction, payment: { payment_id: string; join_id: number; amount_krw: number; cancelled_krw: number }, amount: number) {
  const app = (await findApplication(trx, payment.join_id))!;
  const target = amount >= payment.amount_krw - payment.cancelled_krw ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  return addRefund(trx, {
    paymentId: payment.payment_id,
    joinId: payment.join_id,
    refundCase: 'PG_DIRECT',
    amountKrw: amount,
    reason: 'PG에서 직접 취소',
    targetStatus: canTransition(app.status, target) ? target : null,
    actor: 'PG',
  });
}
