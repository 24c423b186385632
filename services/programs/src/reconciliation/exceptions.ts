import { MESSAGES } from '@sq/contracts';
import type {
  MoneyExceptionActionResponse,
  MoneyExceptionKind,
  MoneyExceptionResolution,
} from '@sq/contracts/api/money';
import { ApiError, conflict, notFound } from '@sq/service-kit';
import { audit } from '../repositories/audit-log-repository';
import { findPayment } from '../repositories/payment-repository';
import { findRefund, refundInFlight } from '../repositories/refund-ledger-repository';
import {
  closeException,
  findOpenException,
  heldBillingKeys,
  openExceptions,
  type ExceptionRow,
} from '../repositories/reconciliation-repository';
import { PgError, PgUnavailableError } from '../clients/pg-client';
import { repairCharge, settleFromPg } from '../payments/charges';
import { executeRefund, repairRefunds } from '../payments/refunds';
import { takeInIssuedKey } from '../payments/reservations';
import { CHARGED_PAYMENT_STATUSES } from '../repositories/payment-repository';
import { matchPayment } from './matching';
import { pgPaymentOrNull, type ReconcileDeps } from './reconcile';

/**
 * What operators do with an open exception (POST /api/admin/money/exceptions/{id}/...). Nothing here writes money by
 * hand: a retry asks the PG again through the ledger's own functions, "book the PG's record" settles from the PG's
 * record through the settle functions the webhook and the repair job use, and the exception is closed only when the
 * books are checked again and match (else it stays open and the answer says so). Closing with a reason changes no
 * money. Every action is in the audit log.
 */
export const RETRYABLE: readonly MoneyExceptionKind[] = ['REFUND_OWED_UNPAID', 'CHARGE_PENDING_TOO_LONG'];
export const BOOKABLE: readonly MoneyExceptionKind[] = [
  'PAID_AT_PG_NOT_BOOKED',
  'AMOUNT_DIFFERS',
  'CHARGE_PENDING_TOO_LONG',
  'KEY_ISSUED_UNHELD',
];

type Action = 'RETRY' | 'BOOK' | 'CLOSE';

/** The open exceptions, oldest first, with who they are about. */
export const openQueue = (deps: ReconcileDeps, limit: number) => openExceptions(deps.payments.knex, limit);

async function openOr404(deps: ReconcileDeps, exceptionId: number): Promise<ExceptionRow> {
  const exception = await findOpenException(deps.payments.knex, exceptionId);
  if (!exception) throw notFound(MESSAGES.moneyExceptionNotFound);
  return exception;
}

/**
 * Runs an action's work; one that fails is in the audit log too (with why), then answered: the PG unreachable is the
 * operator's to try again later (503), not a server error.
 */
async function attempt(
  deps: ReconcileDeps,
  exception: ExceptionRow,
  userId: number,
  action: Action,
  work: () => Promise<string>,
): Promise<string> {
  try {
    return await work();
  } catch (error) {
    const answer = error instanceof PgUnavailableError ? new ApiError(503, MESSAGES.moneyPgUnavailable) : error;
    await record(deps, exception, userId, action, `FAILED: ${(answer as Error).message}`, null, '');
    throw answer;
  }
}

/** Closes the exception (when `closeAs`) and writes the action to the audit log, in one transaction. */
async function record(
  deps: ReconcileDeps,
  exception: ExceptionRow,
  userId: number,
  action: Action,
  outcome: string,
  closeAs: MoneyExceptionResolution | null,
  reason: string,
): Promise<MoneyExceptionActionResponse> {
  const id = Number(exception.exception_id);
  const closed = await deps.payments.knex.transaction(async (trx) => {
    const done = closeAs ? await closeException(trx, id, { resolution: closeAs, reason, by: userId }) : false;
    // Closed meanwhile (another operator, a run): a close with a reason has nothing left to close.
    if (action === 'CLOSE' && !done) throw notFound(MESSAGES.moneyExceptionNotFound);
    await audit(trx, {
      actorUserId: userId,
      action: `MONEY_EXCEPTION_${action}`,
      targetType: 'MONEY_EXCEPTION',
      targetId: id,
      before: {
        kind: exception.kind,
        paymentId: exception.payment_id,
        joinId: exception.join_id,
        amountKrw: exception.amount_krw,
        detail: exception.detail,
      },
      after: { outcome, closed: done, ...(action === 'CLOSE' ? { reason } : {}) },
      at: deps.payments.clock(),
    });
    return done;
  });
  return { closed, outcome };
}

/** Whether the exception's subject matches now (the books and the PG's record, read again). */
async function settledNow(deps: ReconcileDeps, exception: ExceptionRow): Promise<boolean> {
  const { knex } = deps.payments;
  switch (exception.kind) {
    case 'REFUND_OWED_UNPAID':
      return (await findRefund(knex, exception.refund_id!))?.status !== 'REQUESTED';
    case 'CHARGE_PENDING_TOO_LONG':
      return (await findPayment(knex, exception.payment_id!))?.status !== 'PENDING';
    case 'KEY_ISSUED_UNHELD':
      return (await heldBillingKeys(knex, [exception.billing_key!])).size > 0;
    default: {
      const paymentId = exception.payment_id!;
      const payment = await findPayment(knex, paymentId);
      const verdict = matchPayment(
        paymentId,
        await pgPaymentOrNull(deps, paymentId),
        payment,
        Boolean(payment && (await refundInFlight(knex, paymentId))),
      );
      return verdict.kind === 'MATCHED';
    }
  }
}

/** Retry now: an owed refund sent again (executeRefund), a pending charge repaired (repairCharge: read, else asked again). */
export async function retryException(
  deps: ReconcileDeps,
  exceptionId: number,
  userId: number,
): Promise<MoneyExceptionActionResponse> {
  const exception = await openOr404(deps, exceptionId);
  if (!RETRYABLE.includes(exception.kind)) throw conflict(MESSAGES.moneyRetryNotApplicable);
  const outcome = await attempt(deps, exception, userId, 'RETRY', async () => {
    if (exception.kind === 'CHARGE_PENDING_TOO_LONG') return repairCharge(deps.payments, exception.payment_id!);
    const refund = await findRefund(deps.payments.knex, exception.refund_id!);
    if (!refund || refund.status !== 'REQUESTED') return 'UNCHANGED';
    return (await executeRefund(deps.payments, refund)).status;
  });
  const settled = await settledNow(deps, exception);
  return record(deps, exception, userId, 'RETRY', outcome, settled ? 'RETRIED' : null, '다시 시도로 정산됨');
}

/**
 * Book the PG's record: a charge the PG took that our books hold as pending or failed is settled from its record
 * (settleFromPg: PAID, refunded by the charge-reversal job when the application can no longer take it); cancellations
 * the PG made without us are booked (repairRefunds: PG_DIRECT, counted toward what the member is owed); a key issued
 * to us is taken in or released by the application whose card page it answers (takeInIssuedKey).
 */
export async function bookFromPg(
  deps: ReconcileDeps,
  exceptionId: number,
  userId: number,
): Promise<MoneyExceptionActionResponse> {
  const exception = await openOr404(deps, exceptionId);
  if (!BOOKABLE.includes(exception.kind)) throw conflict(MESSAGES.moneyBookNotApplicable);
  const outcome = await attempt(deps, exception, userId, 'BOOK', async () => {
    if (exception.kind === 'KEY_ISSUED_UNHELD') {
      const key = await deps.payments.pg.getBillingKey(exception.billing_key!).catch((error: unknown) => {
        if (error instanceof PgError && error.status === 404) return null;
        throw error;
      });
      const taken = key && (await takeInIssuedKey(deps.payments, key));
      if (!taken) throw conflict(MESSAGES.moneyBookNotApplicable);
      return taken;
    }
    const payment = await findPayment(deps.payments.knex, exception.payment_id!);
    if (!payment) throw conflict(MESSAGES.moneyBookUnknownPayment);
    const pgRecord = await pgPaymentOrNull(deps, payment.payment_id);
    if (!pgRecord) throw conflict(MESSAGES.moneyBookNotApplicable);
    const chargedAtPg = CHARGED_PAYMENT_STATUSES.includes(pgRecord.status);
    if (payment.status === 'PENDING' || (payment.status === 'FAILED' && chargedAtPg))
      return settleFromPg(deps.payments, payment, pgRecord, 'OPERATOR');
    if (CHARGED_PAYMENT_STATUSES.includes(payment.status) && chargedAtPg)
      return repairRefunds(deps.payments, payment.payment_id, pgRecord);
    throw conflict(MESSAGES.moneyBookNotApplicable);
  });
  const settled = await settledNow(deps, exception);
  return record(deps, exception, userId, 'BOOK', outcome, settled ? 'BOOKED' : null, 'PG 기록 반영');
}

/** Close with a written reason (checked by the route's schema): no money moves. */
export async function closeWithReason(
  deps: ReconcileDeps,
  exceptionId: number,
  userId: number,
  reason: string,
): Promise<MoneyExceptionActionResponse> {
  return record(deps, await openOr404(deps, exceptionId), userId, 'CLOSE', 'CLOSED', 'CLOSED', reason);
}
