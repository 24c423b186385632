import type { Knex } from 'knex';
import { canTransition } from '@sq/contracts/api/applications';
import type { Row } from '@sq/service-kit';
import { lockApplication, transition } from '../core/transition';
import { findApplication, loadContext } from '../repositories/application-lifecycle-repository';
import { bookCancelled, findPayment, lockPayment } from '../repositories/payment-repository';
import {
  activeEntitlements,
  addRefund,
  cancellationIdsBooked,
  entitlementActive,
  findRefund,
  lockRefund,
  markRefundFailed,
  markRefundSucceeded,
  recordRefusedAttempt,
  refundInFlight,
  replanRefund,
} from '../repositories/refund-ledger-repository';
import { PgError, PgUnavailableError, type PgPayment } from '../clients/pg-client';
import { paymentUnavailable } from './charges';
import { planRefund, recordRefundEvent, type RefundPlan } from '../core/refunds/ledger';
import { DEFAULT_REFUND_RETRY_MINUTES } from '../config';
import { countOnCommit, queueMail, type PaymentDeps } from '../core/deps';

export type { LedgerCase } from '../core/refunds/ledger';
/** A refund request of any path; the ledger decides the amount (src/core/refunds/ledger.ts). */
export type RefundRequest = RefundPlan;

export type RefundOutcome =
  | { status: 'REFUNDED'; refundKrw: number }
  | { status: 'NOTHING_TO_REFUND' }
  | { status: 'PENDING'; refundKrw: number };

/**
 * Applies a refund case to an application, once: the ledger's entry and movement are committed under the
 * application's lock before the PG is asked, so a repeated or concurrent request finds the case applied and
 * refunds nothing more; the repair job settles a movement whose answer was lost.
 */
export async function refundApplication(
  deps: PaymentDeps,
  joinId: number,
  request: RefundRequest,
): Promise<RefundOutcome> {
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
 * An unknown outcome stays REQUESTED for the repair job, which settles it from the PG's record. The guard
 * refusing means our books are behind the PG (a cancellation made in its console, not booked yet): the PG's
 * record is booked now and the movement re-planned and sent again (repairRefunds).
 */
export async function executeRefund(deps: PaymentDeps, planned: Row): Promise<RefundOutcome> {
  // The books before the movement, then the movement: read in this order, a movement settled (or re-planned and
  // sent) by the repair meanwhile is either seen here, or sent with a cancellable amount the PG no longer has.
  const payment = (await findPayment(deps.knex, planned.payment_id))!;
  const refund = (await findRefund(deps.knex, planned.refund_id))!;
  if (refund.status !== 'REQUESTED') return outcomeOfMovement(deps, refund);
  try {
    const answer = await deps.pg.cancelPayment(refund.payment_id, {
      amount: refund.amount_krw,
      reason: refund.reason,
      currentCancellableAmount: payment.amount_krw - payment.cancelled_krw,
    });
    await settleRefund(deps, refund.refund_id, {
      pgCancellationId: answer.cancellation.id,
      cancelledAt: new Date(answer.cancellation.cancelledAt),
    });
    return { status: 'REFUNDED', refundKrw: refund.amount_krw };
  } catch (error) {
    if (error instanceof PgError && BEHIND_PG.includes(error.type)) return settleBehindPg(deps, refund);
    if (error instanceof PgUnavailableError) {
      deps.log.warn({ err: error, refundId: refund.refund_id }, 'refund outcome unknown; left for the repair job');
      return { status: 'PENDING', refundKrw: refund.amount_krw };
    }
    if (error instanceof PgError) {
      await retryLater(deps, refund.refund_id, error);
      return { status: 'PENDING', refundKrw: refund.amount_krw };
    }
    throw error;
  }
}

/**
 * The PG's answers that say our books are behind its record (cancellations made in its console): the
 * cancellable amount we sent is not the PG's, or the PG cancelled the whole payment already.
 */
const BEHIND_PG = ['CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN', 'PAYMENT_ALREADY_CANCELLED'];

/** The movement once repairRefunds brought our books up to the PG's record. */
async function settleBehindPg(deps: PaymentDeps, refund: Row): Promise<RefundOutcome> {
  await repairRefunds(deps, refund.payment_id).catch((error: unknown) =>
    deps.log.warn({ err: error, refundId: refund.refund_id }, 'refund behind the PG; left for the repair job'),
  );
  return outcomeOfMovement(deps, (await findRefund(deps.knex, refund.refund_id))!);
}

/** What the caller of a movement is told from its row as it is now. */
async function outcomeOfMovement(deps: PaymentDeps, refund: Row): Promise<RefundOutcome> {
  if (refund.status === 'SUCCEEDED') return { status: 'REFUNDED', refundKrw: refund.amount_krw };
  if (refund.status === 'REQUESTED') return { status: 'PENDING', refundKrw: refund.amount_krw };
  // Closed because what the PG's console gave back covered it (its case stays applied), or refused for good.
  if (refund.entitlement_id && (await entitlementActive(deps.knex, refund.entitlement_id)))
    return { status: 'NOTHING_TO_REFUND' };
  throw paymentUnavailable();
}

/**
 * The PG refused the movement (the card company's error, a refusal of its own): the money is still owed, so the
 * movement stays REQUESTED, its case applied, and the repair job asks again on the backoff schedule
 * (REFUND_RETRY_SCHEDULE_MINUTES), for as long as it takes; listOwedRefundMovements shows it to operators.
 */
async function retryLater(deps: PaymentDeps, refundId: number, error: PgError): Promise<void> {
  const schedule = deps.refundRetryMinutes?.length ? deps.refundRetryMinutes : DEFAULT_REFUND_RETRY_MINUTES;
  await deps.knex.transaction(async (trx) => {
    const refund = await lockRefund(trx, refundId);
    if (!refund || refund.status !== 'REQUESTED') return;
    const at = deps.clock();
    const minutes = schedule[Math.min(Number(refund.attempts), schedule.length - 1)]!;
    await recordRefusedAttempt(trx, refundId, {
      at,
      nextAttemptAt: new Date(at.getTime() + minutes * 60_000),
      error: error.message || error.type,
    });
    countOnCommit(trx, deps.metrics?.refunds, 'refused');
    deps.log.warn(
      { refundId, attempts: Number(refund.attempts) + 1, err: error },
      'refund refused by the PG; still owed, asked again later',
    );
  });
}

/** Writes a movement the PG confirmed, once, under the application's lock. */
export async function settleRefund(
  deps: PaymentDeps,
  refundId: number,
  pg: { pgCancellationId: string | null; cancelledAt: Date },
): Promise<boolean> {
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
async function settleLocked(
  deps: PaymentDeps,
  trx: Knex.Transaction,
  refundId: number,
  pg: { pgCancellationId: string | null; cancelledAt: Date },
): Promise<boolean> {
  const refund = await lockRefund(trx, refundId);
  if (!refund || refund.status !== 'REQUESTED') return false;
  await markRefundSucceeded(trx, refundId, pg);
  await bookSettled(deps, trx, refund);
  return true;
}

/** Books a movement the PG made (already SUCCEEDED): the payment's cancelled amount, the timeline, the state, the mail. */
async function bookSettled(deps: PaymentDeps, trx: Knex.Transaction, refund: Row): Promise<void> {
  countOnCommit(trx, deps.metrics?.refunds, 'succeeded');
  const app = (await findApplication(trx, refund.join_id))!;
  const payment = (await lockPayment(trx, refund.payment_id))!;
  const cancelled = payment.cancelled_krw + refund.amount_krw;
  await bookCancelled(trx, refund.payment_id, {
    cancelledKrw: cancelled,
    status: cancelled >= payment.amount_krw ? 'CANCELLED' : 'PARTIAL_CANCELLED',
  });
  await recordRefundEvent(trx, refund);
  let key: string | number = `refund-${refund.refund_id}`;
  if (refund.target_status && refund.target_status !== app.status) {
    const done = await transition(trx, {
      joinId: refund.join_id,
      to: refund.target_status,
      actor: refund.actor,
      actorUserId: refund.actor_user_id,
      reason: refund.reason,
    });
    key = done.historyId;
  }
  await queueMail(deps, trx, refund.join_id, 'REFUNDED', key, refund.amount_krw);
}

type Cancellation = NonNullable<PgPayment['cancellations']>[number];
const settledBy = (deps: PaymentDeps, cancellation: Cancellation | undefined) => ({
  pgCancellationId: cancellation?.id ?? null,
  cancelledAt: cancellation?.cancelledAt ? new Date(cancellation.cancelledAt) : deps.clock(),
});

/**
 * The PG's cancellation that is the movement in flight, if the PG made it: one our books do not hold yet, of the
 * movement's amount and reason (what we sent). Without the PG's list of cancellations: when the PG cancelled at
 * least what our books and the movement add up to.
 */
function movementAtPg(
  record: PgPayment,
  movement: Row,
  booked: Set<string>,
  unbooked: number,
): Cancellation | null | undefined {
  if (!record.cancellations) return unbooked >= movement.amount_krw ? undefined : null;
  const ours = record.cancellations.find(
    (c) =>
      !booked.has(c.id) &&
      c.totalAmount === movement.amount_krw &&
      (c.reason === undefined || c.reason === movement.reason),
  );
  return ours ?? null;
}

/**
 * Repairs the refunds of one payment from the PG's record of it. Everything is decided under the
 * application's lock from our books as they are then (never from a read made before it), so a movement is
 * settled once and a cancellation made at the PG's console is booked once:
 *  - the movement in flight is settled when the PG made it (its cancellation is in the record);
 *  - what the PG cancelled beyond our books and that movement was made without us (its console): booked first
 *    as PG_DIRECT, so it counts toward what the member is owed;
 *  - a movement the PG never got is re-planned against what is refunded now (never more than the largest
 *    entitlement in all: the console's money counts) and asked again with the PG's cancellable amount, whose
 *    guard makes a double cancel impossible; nothing left to give, it is closed (its case stays applied).
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
    let payment = (await lockPayment(trx, paymentId))!;
    const inFlight = await refundInFlight(trx, paymentId);
    const booked = new Set(await cancellationIdsBooked(trx, paymentId));
    let unbooked = pgCancelled - payment.cancelled_krw;
    const ours = inFlight ? movementAtPg(record, inFlight, booked, unbooked) : null;
    if (inFlight && ours !== null) {
      await settleLocked(
        deps,
        trx,
        inFlight.refund_id,
        ours ? settledBy(deps, ours) : settledBy(deps, record.cancellations?.at(-1)),
      );
      if (ours) booked.add(ours.id);
      unbooked -= inFlight.amount_krw;
      payment = (await lockPayment(trx, paymentId))!;
    }
    if (unbooked > 0) {
      const console = record.cancellations?.filter((c) => !booked.has(c.id)).at(-1);
      await bookSettled(deps, trx, await addExternalRefund(trx, payment, unbooked, settledBy(deps, console)));
      payment = (await lockPayment(trx, paymentId))!;
    }
    if (!inFlight || ours !== null) return unbooked > 0 || inFlight ? ('SETTLED' as const) : ('UNCHANGED' as const);
    const ask = await replanMovement(trx, inFlight, payment);
    if (!ask) return 'SETTLED' as const;
    return { ask, cancellable: payment.amount_krw - payment.cancelled_krw };
  });
  if (typeof decision === 'string') return decision;
  const { ask, cancellable } = decision;
  try {
    const answer = await deps.pg.cancelPayment(paymentId, {
      amount: ask.amount_krw,
      reason: ask.reason,
      currentCancellableAmount: cancellable,
    });
    await settleRefund(deps, ask.refund_id, {
      pgCancellationId: answer.cancellation.id,
      cancelledAt: new Date(answer.cancellation.cancelledAt),
    });
    return 'SETTLED';
  } catch (error) {
    if (error instanceof PgError && !BEHIND_PG.includes(error.type)) {
      await retryLater(deps, ask.refund_id, error);
      return 'REFUSED';
    }
    throw error;
  }
}

/**
 * A movement the PG never got, against the books as they are now (a console cancellation just booked counts):
 * what it gives is cut to what the member is still owed (the largest entitlement applied, less what was
 * refunded), never raised. Nothing left: it is closed without asking the PG (its case stays applied, covered)
 * and the application takes the state the movement was to leave it in. Answers the movement to send, or null.
 */
async function replanMovement(
  trx: Knex.Transaction,
  movement: Row,
  payment: { amount_krw: number; cancelled_krw: number },
): Promise<Row | null> {
  const refunded = payment.cancelled_krw;
  const owed = movement.entitlement_id
    ? Math.max(
        0,
        ...(await activeEntitlements(trx, movement.join_id, movement.payment_id)).map((e) => Number(e.entitlement_krw)),
      ) - refunded
    : movement.amount_krw;
  const amount = Math.max(0, Math.min(movement.amount_krw, owed, payment.amount_krw - refunded));
  if (amount === movement.amount_krw) return movement;
  if (amount === 0) {
    await markRefundFailed(trx, movement.refund_id);
    const app = (await findApplication(trx, movement.join_id))!;
    if (
      movement.target_status &&
      movement.target_status !== app.status &&
      canTransition(app.status, movement.target_status)
    ) {
      await transition(trx, {
        joinId: movement.join_id,
        to: movement.target_status,
        actor: movement.actor,
        actorUserId: movement.actor_user_id,
        reason: movement.reason,
      });
    }
    return null;
  }
  const target = movement.target_status
    ? refunded + amount >= payment.amount_krw
      ? 'REFUNDED'
      : 'PARTIALLY_REFUNDED'
    : null;
  return replanRefund(trx, movement.refund_id, { amountKrw: amount, targetStatus: target });
}

/**
 * A cancellation the PG made without us (operators in the PG console): a movement without a case (it is money
 * that went back, so it counts toward every entitlement), written as the PG made it (SUCCEEDED, beside a movement
 * of ours that may be in flight); the caller books it (bookSettled).
 */
async function addExternalRefund(
  trx: Knex.Transaction,
  payment: { payment_id: string; join_id: number; amount_krw: number; cancelled_krw: number },
  amount: number,
  pg: { pgCancellationId: string | null; cancelledAt: Date },
) {
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
    settled: pg,
  });
}
