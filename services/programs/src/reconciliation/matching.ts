import { formatKrw } from '@sq/contracts/format';
import { CHARGED_PAYMENT_STATUSES, type PaymentRow } from '../repositories/payment-repository';
import type { NewException } from '../repositories/reconciliation-repository';
import type { PgPayment } from '../clients/pg-client';

/**
 * How one payment's record at the PG compares with our books, amount by amount:
 *  - matched: both charged it, for the same total, and the PG's cancellations add up to what our books refunded;
 *  - mismatched: the findings (each an exception's subject, so the same mismatch found again is the same exception;
 *    an amount mismatch's subject carries both amounts, so one that changed is a new one);
 *  - in flight: the PG still deciding (READY), our charge PENDING (the repair job's; too long is its own check), or a
 *    refund movement of ours in flight (REQUESTED) while the cancelled amounts differ; or nothing moved at all (both
 *    FAILED, or the PG has no record of a charge we hold as failed).
 */
export type Verdict =
  | { kind: 'MATCHED'; chargedKrw: number; refundedKrw: number }
  | { kind: 'MISMATCHED'; findings: NewException[] }
  | { kind: 'IN_FLIGHT' };

const charged = (status: string) => CHARGED_PAYMENT_STATUSES.includes(status);

/**
 * `record` null: the PG has no payment under the id. `refundInFlight`: our books have a movement of the payment asked
 * and not settled yet.
 */
export function matchPayment(
  paymentId: string,
  record: PgPayment | null,
  payment: PaymentRow | undefined,
  refundInFlight: boolean,
): Verdict {
  const joinId = payment?.join_id ?? null;
  if (!record) {
    if (!payment || !charged(payment.status)) return { kind: 'IN_FLIGHT' };
    return mismatch({
      kind: 'BOOKED_NOT_AT_PG',
      subjectKey: `BOOKED_NOT_AT_PG:${paymentId}`,
      paymentId,
      joinId,
      amountKrw: payment.amount_krw,
      detail: `장부에는 ${formatKrw(payment.amount_krw)} 결제가 있지만 PG에 이 결제 건이 없어요.`,
    });
  }
  if (record.status === 'READY') return { kind: 'IN_FLIGHT' };
  const paidAtPg = charged(record.status);
  const pgPaid = record.amount?.paid ?? 0;
  if (!payment) {
    if (!paidAtPg) return { kind: 'IN_FLIGHT' };
    return mismatch({
      kind: 'PAID_AT_PG_NOT_BOOKED',
      subjectKey: `PAID_AT_PG_NOT_BOOKED:${paymentId}`,
      paymentId,
      amountKrw: pgPaid,
      detail: `PG에서 ${formatKrw(pgPaid)} 결제됐지만(PG 상태 ${record.status}) 장부에 이 결제 건이 없어요.`,
    });
  }
  if (payment.status === 'PENDING') return { kind: 'IN_FLIGHT' };
  if (paidAtPg && !charged(payment.status)) {
    return mismatch({
      kind: 'PAID_AT_PG_NOT_BOOKED',
      subjectKey: `PAID_AT_PG_NOT_BOOKED:${paymentId}`,
      paymentId,
      joinId,
      amountKrw: pgPaid,
      detail: `PG에서 ${formatKrw(pgPaid)} 결제됐지만 장부에는 결제 실패로 남아 있어요.`,
    });
  }
  if (!paidAtPg && charged(payment.status)) {
    return mismatch({
      kind: 'BOOKED_NOT_AT_PG',
      subjectKey: `BOOKED_NOT_AT_PG:${paymentId}`,
      paymentId,
      joinId,
      amountKrw: payment.amount_krw,
      detail: `장부에는 ${formatKrw(payment.amount_krw)} 결제가 있지만 PG에는 결제되지 않은 건(PG 상태 ${record.status})이에요.`,
    });
  }
  if (!paidAtPg) return { kind: 'IN_FLIGHT' };

  const findings: NewException[] = [];
  const pgTotal = record.amount?.total ?? 0;
  if (pgTotal !== payment.amount_krw) {
    findings.push({
      kind: 'AMOUNT_DIFFERS',
      subjectKey: `AMOUNT_DIFFERS:${paymentId}:charge:${pgTotal}:${payment.amount_krw}`,
      paymentId,
      joinId,
      amountKrw: Math.abs(pgTotal - payment.amount_krw),
      detail: `결제 금액이 달라요: PG ${formatKrw(pgTotal)}, 장부 ${formatKrw(payment.amount_krw)}.`,
    });
  }
  const pgCancelled = record.amount?.cancelled ?? 0;
  if (pgCancelled !== payment.cancelled_krw) {
    if (refundInFlight && !findings.length) return { kind: 'IN_FLIGHT' };
    const cancellations = record.cancellations?.length ?? 0;
    findings.push({
      kind: 'AMOUNT_DIFFERS',
      subjectKey: `AMOUNT_DIFFERS:${paymentId}:refund:${pgCancelled}:${payment.cancelled_krw}`,
      paymentId,
      joinId,
      amountKrw: Math.abs(pgCancelled - payment.cancelled_krw),
      detail: `환불 누계가 달라요: PG ${formatKrw(pgCancelled)}(취소 ${cancellations}건), 장부 ${formatKrw(payment.cancelled_krw)}.`,
    });
  }
  if (findings.length) return { kind: 'MISMATCHED', findings };
  return { kind: 'MATCHED', chargedKrw: pgPaid, refundedKrw: pgCancelled };
}

const mismatch = (finding: NewException): Verdict => ({ kind: 'MISMATCHED', findings: [finding] });
