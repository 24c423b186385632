/**
 * The refund ledger's books (src/core/refunds/ledger.ts decides, src/payments/refunds.ts settles): the cases applied
 * to an application (`refund_entitlement`) and every movement of money back (`refund`, one row per PG
 * cancellation). Every function runs in the connection or transaction it is given: callers hold the application's
 * row lock, so the ledger is read and written by one request at a time per application.
 */
import type { Knex } from 'knex';
import type { ApplicationActor, ApplicationState } from '@sq/contracts/api/applications';
import type { Row } from '@sq/service-kit';
import type { Db } from './db';

/** What was refunded of the payment already, or is being refunded now (REQUESTED and SUCCEEDED movements). */
export async function refundedKrw(db: Db, paymentId: string): Promise<number> {
  const movements = await db('refund')
    .where({ payment_id: paymentId })
    .whereIn('status', ['REQUESTED', 'SUCCEEDED'])
    .sum({ total: 'amount_krw' })
    .first();
  return Number(movements?.total ?? 0);
}

/** The cases applied to the application's payment `paymentId` and not voided. */
export async function activeEntitlements(
  db: Db,
  joinId: number,
  paymentId: string,
): Promise<{ case_key: string; entitlement_krw: number; phase: string | null }[]> {
  return db('refund_entitlement')
    .where({ join_id: joinId, payment_id: paymentId })
    .whereNull('voided_at')
    .select('case_key', 'entitlement_krw', 'phase');
}

export interface NewEntitlement {
  joinId: number;
  paymentId: string;
  caseKey: string;
  refundCase: string;
  entitlementKrw: number;
  phase: string | null;
  actor: ApplicationActor;
  actorUserId: number | null;
  reason: string;
  at: Date;
}

/** Whether the case was applied to the application and then voided (the PG refused its refund), and is not applied now. */
export async function caseVoidedOnly(db: Db, joinId: number, caseKey: string): Promise<boolean> {
  const rows: { voided_at: Date | null }[] = await db('refund_entitlement')
    .where({ join_id: joinId, case_key: caseKey })
    .select('voided_at');
  return rows.length > 0 && rows.every((r) => r.voided_at !== null);
}

/** A case applied (the phase column holds 200 characters, the reason 300); the row. */
export async function addEntitlement(trx: Knex.Transaction, entitlement: NewEntitlement): Promise<Row> {
  const [row] = await trx('refund_entitlement')
    .insert({
      join_id: entitlement.joinId,
      payment_id: entitlement.paymentId,
      case_key: entitlement.caseKey,
      refund_case: entitlement.refundCase,
      entitlement_krw: entitlement.entitlementKrw,
      phase: entitlement.phase?.slice(0, 200) ?? null,
      actor: entitlement.actor,
      actor_user_id: entitlement.actorUserId,
      reason: entitlement.reason.slice(0, 300),
      created_at: entitlement.at,
    })
    .returning('*');
  return row;
}

/** The PG refused the movement a case caused: the case counts as not applied (it may be applied again). */
export async function voidEntitlement(db: Db, entitlementId: number, at: Date): Promise<void> {
  await db('refund_entitlement')
    .where({ entitlement_id: entitlementId })
    .whereNull('voided_at')
    .update({ voided_at: at });
}

export interface NewRefund {
  paymentId: string;
  joinId: number;
  /** The case behind the movement; absent for a cancellation made at the PG's console. */
  entitlementId?: number;
  refundCase: string;
  amountKrw: number;
  reason: string;
  /** The application's state once the movement is settled; null: unchanged. */
  targetStatus: ApplicationState | null;
  actor: ApplicationActor;
  actorUserId?: number | null;
  /** A movement the PG already made (a cancellation in its console): written SUCCEEDED with its cancellation. */
  settled?: { pgCancellationId: string | null; cancelledAt: Date };
}

/** A movement, REQUESTED unless the PG already made it (the reason column holds 300 characters); the row. */
export async function addRefund(trx: Knex.Transaction, refund: NewRefund): Promise<Row> {
  const [row] = await trx('refund')
    .insert({
      payment_id: refund.paymentId,
      join_id: refund.joinId,
      ...(refund.entitlementId !== undefined ? { entitlement_id: refund.entitlementId } : {}),
      refund_case: refund.refundCase,
      amount_krw: refund.amountKrw,
      reason: refund.reason.slice(0, 300),
      target_status: refund.targetStatus,
      actor: refund.actor,
      ...(refund.actorUserId !== undefined ? { actor_user_id: refund.actorUserId } : {}),
      ...(refund.settled
        ? {
            status: 'SUCCEEDED',
            pg_cancellation_id: refund.settled.pgCancellationId,
            cancelled_at: refund.settled.cancelledAt,
          }
        : {}),
    })
    .returning('*');
  return row;
}

export async function findRefund(db: Db, refundId: number): Promise<Row | undefined> {
  return db('refund').where({ refund_id: refundId }).first();
}

/** `FOR UPDATE` on one movement (taken after the application's lock). */
export async function lockRefund(trx: Knex.Transaction, refundId: number): Promise<Row | undefined> {
  return trx('refund').where({ refund_id: refundId }).forUpdate().first();
}

/** The payment's movement in flight (REQUESTED; at most one, by a unique index). */
export async function refundInFlight(db: Db, paymentId: string): Promise<Row | undefined> {
  return db('refund').where({ payment_id: paymentId, status: 'REQUESTED' }).first();
}

/** The PG's ids of the cancellations our books hold for the payment (settled movements). */
export async function cancellationIdsBooked(db: Db, paymentId: string): Promise<string[]> {
  return db('refund')
    .where({ payment_id: paymentId, status: 'SUCCEEDED' })
    .whereNotNull('pg_cancellation_id')
    .pluck('pg_cancellation_id');
}

/** Whether the entitlement still counts (not voided). */
export async function entitlementActive(db: Db, entitlementId: number): Promise<boolean> {
  return Boolean(
    await db('refund_entitlement')
      .where({ entitlement_id: entitlementId })
      .whereNull('voided_at')
      .first('entitlement_id'),
  );
}

/** A movement still in flight given a new amount and end state before it is sent again; the row. */
export async function replanRefund(
  trx: Knex.Transaction,
  refundId: number,
  plan: { amountKrw: number; targetStatus: ApplicationState | null },
): Promise<Row> {
  const [row] = await trx('refund')
    .where({ refund_id: refundId, status: 'REQUESTED' })
    .update({ amount_krw: plan.amountKrw, target_status: plan.targetStatus })
    .returning('*');
  return row;
}

/** The PG confirmed the movement. */
export async function markRefundSucceeded(
  trx: Knex.Transaction,
  refundId: number,
  pg: { pgCancellationId: string | null; cancelledAt: Date },
): Promise<void> {
  await trx('refund')
    .where({ refund_id: refundId })
    .update({ status: 'SUCCEEDED', pg_cancellation_id: pg.pgCancellationId, cancelled_at: pg.cancelledAt });
}

/** The PG refused a movement still in flight; the row, or undefined when it was not in flight any more. */
export async function markRefundFailed(trx: Knex.Transaction, refundId: number): Promise<Row | undefined> {
  const [failed] = await trx('refund')
    .where({ refund_id: refundId, status: 'REQUESTED' })
    .update({ status: 'FAILED' })
    .returning('*');
  return failed;
}

/**
 * Payments with a movement in flight since `olderThanSeconds` ago or earlier (on the database's clock) whose next
 * attempt after a refusal is due at `dueAt` (or that was never refused).
 */
export async function paymentsWithRefundsInFlightSince(
  db: Db,
  olderThanSeconds: number,
  limit: number,
  dueAt: Date,
): Promise<string[]> {
  return db('refund')
    .where({ status: 'REQUESTED' })
    .where('created_at', '<=', db.raw('now() - make_interval(secs => ?)', [olderThanSeconds]))
    .where((q) => q.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', dueAt))
    .orderBy('refund_id')
    .limit(limit)
    .pluck('payment_id');
}

/** The PG refused a movement still in flight: it stays owed (REQUESTED), asked again at `nextAttemptAt`; the row. */
export async function recordRefusedAttempt(
  trx: Knex.Transaction,
  refundId: number,
  attempt: { at: Date; nextAttemptAt: Date; error: string },
): Promise<Row | undefined> {
  const [row] = await trx('refund')
    .where({ refund_id: refundId, status: 'REQUESTED' })
    .update({
      attempts: trx.raw('attempts + 1'),
      last_attempt_at: attempt.at,
      next_attempt_at: attempt.nextAttemptAt,
      last_error: attempt.error.slice(0, 300),
    })
    .returning('*');
  return row;
}

/** A movement of money back that is owed and not paid yet (in flight, or refused and waiting for its next attempt). */
export interface OwedRefundMovement {
  refundId: number;
  paymentId: string;
  joinId: number;
  refundCase: string;
  amountKrw: number;
  reason: string;
  /** Refused attempts so far (0: asked once, answer not settled yet). */
  attempts: number;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

/**
 * Refunds and charge reversals owed since before `olderThan` and still not paid (REQUESTED), oldest first: what the
 * money operations' exceptions queue lists for operators (a refund the PG keeps refusing is retried for days; past
 * this age a person looks at it).
 */
export async function listOwedRefundMovements(db: Db, olderThan: Date, limit = 500): Promise<OwedRefundMovement[]> {
  const rows: Row[] = await db('refund')
    .where({ status: 'REQUESTED' })
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .select(
      'refund_id',
      'payment_id',
      'join_id',
      'refund_case',
      'amount_krw',
      'reason',
      'attempts',
      'last_attempt_at',
      'next_attempt_at',
      'last_error',
      'created_at',
    );
  return rows.map((r) => ({
    refundId: r.refund_id,
    paymentId: r.payment_id,
    joinId: r.join_id,
    refundCase: r.refund_case,
    amountKrw: r.amount_krw,
    reason: r.reason,
    attempts: r.attempts,
    lastAttemptAt: r.last_attempt_at,
    nextAttemptAt: r.next_attempt_at,
    lastError: r.last_error,
    createdAt: r.created_at,
  }));
}
