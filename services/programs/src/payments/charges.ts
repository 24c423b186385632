import { MESSAGES } from '@sq/contracts';
import { canTransition, type ApplicationState } from '@sq/contracts/api/applications';
import { ApiError, conflict, notFound, type Row } from '@sq/service-kit';
import { lockApplication, recordPaymentEvent, transition } from '../applications/transition';
import { loadContext } from '../applications/application-view';
import { PgError, PgUnavailableError, type PgPayment } from './pg-client';
import { chargePaymentId, customerIdOf, queueMail, type PaymentDeps } from './deps';

/** States a reservation may be charged from when the member's team is published (or a failed charge retried). */
const CHARGEABLE_RESERVED: readonly ApplicationState[] = ['RESERVED', 'TEAM_BUILDING', 'WAITLISTED', 'PAYMENT_FAILED'];

export type ChargeOutcome =
  | { status: 'PAID'; paymentId: string }
  | { status: 'FAILED'; paymentId: string; message: string }
  | { status: 'PENDING'; paymentId: string };

export const paymentUnavailable = () => new ApiError(503, MESSAGES.paymentUnavailable);

/**
 * Step 1 of a charge, committed before the PG is asked: the payment row (PENDING) with its payment id. A
 * pending attempt is reused, so a retry or a concurrent request asks the PG with the same id (charged once).
 */
async function prepareCharge(deps: PaymentDeps, joinId: number): Promise<{ paymentId: string; app: Row; payment: Row } | { done: Row }> {
  return deps.knex.transaction(async (trx) => {
    const app = await lockApplication(trx, joinId);
    const paid = await trx('payment').where({ join_id: joinId }).whereIn('status', ['PAID', 'PARTIAL_CANCELLED', 'CANCELLED']).first();
    if (paid) return { done: paid };
    const pending = await trx('payment').where({ join_id: joinId, status: 'PENDING' }).first();
    if (pending) return { paymentId: pending.payment_id as string, app, payment: pending };
    const state = app.status as ApplicationState;
    const atPurchase = state === 'SUBMITTED';
    if (!app.billing_key || (!atPurchase && !CHARGEABLE_RESERVED.includes(state))) throw conflict(MESSAGES.paymentNotStarted);
    const attempt = Number(app.charge_attempt) + 1;
    const paymentId = chargePaymentId(joinId, attempt);
    const context = await loadContext(trx, joinId);
    await trx('application').where({ join_id: joinId }).update({ charge_attempt: attempt });
    const [payment] = await trx('payment')
      .insert({ payment_id: paymentId, join_id: joinId, billing_key: app.billing_key, amount_krw: app.fee_krw ?? context!.product_fee_krw, currency: 'KRW' })
      .returning('*');
    return { paymentId, app, payment };
  });
}

/**
 * Step 3: writes what the PG says about a pending charge, once. PAID: the application moves on (SUBMITTED ->
 * PAID at purchase; a reservation -> ASSIGNED); FAILED: -> PAYMENT_FAILED with the PG's reason. Another
 * settle of the same payment (a concurrent request, the webhook, the repair job) changes nothing.
 */
export async function settleCharge(
  deps: PaymentDeps,
  paymentId: string,
  outcome: { status: 'PAID'; pgTxId: string | null; paidAt: Date } | { status: 'FAILED'; message: string },
  actor: 'MEMBER' | 'OPERATOR' | 'SYSTEM' | 'PG' = 'SYSTEM',
): Promise<boolean> {
  return deps.knex.transaction(async (trx) => {
    const payment = await trx('payment').where({ payment_id: paymentId }).forUpdate().first();
    if (!payment || payment.status !== 'PENDING') return false;
    const app = await lockApplication(trx, payment.join_id);
    if (outcome.status === 'PAID') {
      await trx('payment').where({ payment_id: paymentId }).update({ status: 'PAID', pg_tx_id: outcome.pgTxId, paid_at: outcome.paidAt, updated_at: trx.fn.now() });
      await recordPaymentEvent(trx, payment.join_id, 'CHARGED', payment.amount_krw, paymentId);
      const to: ApplicationState = app.status === 'SUBMITTED' ? 'PAID' : 'ASSIGNED';
      if (!canTransition(app.status, to)) {
        // Charged while the application left the flow (e.g. cancelled by an operator meanwhile): the money is
        // recorded as the PG has it; operators refund it from the console.
        deps.log.error({ joinId: payment.join_id, paymentId, status: app.status }, 'charge settled for an application that cannot take it');
        return true;
      }
      const done = await transition(trx, { joinId: payment.join_id, to, actor, reason: `결제 ${payment.amount_krw}원 (${paymentId})`, changes: { last_failure: null } });
      await queueMail(deps, trx, payment.join_id, to === 'PAID' ? 'PAID' : 'CHARGED', done.historyId, payment.amount_krw);
    } else {
      await trx('payment').where({ payment_id: paymentId }).update({ status: 'FAILED', failure_reason: outcome.message.slice(0, 500), updated_at: trx.fn.now() });
      await recordPaymentEvent(trx, payment.join_id, 'CHARGE_FAILED', payment.amount_krw, outcome.message);
      const lastFailure = JSON.stringify({ code: 'PG_PROVIDER', message: outcome.message, paymentId });
      if (!canTransition(app.status, 'PAYMENT_FAILED')) {
        // Already PAYMENT_FAILED (an operator's retry failed again): only the reason is new.
        await trx('application').where({ join_id: payment.join_id }).update({ last_failure: lastFailure, updated_at: trx.fn.now() });
        return true;
      }
      const done = await transition(trx, { joinId: payment.join_id, to: 'PAYMENT_FAILED', actor, reason: outcome.message, changes: { last_failure: lastFailure } });
      await queueMail(deps, trx, payment.join_id, 'PAYMENT_FAILED', done.historyId, payment.amount_krw);
    }
    return true;
  });
}

/** Settles a pending charge from the PG's own record of it (webhook, repair); false when the record does not match ours. */
export async function settleFromPg(deps: PaymentDeps, payment: Row, pgPayment: PgPayment, actor: 'PG' | 'SYSTEM'): Promise<'SETTLED' | 'MISMATCH' | 'NOT_FINAL' | 'UNCHANGED'> {
  if (pgPayment.amount?.total !== payment.amount_krw || pgPayment.currency !== payment.currency) return 'MISMATCH';
  if (pgPayment.billingKey && pgPayment.billingKey !== payment.billing_key) return 'MISMATCH';
  if (pgPayment.status === 'READY') return 'NOT_FINAL';
  const changed = pgPayment.status === 'FAILED'
    ? await settleCharge(deps, payment.payment_id, { status: 'FAILED', message: pgPayment.failure?.reason ?? MESSAGES.paymentCardFailed }, actor)
    : await settleCharge(deps, payment.payment_id, { status: 'PAID', pgTxId: pgPayment.transactionId ?? null, paidAt: pgPayment.paidAt ? new Date(pgPayment.paidAt) : deps.clock() }, actor);
  return changed ? 'SETTLED' : 'UNCHANGED';
}

/** Step 2: asks the PG to charge (idempotent by payment id) and settles the answer. */
async function askPg(deps: PaymentDeps, paymentId: string, payment: Row, app: Row, actor: 'MEMBER' | 'OPERATOR' | 'SYSTEM'): Promise<ChargeOutcome> {
  const context = await loadContext(deps.knex, app.join_id);
  try {
    const answer = await deps.pg.chargeWithBillingKey(paymentId, {
      billingKey: payment.billing_key,
      orderName: `${context!.product_name} ${context!.cohort_name}`,
      amount: { total: payment.amount_krw },
      currency: 'KRW',
      customer: { id: customerIdOf(app.user_id) },
    });
    await settleCharge(deps, paymentId, { status: 'PAID', pgTxId: answer.payment?.pgTxId ?? null, paidAt: answer.payment?.paidAt ? new Date(answer.payment.paidAt) : deps.clock() }, actor);
    return { status: 'PAID', paymentId };
  } catch (error) {
    // A refusal (card declined, key gone, bad request) is final for this attempt; our own auth failing is not.
    if (error instanceof PgError && error.status < 500 && error.status !== 401 && error.status !== 403) {
      const message = error.message || MESSAGES.paymentCardFailed;
      await settleCharge(deps, paymentId, { status: 'FAILED', message }, actor);
      return { status: 'FAILED', paymentId, message };
    }
    // Unknown outcome: the payment stays PENDING and the repair job settles it from the PG's record.
    deps.log.warn({ err: error, paymentId }, 'charge outcome unknown; left for the repair job');
    if (error instanceof PgUnavailableError || error instanceof PgError) return { status: 'PENDING', paymentId };
    throw error;
  }
}

/**
 * Charges an application's billing key once: at purchase (SUBMITTED -> PAID) or when the member's team is
 * published (a reservation -> ASSIGNED; the operators' team building calls this by joinId). Calling it again,
 * or concurrently, charges nothing more and answers the first outcome.
 */
export async function chargeApplication(deps: PaymentDeps, joinId: number, actor: 'MEMBER' | 'OPERATOR' | 'SYSTEM' = 'OPERATOR'): Promise<ChargeOutcome> {
  const prepared = await prepareCharge(deps, joinId);
  if ('done' in prepared) return { status: 'PAID', paymentId: prepared.done.payment_id };
  return askPg(deps, prepared.paymentId, prepared.payment, prepared.app, actor);
}

/** The repair of one pending charge from the PG's record (crash between the PG's charge and our write, lost webhook). */
export async function repairCharge(deps: PaymentDeps, paymentId: string): Promise<string> {
  const payment = await deps.knex('payment').where({ payment_id: paymentId }).first();
  if (!payment) throw notFound();
  if (payment.status !== 'PENDING') return 'UNCHANGED';
  let pgPayment: PgPayment;
  try {
    pgPayment = await deps.pg.getPayment(paymentId);
  } catch (error) {
    if (!(error instanceof PgError && error.type === 'PAYMENT_NOT_FOUND')) throw error;
    // The PG never got the request: ask now, with the same payment id.
    const app = await deps.knex('application').where({ join_id: payment.join_id }).first();
    return (await askPg(deps, paymentId, payment, app, 'SYSTEM')).status;
  }
  return settleFromPg(deps, payment, pgPayment, 'SYSTEM');
}
