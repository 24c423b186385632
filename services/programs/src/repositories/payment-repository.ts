/**
 * The charges (`payment`: one row per charge obligation, src/payments/charges.ts) and the member's payment
 * timeline (`payment_event`). Every function runs in the connection or transaction it is given: the payment core
 * keeps its transactions, its row locks (the application first, then the payment) and their order.
 */
import type { Knex } from 'knex';
import type { PaymentEventType } from '@sq/contracts/api/applications';
import type { Row } from '@sq/service-kit';
import type { Db } from './db';

/** Payment states in which the PG took the money (whatever was refunded since). */
export const CHARGED_PAYMENT_STATUSES: readonly string[] = ['PAID', 'PARTIAL_CANCELLED', 'CANCELLED'];

/** A payment row: the columns the payment core reads by name are typed. */
export interface PaymentRow extends Row {
  payment_id: string;
  join_id: number;
  status: string;
  amount_krw: number;
  cancelled_krw: number;
  currency: string;
}

export async function findPayment(db: Db, paymentId: string): Promise<PaymentRow | undefined> {
  return db('payment').where({ payment_id: paymentId }).first();
}

/** `FOR UPDATE` on one payment row (taken after the application's lock). */
export async function lockPayment(trx: Knex.Transaction, paymentId: string): Promise<PaymentRow | undefined> {
  return trx('payment').where({ payment_id: paymentId }).forUpdate().first();
}

/** The application's charged payment, the newest: refunds are taken out of it. */
export async function chargedPayment(db: Db, joinId: number): Promise<Row | undefined> {
  return db('payment')
    .where({ join_id: joinId })
    .whereIn('status', CHARGED_PAYMENT_STATUSES)
    .orderBy('created_at', 'desc')
    .first();
}

/** The application's payment `paymentId` when it is charged (paid, or refunded in part or whole). */
export async function chargedPaymentOf(db: Db, joinId: number, paymentId: string): Promise<Row | undefined> {
  return db('payment')
    .where({ join_id: joinId, payment_id: paymentId })
    .whereIn('status', CHARGED_PAYMENT_STATUSES)
    .first();
}

/** A charged payment of the application other than `paymentId`. */
export async function otherChargedPayment(db: Db, joinId: number, paymentId: string): Promise<Row | undefined> {
  return db('payment')
    .where({ join_id: joinId })
    .whereNot({ payment_id: paymentId })
    .whereIn('status', CHARGED_PAYMENT_STATUSES)
    .first();
}

/** The application's charge in flight (PENDING), if any. */
export async function pendingCharge(db: Db, joinId: number): Promise<Row | undefined> {
  return db('payment').where({ join_id: joinId, status: 'PENDING' }).first();
}

/** The states of all the application's payments. */
export async function paymentStatusesOf(db: Db, joinId: number): Promise<{ status: string }[]> {
  return db('payment').where({ join_id: joinId }).select('status');
}

export interface ChargeAttempt {
  billingKey: string;
  amountKrw: number;
  currency: string;
}

const attemptColumns = (attempt: ChargeAttempt) => ({
  billing_key: attempt.billingKey,
  amount_krw: attempt.amountKrw,
  currency: attempt.currency,
});

/** The obligation's first attempt (PENDING); the row. */
export async function insertCharge(
  trx: Knex.Transaction,
  paymentId: string,
  joinId: number,
  attempt: ChargeAttempt,
): Promise<Row> {
  const [payment] = await trx('payment')
    .insert({ payment_id: paymentId, join_id: joinId, ...attemptColumns(attempt) })
    .returning('*');
  return payment;
}

/** The next attempt of an obligation whose row exists: PENDING again, the last outcome cleared; updated_at marks its start. */
export async function restartCharge(trx: Knex.Transaction, paymentId: string, attempt: ChargeAttempt): Promise<Row> {
  const [payment] = await trx('payment')
    .where({ payment_id: paymentId })
    .update({
      ...attemptColumns(attempt),
      status: 'PENDING',
      failure_reason: null,
      pg_tx_id: null,
      paid_at: null,
      updated_at: trx.fn.now(),
    })
    .returning('*');
  return payment;
}

/** PAID as the PG has it; `billingKey` when the PG charged another card than the attempt's (an earlier attempt's). */
export async function markPaymentPaid(
  trx: Knex.Transaction,
  paymentId: string,
  pg: { pgTxId: string | null; paidAt: Date; billingKey?: string },
): Promise<void> {
  const card = pg.billingKey ? { billing_key: pg.billingKey } : {};
  await trx('payment')
    .where({ payment_id: paymentId })
    .update({
      status: 'PAID',
      pg_tx_id: pg.pgTxId,
      paid_at: pg.paidAt,
      failure_reason: null,
      ...card,
      updated_at: trx.fn.now(),
    });
}

/** FAILED with its reason (the column holds 500 characters). */
export async function markPaymentFailed(trx: Knex.Transaction, paymentId: string, reason: string): Promise<void> {
  await trx('payment')
    .where({ payment_id: paymentId })
    .update({ status: 'FAILED', failure_reason: reason.slice(0, 500), updated_at: trx.fn.now() });
}

/** What was cancelled of the payment so far, and its state after it. */
export async function bookCancelled(
  trx: Knex.Transaction,
  paymentId: string,
  booked: { cancelledKrw: number; status: 'CANCELLED' | 'PARTIAL_CANCELLED' },
): Promise<void> {
  await trx('payment')
    .where({ payment_id: paymentId })
    .update({ cancelled_krw: booked.cancelledKrw, status: booked.status, updated_at: trx.fn.now() });
}

/**
 * Charges in flight whose attempt started `olderThanSeconds` ago or earlier, on the database's clock (which wrote
 * the timestamps; the service's clock may differ: another host, or a test's injected day).
 */
export async function pendingChargesOlderThan(db: Db, olderThanSeconds: number, limit: number): Promise<string[]> {
  return db('payment')
    .where({ status: 'PENDING' })
    .where('updated_at', '<=', db.raw('now() - make_interval(secs => ?)', [olderThanSeconds]))
    .limit(limit)
    .pluck('payment_id');
}

/**
 * Charges closed (FAILED with `reason`) between `olderThanSeconds + windowSeconds` and `olderThanSeconds` ago, on
 * the database's clock.
 */
export async function closedChargesBetween(
  db: Db,
  reason: string,
  olderThanSeconds: number,
  windowSeconds: number,
  limit: number,
): Promise<string[]> {
  return db('payment')
    .where({ status: 'FAILED', failure_reason: reason })
    .where('updated_at', '<=', db.raw('now() - make_interval(secs => ?)', [olderThanSeconds]))
    .where('updated_at', '>', db.raw('now() - make_interval(secs => ?)', [olderThanSeconds + windowSeconds]))
    .limit(limit)
    .pluck('payment_id');
}

/** A line of the payment timeline (the note column holds 500 characters). */
export async function addPaymentEvent(
  db: Db,
  joinId: number,
  type: PaymentEventType,
  amountKrw: number,
  note: string | null,
): Promise<void> {
  await db('payment_event').insert({ join_id: joinId, type, amount_krw: amountKrw, note: note?.slice(0, 500) ?? null });
}

/** The application's payment timeline, oldest first. */
export async function paymentEventsOf(db: Db, joinId: number): Promise<Row[]> {
  return db('payment_event').where({ join_id: joinId }).orderBy('event_id');
}
