import { MESSAGES, type RefundCase } from '@sq/contracts';
import { canTransition, type ApplicationActor, type ApplicationState } from '@sq/contracts/api/applications';
import { conflict, type Row } from '@sq/service-kit';
import { lockApplication, recordPaymentEvent, transition } from '../applications/transition';
import { loadContext } from '../applications/application-view';
import { quoteFor } from './refund-quote';
import { PgError, PgUnavailableError, type PgPayment } from './pg-client';
import { paymentUnavailable } from './charges';
import { queueMail, type PaymentDeps } from './deps';

export interface RefundRequest {
  refundCase: RefundCase;
  actor: ApplicationActor;
  actorUserId?: number | null;
  reason: string;
  /**
   * The application's state once refunded: 'AUTO' = REFUNDED when nothing is left on the payment, else
   * PARTIALLY_REFUNDED (or CANCELLED when the rules give nothing back); null = unchanged (rewards).
   */
  target: 'AUTO' | null;
  /** A fixed amount (rewards, operators); absent = the refund engine's amount for the case now. */
  amountKrw?: number;
}

export type RefundOutcome = { status: 'REFUNDED'; refundKrw: number } | { status: 'NOTHING_TO_REFUND' } | { status: 'PENDING'; refundKrw: number };

function targetOf(app: Row, remaining: number, amount: number): ApplicationState {
  if (amount === 0) return 'CANCELLED';
  return amount >= remaining ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

/**
 * Refunds (part of) an application's charge at the PG, once. The request row is committed before the PG is
 * asked (one in flight per payment, by a unique index), with `currentCancellableAmount` from our books, so a
 * second refund racing it can neither reach the PG nor cancel twice; the repair job settles a request whose
 * answer was lost. Rules give nothing back -> the application is just cancelled.
 */
export async function refundApplication(deps: PaymentDeps, joinId: number, request: RefundRequest): Promise<RefundOutcome> {
  const now = deps.clock();
  const planned = await deps.knex.transaction(async (trx) => {
    const app = await lockApplication(trx, joinId);
    const payment = await trx('payment').where({ join_id: joinId }).whereIn('status', ['PAID', 'PARTIAL_CANCELLED']).forUpdate().first();
    if (!payment) throw conflict(MESSAGES.cancelNotAllowed);
    if (await trx('refund').where({ payment_id: payment.payment_id, status: 'REQUESTED' }).first()) throw conflict(MESSAGES.refundInProgress);
    const remaining = payment.amount_krw - payment.cancelled_krw;
    const context = await loadContext(trx, joinId);
    const amount = Math.min(
      remaining,
      request.amountKrw ?? (await quoteFor(trx, context!, { amountKrw: payment.amount_krw, cancelledKrw: payment.cancelled_krw, paidAt: payment.paid_at }, request.refundCase, now)).refundKrw,
    );
    const target = request.target === 'AUTO' ? targetOf(app, remaining, amount) : null;
    if (target && !canTransition(app.status, target)) throw conflict(MESSAGES.cancelNotAllowed);
    if (amount <= 0) {
      if (target) {
        const done = await transition(trx, { joinId, to: target, actor: request.actor, actorUserId: request.actorUserId, reason: request.reason });
        await queueMail(deps, trx, joinId, 'CANCELLED', done.historyId, 0);
      }
      return null;
    }
    const [refund] = await trx('refund')
      .insert({
        payment_id: payment.payment_id,
        join_id: joinId,
        refund_case: request.refundCase,
        amount_krw: amount,
        reason: request.reason.slice(0, 300),
        target_status: target,
        actor: request.actor,
        actor_user_id: request.actorUserId ?? null,
      })
      .returning('*');
    return { refund, remaining };
  });
  if (!planned) return { status: 'NOTHING_TO_REFUND' };
  const { refund, remaining } = planned;
  try {
    const answer = await deps.pg.cancelPayment(refund.payment_id, { amount: refund.amount_krw, reason: refund.reason, currentCancellableAmount: remaining });
    await settleRefund(deps, refund.refund_id, { pgCancellationId: answer.cancellation.id, cancelledAt: new Date(answer.cancellation.cancelledAt) });
    return { status: 'REFUNDED', refundKrw: refund.amount_krw };
  } catch (error) {
    if (error instanceof PgUnavailableError || (error instanceof PgError && error.type === 'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN')) {
      deps.log.warn({ err: error, refundId: refund.refund_id }, 'refund outcome unknown; left for the repair job');
      return { status: 'PENDING', refundKrw: refund.amount_krw };
    }
    await deps.knex('refund').where({ refund_id: refund.refund_id, status: 'REQUESTED' }).update({ status: 'FAILED' });
    if (error instanceof PgError) throw paymentUnavailable();
    throw error;
  }
}

/** Writes a refund the PG confirmed, once: the payment's cancelled amount, the timeline, the application's new state, the mail. */
export async function settleRefund(deps: PaymentDeps, refundId: number, pg: { pgCancellationId: string | null; cancelledAt: Date }): Promise<boolean> {
  return deps.knex.transaction(async (trx) => {
    const refund = await trx('refund').where({ refund_id: refundId }).forUpdate().first();
    if (!refund || refund.status !== 'REQUESTED') return false;
    const app = await lockApplication(trx, refund.join_id);
    const payment = await trx('payment').where({ payment_id: refund.payment_id }).forUpdate().first();
    const cancelled = payment.cancelled_krw + refund.amount_krw;
    await trx('refund').where({ refund_id: refundId }).update({ status: 'SUCCEEDED', pg_cancellation_id: pg.pgCancellationId, cancelled_at: pg.cancelledAt });
    await trx('payment').where({ payment_id: refund.payment_id }).update({
      cancelled_krw: cancelled,
      status: cancelled >= payment.amount_krw ? 'CANCELLED' : 'PARTIAL_CANCELLED',
      updated_at: trx.fn.now(),
    });
    await recordPaymentEvent(trx, refund.join_id, 'REFUNDED', refund.amount_krw, refund.reason);
    let key: string | number = `refund-${refundId}`;
    if (refund.target_status && refund.target_status !== app.status) {
      const done = await transition(trx, { joinId: refund.join_id, to: refund.target_status, actor: refund.actor, actorUserId: refund.actor_user_id, reason: refund.reason });
      key = done.historyId;
    }
    await queueMail(deps, trx, refund.join_id, 'REFUNDED', key, refund.amount_krw);
    return true;
  });
}

/**
 * Repairs refunds in flight from the PG's record of the payment: when the PG cancelled at least what we
 * asked, the request is settled; when it never got it, it is asked again (the cancellable-amount guard makes
 * a double cancel impossible).
 */
export async function repairRefunds(deps: PaymentDeps, paymentId: string, pgPayment?: PgPayment): Promise<string> {
  const payment = await deps.knex('payment').where({ payment_id: paymentId }).first();
  if (!payment || payment.status === 'PENDING' || payment.status === 'FAILED') return 'UNCHANGED';
  let refund = await deps.knex('refund').where({ payment_id: paymentId, status: 'REQUESTED' }).first();
  if (!refund && !pgPayment) return 'UNCHANGED';
  const record = pgPayment ?? (await deps.pg.getPayment(paymentId));
  if (record.amount?.total !== payment.amount_krw || record.currency !== payment.currency) return 'MISMATCH';
  if (!refund) {
    // Cancelled at the PG outside this service (its console): recorded as the PG has it.
    const extra = (record.amount.cancelled ?? 0) - payment.cancelled_krw;
    if (extra <= 0) return 'UNCHANGED';
    refund = await recordExternalRefund(deps, payment, extra);
    if (!refund) return 'UNCHANGED';
  }
  if ((record.amount.cancelled ?? 0) >= payment.cancelled_krw + refund.amount_krw) {
    const last = record.cancellations?.at(-1);
    await settleRefund(deps, refund.refund_id, { pgCancellationId: last?.id ?? null, cancelledAt: last?.cancelledAt ? new Date(last.cancelledAt) : deps.clock() });
    return 'SETTLED';
  }
  try {
    const answer = await deps.pg.cancelPayment(paymentId, { amount: refund.amount_krw, reason: refund.reason, currentCancellableAmount: payment.amount_krw - payment.cancelled_krw });
    await settleRefund(deps, refund.refund_id, { pgCancellationId: answer.cancellation.id, cancelledAt: new Date(answer.cancellation.cancelledAt) });
    return 'SETTLED';
  } catch (error) {
    if (error instanceof PgError && error.type !== 'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN') {
      await deps.knex('refund').where({ refund_id: refund.refund_id, status: 'REQUESTED' }).update({ status: 'FAILED' });
      return 'FAILED';
    }
    throw error;
  }
}

/** A refund the PG made without us (operators in the PG console), written as a request to settle at once. */
async function recordExternalRefund(deps: PaymentDeps, payment: Row, amount: number): Promise<Row | null> {
  return deps.knex.transaction(async (trx) => {
    const app = await lockApplication(trx, payment.join_id);
    if (await trx('refund').where({ payment_id: payment.payment_id, status: 'REQUESTED' }).first()) return null;
    const remaining = payment.amount_krw - payment.cancelled_krw;
    const target = targetOf(app, remaining, amount);
    const [refund] = await trx('refund')
      .insert({
        payment_id: payment.payment_id,
        join_id: payment.join_id,
        refund_case: 'PG_DIRECT',
        amount_krw: amount,
        reason: 'PG에서 직접 취소',
        target_status: canTransition(app.status, target) ? target : null,
        actor: 'PG',
      })
      .returning('*');
    return refund;
  });
}
