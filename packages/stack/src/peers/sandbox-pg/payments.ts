import { randomUUID } from 'node:crypto';
import { stringField } from './http-io';
import { TEST_CARDS } from './pages';
import {
  Problem,
  SANDBOX_PG_MESSAGES,
  type Json,
  type SandboxCancellation,
  type SandboxPayment,
  type SandboxPgStore,
} from './types';

/**
 * Payments: a charge with a billing key (payWithBillingKey, PortOne V2's rules for payment ids), a cancellation,
 * and a payment as PortOne's Payment shows it.
 */
export function createPayments(store: SandboxPgStore) {
  const { options, billingKeys, payments, faults, nowIso, emit } = store;

  const paymentView = (p: SandboxPayment) => ({
    status: p.status,
    id: p.id,
    transactionId: p.transactionId,
    pgTxId: p.pgTxId,
    storeId: p.storeId,
    billingKey: p.billingKey,
    orderName: p.orderName,
    customer: { id: p.customerId },
    method: { type: 'PaymentMethodCard', card: { number: billingKeys.get(p.billingKey)?.cardNumber ?? null } },
    amount: { ...p.amount },
    currency: p.currency,
    requestedAt: p.requestedAt,
    updatedAt: p.updatedAt,
    statusChangedAt: p.updatedAt,
    paidAt: p.paidAt,
    failedAt: p.failedAt,
    cancelledAt: p.cancelledAt,
    cancellations: p.cancellations.map((c) => ({ ...c })),
    ...(p.failure ? { failure: { ...p.failure } } : {}),
  });

  async function charge(paymentId: string, body: Json) {
    const existing = payments.get(paymentId);
    // PortOne V2: at most one successful attempt per paymentId; a FAILED one may be attempted again, and one
    // in progress (READY) refuses a second attempt meanwhile (header).
    if (existing && existing.status !== 'FAILED')
      throw new Problem(409, 'ALREADY_PAID', SANDBOX_PG_MESSAGES.alreadyPaid);
    const billingKey = stringField(body, 'billingKey');
    const orderName = stringField(body, 'orderName');
    const amount = (body.amount as Json | undefined)?.total;
    if (!Number.isSafeInteger(amount) || (amount as number) <= 0)
      throw new Problem(400, 'INVALID_REQUEST', 'amount.total은 1 이상의 정수여야 합니다.');
    if ((body.currency ?? 'KRW') !== 'KRW') throw new Problem(400, 'INVALID_REQUEST', '통화는 KRW만 지원합니다.');
    if (body.storeId !== undefined && body.storeId !== options.storeId)
      throw new Problem(403, 'FORBIDDEN', '상점 아이디가 올바르지 않습니다.');
    const key = billingKeys.get(billingKey);
    if (!key) throw new Problem(404, 'BILLING_KEY_NOT_FOUND', '빌링키를 찾을 수 없습니다.');
    if (key.status === 'DELETED') throw new Problem(409, 'BILLING_KEY_ALREADY_DELETED', '이미 삭제된 빌링키입니다.');
    const customer = body.customer as Json | undefined;
    const now = nowIso();
    const payment: SandboxPayment = {
      id: paymentId,
      transactionId: randomUUID(),
      pgTxId: null,
      storeId: options.storeId,
      billingKey,
      orderName,
      customerId: typeof customer?.id === 'string' ? customer.id : key.customerId,
      status: 'READY',
      amount: { total: amount as number, paid: 0, cancelled: 0 },
      currency: 'KRW',
      requestedAt: existing?.requestedAt ?? now,
      updatedAt: now,
      paidAt: null,
      failedAt: null,
      cancelledAt: null,
      failure: null,
      cancellations: [],
    };
    payments.set(paymentId, payment);
    // The attempt is with the card company: READY for everyone who looks until it is decided.
    if (faults.chargeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.chargeDelayMs));
    const decidedAt = nowIso();
    if (key.fullNumber === TEST_CARDS.insufficientFunds) {
      Object.assign(payment, {
        status: 'FAILED',
        updatedAt: decidedAt,
        failedAt: decidedAt,
        failure: { reason: SANDBOX_PG_MESSAGES.insufficientFunds, pgCode: '51', pgMessage: 'Insufficient funds' },
      });
      emit('Transaction.Failed', { paymentId, transactionId: payment.transactionId });
      return {
        status: 502,
        body: {
          type: 'PG_PROVIDER',
          message: SANDBOX_PG_MESSAGES.insufficientFunds,
          pgCode: '51',
          pgMessage: 'Insufficient funds',
        },
      };
    }
    Object.assign(payment, {
      status: 'PAID',
      updatedAt: decidedAt,
      paidAt: decidedAt,
      pgTxId: `sandbox-${randomUUID()}`,
      amount: { total: payment.amount.total, paid: payment.amount.total, cancelled: 0 },
    });
    emit('Transaction.Paid', { paymentId, transactionId: payment.transactionId });
    return { status: 200, body: { payment: { pgTxId: payment.pgTxId, paidAt: payment.paidAt } } };
  }

  /** `announce` false: the PG's webhook of it is lost (the console's form can do that, for reconciliation to find). */
  function cancel(paymentId: string, body: Json, announce = true) {
    const payment = payments.get(paymentId);
    if (!payment) throw new Problem(404, 'PAYMENT_NOT_FOUND', '결제 건이 존재하지 않습니다.');
    const reason = stringField(body, 'reason');
    if (payment.status === 'CANCELLED') throw new Problem(409, 'PAYMENT_ALREADY_CANCELLED', '이미 취소된 결제입니다.');
    if (payment.status !== 'PAID' && payment.status !== 'PARTIAL_CANCELLED')
      throw new Problem(409, 'PAYMENT_NOT_PAID', '결제가 완료되지 않았습니다.');
    const cancellable = payment.amount.paid - payment.amount.cancelled;
    if (body.currentCancellableAmount !== undefined && body.currentCancellableAmount !== cancellable) {
      throw new Problem(409, 'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN', '취소 가능 금액이 일치하지 않습니다.', {
        cancellableAmount: cancellable,
      });
    }
    const amount = body.amount === undefined ? cancellable : body.amount;
    if (!Number.isSafeInteger(amount) || (amount as number) <= 0)
      throw new Problem(400, 'INVALID_REQUEST', 'amount는 1 이상의 정수여야 합니다.');
    if ((amount as number) > cancellable)
      throw new Problem(400, 'CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT', '취소 금액이 취소 가능 금액을 넘습니다.', {
        cancellableAmount: cancellable,
      });
    const now = nowIso();
    const cancellation: SandboxCancellation = {
      id: randomUUID(),
      pgCancellationId: `sandbox-cancel-${randomUUID()}`,
      status: 'SUCCEEDED',
      totalAmount: amount as number,
      reason,
      requestedAt: now,
      cancelledAt: now,
    };
    payment.cancellations.push(cancellation);
    payment.amount.cancelled += cancellation.totalAmount;
    payment.status = payment.amount.cancelled === payment.amount.paid ? 'CANCELLED' : 'PARTIAL_CANCELLED';
    payment.updatedAt = now;
    payment.cancelledAt = now;
    if (announce)
      emit(payment.status === 'CANCELLED' ? 'Transaction.Cancelled' : 'Transaction.PartialCancelled', {
        paymentId,
        transactionId: payment.transactionId,
        cancellationId: cancellation.id,
      });
    return { cancellation: { ...cancellation } };
  }

  return { paymentView, charge, cancel };
}

export type Payments = ReturnType<typeof createPayments>;
