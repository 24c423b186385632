import { MESSAGES } from '@sq/contracts';
import { canTransition, type ApplicationState } from '@sq/contracts/api/applications';
import { ApiError, conflict, notFound, type Row } from '@sq/service-kit';
import type { Knex } from 'knex';
import { lockApplication, recordPaymentEvent, transition } from '../core/transition';
import { loadContext, updateApplication } from '../repositories/application-lifecycle-repository';
import { chargeTermsOf } from '../repositories/product-repository';
import { openDeadline } from '../repositories/charge-deadline-repository';
import { hasTeamSeat } from '../repositories/reservation-repository';
import { teamRunsFor } from '../repositories/team-life-repository';
import {
  CHARGED_PAYMENT_STATUSES,
  chargedPayment,
  findPayment,
  insertCharge,
  lockPayment,
  markPaymentFailed,
  markPaymentPaid,
  otherChargedPayment,
  pendingCharge,
  restartCharge,
} from '../repositories/payment-repository';
import { PgError, PgUnavailableError, type PgPayment } from '../clients/pg-client';
import { countOnCommit, customerIdOfApplication, queueMail, type PaymentDeps } from '../core/deps';

/** States a reservation may be charged from when the member's team is published (or a failed charge retried). */
const CHARGEABLE_RESERVED: readonly ApplicationState[] = ['RESERVED', 'TEAM_BUILDING', 'WAITLISTED', 'PAYMENT_FAILED'];

/**
 * The PG payment id of an application's fee. The fee is one obligation, so every attempt to charge it (the
 * browser's confirm, the webhook job, the team-charge job, an operator's retry, the repair job, a retry after
 * the member changed the card) uses this one id: PortOne V2 lets a paymentId whose attempt FAILED be
 * attempted again and never lets one succeed twice (packages/stack/src/peers/sandbox-pg.ts, header), so the
 * PG itself guarantees one charge per application. Rows of older attempts (`sq-{joinId}-charge-2`, ...) stay
 * as they are and are read like any other.
 */
export const obligationPaymentId = (joinId: number) => `sq-${joinId}-charge`;

/** Why a pending charge was closed without asking the PG (failure_reason; operators read it). */
export const CHARGE_CLOSED_REASON = '신청이 결제할 수 없는 상태(취소·환불·하차)가 되어 결제하지 않았어요.';
/** The reason of the automatic refund of a charge that landed on an application that could not take it. */
export const CHARGE_REVERSAL_REASON = '취소된 신청에 결제되어 자동 환불';
/** The timeline note of such a charge (the member and operators see it until the refund line follows). */
export const CHARGE_REVERSAL_NOTE = '취소된 신청에 결제되어 자동 환불 예정';

export type ChargeOutcome =
  | { status: 'PAID'; paymentId: string }
  | { status: 'FAILED'; paymentId: string; message: string }
  | { status: 'PENDING'; paymentId: string };

export const paymentUnavailable = () => new ApiError(503, MESSAGES.paymentUnavailable);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The states an application moves through when a charge of it succeeds, or null when it may no longer be
 * charged (cancelled, auto-cancelled, refunded, dropped, or already charged under another payment). At
 * purchase SUBMITTED -> PAID; a member shown PAYMENT_FAILED at purchase whose charge went through after all
 * goes back through SUBMITTED; a reservation -> ASSIGNED.
 */
function chargePath(app: Row, chargePolicy: string | undefined): ApplicationState[] | null {
  const state = app.status as ApplicationState;
  if (state === 'SUBMITTED') return ['PAID'];
  if (state === 'PAYMENT_FAILED' && chargePolicy === 'AT_PURCHASE') return ['SUBMITTED', 'PAID'];
  if (CHARGEABLE_RESERVED.includes(state)) return ['ASSIGNED'];
  return null;
}

async function chargePolicyOf(trx: Knex.Transaction | Knex, oddId: number): Promise<string | undefined> {
  return (await chargeTermsOf(trx, oddId))?.charge_policy;
}

/**
 * The charge decision, made by every path that charges (publish, the deadline run, a card update, the repair
 * job's re-ask, a replacement, a backfill) and by the settlement of every answer, under the application's row
 * lock: chargePath, and only while the member's team runs (not stopped) in a cohort that runs (not ended by the
 * company). A stop or an ending commits before it takes each member's lock, so a decision made after it sees it;
 * a charge asked before it is settled after it, and refunded whole (settleCharge).
 */
async function chargeDecision(trx: Knex.Transaction, app: Row): Promise<ApplicationState[] | null> {
  const path = chargePath(app, await chargePolicyOf(trx, app.odd_id));
  if (!path || !(await teamRunsFor(trx, app.join_id))) return null;
  return path;
}

/**
 * Step 1 of a charge, committed before the PG is asked: the payment row (PENDING) under the obligation's
 * payment id. A pending attempt is reused, so a retry or a concurrent request asks the PG with the same id;
 * a FAILED row of the obligation becomes the next attempt (same id, the card the application holds now).
 */
async function prepareCharge(deps: PaymentDeps, joinId: number): Promise<{ payment: Row } | { done: Row }> {
  return deps.knex.transaction(async (trx) => {
    const app = await lockApplication(trx, joinId);
    const paid = await chargedPayment(trx, joinId);
    if (paid) return { done: paid };
    const pending = await pendingCharge(trx, joinId);
    if (pending) return { payment: pending };
    if (!app.billing_key || !(await chargeDecision(trx, app))) throw conflict(MESSAGES.paymentNotStarted);
    const context = await loadContext(trx, joinId);
    const paymentId = obligationPaymentId(joinId);
    const attempt = {
      billingKey: app.billing_key,
      amountKrw: app.fee_krw ?? context!.product_fee_krw,
      currency: 'KRW',
    };
    // charge_attempt counts attempts (operators read it); it no longer names the payment id.
    await updateApplication(trx, joinId, { charge_attempt: Number(app.charge_attempt) + 1 });
    const earlier = await lockPayment(trx, paymentId);
    // updated_at marks the attempt's start: the repair job leaves an attempt younger than its delay alone.
    const payment = earlier
      ? await restartCharge(trx, paymentId, attempt)
      : await insertCharge(trx, paymentId, joinId, attempt);
    return { payment };
  });
}

/**
 * Step 3: writes what the PG says about a charge, once. PAID: the application moves on (SUBMITTED -> PAID
 * at purchase; a reservation -> ASSIGNED); when it may no longer be charged, the payment is still recorded
 * as the PG has it and, in the same transaction, a `charge-reversal` job is queued that refunds it (never
 * left to someone noticing). FAILED: -> PAYMENT_FAILED with the PG's reason. Another settle of the same
 * payment (a concurrent request, the webhook, the repair job) changes nothing. A payment we hold as FAILED
 * (or closed) that the PG's record shows PAID is settled PAID: the PG's record is the truth.
 */
export async function settleCharge(
  deps: PaymentDeps,
  paymentId: string,
  outcome:
    | { status: 'PAID'; pgTxId: string | null; paidAt: Date; billingKey?: string }
    | { status: 'FAILED'; message: string },
  actor: 'MEMBER' | 'OPERATOR' | 'SYSTEM' | 'PG' = 'SYSTEM',
): Promise<boolean> {
  return deps.knex.transaction(async (trx) => {
    // The application first, then the payment: the order every charge path locks in (no deadlock).
    const found = await findPayment(trx, paymentId);
    if (!found) return false;
    const app = await lockApplication(trx, found.join_id);
    const payment = (await lockPayment(trx, paymentId))!;
    const lateSuccess = outcome.status === 'PAID' && payment.status === 'FAILED';
    if (payment.status !== 'PENDING' && !lateSuccess) return false;
    countOnCommit(trx, deps.metrics?.charges, outcome.status.toLowerCase());
    const joinId = payment.join_id as number;
    if (outcome.status === 'PAID') {
      await markPaymentPaid(trx, paymentId, {
        pgTxId: outcome.pgTxId,
        paidAt: outcome.paidAt,
        billingKey: outcome.billingKey,
      });
      const otherCharge = await otherChargedPayment(trx, joinId, paymentId);
      const path = otherCharge ? null : await chargeDecision(trx, app);
      if (!path) {
        await recordPaymentEvent(trx, joinId, 'CHARGED', payment.amount_krw, `${CHARGE_REVERSAL_NOTE} (${paymentId})`);
        await deps.jobs.sendIn(
          trx,
          'charge-reversal',
          { joinId, paymentId },
          { singletonKey: `charge-reversal:${paymentId}` },
        );
        deps.log.warn(
          { joinId, paymentId, status: app.status },
          'charge settled on an application that cannot take it; reversal queued',
        );
        return true;
      }
      await recordPaymentEvent(trx, joinId, 'CHARGED', payment.amount_krw, paymentId);
      let done: { historyId: number } | null = null;
      for (const to of path) {
        done = await transition(trx, {
          joinId,
          to,
          actor,
          reason: `결제 ${payment.amount_krw}원 (${paymentId})`,
          changes: { last_failure: null },
        });
      }
      // Charged: the billing key can charge nothing more and is given back to the PG.
      await deps.jobs.sendIn(trx, 'reservation-release', { joinId });
      const to = path.at(-1)!;
      await queueMail(deps, trx, joinId, to === 'PAID' ? 'PAID' : 'CHARGED', done!.historyId, payment.amount_krw);
    } else {
      await markPaymentFailed(trx, paymentId, outcome.message);
      await recordPaymentEvent(trx, joinId, 'CHARGE_FAILED', payment.amount_krw, outcome.message);
      const lastFailure = JSON.stringify({ code: 'PG_PROVIDER', message: outcome.message, paymentId });
      if (!canTransition(app.status, 'PAYMENT_FAILED')) {
        // Already PAYMENT_FAILED (an operator's retry failed again): only the reason is new.
        await updateApplication(trx, joinId, { last_failure: lastFailure }, { touch: true });
        return true;
      }
      const done = await transition(trx, {
        joinId,
        to: 'PAYMENT_FAILED',
        actor,
        reason: outcome.message,
        changes: { last_failure: lastFailure },
      });
      await queueMail(deps, trx, joinId, 'PAYMENT_FAILED', done.historyId, payment.amount_krw);
      // A team charge declined for a member on a published team, whoever settles it (the team-charge job, the
      // repair job, the webhook): the card-update deadline opens at the first decline; a later one keeps it.
      if (await hasTeamSeat(trx, joinId))
        await openDeadline(trx, joinId, new Date(deps.clock().getTime() + deps.cardUpdateDeadlineHours * 3_600_000));
      // Declined at purchase: nothing charges this card again (trying again opens a new card page), so it goes back.
      if ((await chargePolicyOf(trx, app.odd_id)) === 'AT_PURCHASE')
        await deps.jobs.sendIn(trx, 'reservation-release', { joinId });
    }
    return true;
  });
}

/**
 * Settles a charge from the PG's own record of it (webhook, repair, a charger after an error); MISMATCH when
 * the record is not our charge (amount, currency), NOT_FINAL while an attempt is in progress.
 *
 * The record is the payment id's latest attempt (PortOne V2 takes a new attempt under a paymentId whose
 * attempt FAILED, and lets one attempt at most succeed). One with another card than the attempt we hold is an
 * earlier attempt of the obligation (the card the member replaced since):
 *  - FAILED: our attempt never reached the PG (PortOne would show it, in progress or decided, had it taken it):
 *    EARLIER_ATTEMPT, and the caller asks again with the same payment id (or leaves it to the repair job);
 *  - PAID (or cancelled since): the obligation was paid with the earlier card: settled PAID as the PG has it.
 */
export async function settleFromPg(
  deps: PaymentDeps,
  payment: Row,
  pgPayment: PgPayment,
  actor: 'MEMBER' | 'OPERATOR' | 'PG' | 'SYSTEM',
): Promise<'SETTLED' | 'MISMATCH' | 'NOT_FINAL' | 'UNCHANGED' | 'EARLIER_ATTEMPT'> {
  if (pgPayment.amount?.total !== payment.amount_krw || pgPayment.currency !== payment.currency) return 'MISMATCH';
  if (pgPayment.status === 'READY') return 'NOT_FINAL';
  const earlierCard = Boolean(pgPayment.billingKey) && pgPayment.billingKey !== payment.billing_key;
  if (pgPayment.status === 'FAILED' && earlierCard) return 'EARLIER_ATTEMPT';
  const changed =
    pgPayment.status === 'FAILED'
      ? await settleCharge(
          deps,
          payment.payment_id,
          { status: 'FAILED', message: pgPayment.failure?.reason ?? MESSAGES.paymentCardFailed },
          actor,
        )
      : await settleCharge(
          deps,
          payment.payment_id,
          {
            status: 'PAID',
            pgTxId: pgPayment.transactionId ?? null,
            paidAt: pgPayment.paidAt ? new Date(pgPayment.paidAt) : deps.clock(),
            ...(earlierCard ? { billingKey: pgPayment.billingKey } : {}),
          },
          actor,
        );
  return changed ? 'SETTLED' : 'UNCHANGED';
}

/** What a charge attempt came to, read from our row once it is written. */
function outcomeOfRow(payment: Row): ChargeOutcome {
  if (CHARGED_PAYMENT_STATUSES.includes(payment.status)) return { status: 'PAID', paymentId: payment.payment_id };
  if (payment.status === 'FAILED')
    return {
      status: 'FAILED',
      paymentId: payment.payment_id,
      message: payment.failure_reason ?? MESSAGES.paymentCardFailed,
    };
  return { status: 'PENDING', paymentId: payment.payment_id };
}

/**
 * After a charge request ended in an error or without an answer: the payment is read from the PG and settled
 * from its record, never inferred from the HTTP status (a 409 ALREADY_PAID may be another charger's success
 * or an attempt still in progress; a 502 is a refusal whose reason is in the record). PAID -> PAID; FAILED ->
 * FAILED with the PG's reason; READY -> read again for up to `chargeSettle.waitMs`; not found -> the PG never
 * took the request (a refusal before any attempt, e.g. a deleted key, is written as FAILED with the PG's
 * words; otherwise it stays PENDING and the repair job asks again); the PG unreachable -> stays PENDING.
 */
async function settleAfterError(
  deps: PaymentDeps,
  paymentId: string,
  error: PgError | PgUnavailableError,
  actor: 'MEMBER' | 'OPERATOR' | 'SYSTEM',
): Promise<void> {
  const { waitMs, pollMs } = deps.pg.chargeSettle;
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    let record: PgPayment;
    try {
      record = await deps.pg.getPayment(paymentId);
    } catch (lookup) {
      if (!(lookup instanceof PgError && lookup.type === 'PAYMENT_NOT_FOUND')) {
        deps.log.warn(
          { err: lookup, paymentId },
          'charge outcome unknown and the PG unreadable; left for the repair job',
        );
        return;
      }
      return settleUntaken(deps, paymentId, error, actor);
    }
    if (record.status !== 'READY' || Date.now() + pollMs > giveUpAt) {
      const payment = (await findPayment(deps.knex, paymentId))!;
      const settled = await settleFromPg(deps, payment, record, actor);
      if (settled === 'MISMATCH')
        deps.log.error({ paymentId, pg: record }, 'the PG record does not match our charge; left for operators');
      // The record is an earlier attempt's (another card, FAILED): the PG has no record of this one.
      if (settled === 'EARLIER_ATTEMPT') return settleUntaken(deps, paymentId, error, actor);
      return;
    }
    await sleep(pollMs);
  }
}

/**
 * An attempt the PG has no record of (none under the payment id, or only an earlier attempt's). A refusal: the PG
 * answered why it would not charge (bad key, card company's error), written FAILED with its words. Our own
 * credentials refused, ALREADY_PAID, or no answer at all say nothing about the charge: left PENDING for the
 * repair job, which asks again with the same payment id.
 */
async function settleUntaken(
  deps: PaymentDeps,
  paymentId: string,
  error: PgError | PgUnavailableError,
  actor: 'MEMBER' | 'OPERATOR' | 'SYSTEM',
): Promise<void> {
  const refused = error instanceof PgError && ![401, 403].includes(error.status) && error.type !== 'ALREADY_PAID';
  if (refused)
    await settleCharge(
      deps,
      paymentId,
      { status: 'FAILED', message: error.message || MESSAGES.paymentCardFailed },
      actor,
    );
  else deps.log.warn({ err: error, paymentId }, 'the PG never took the charge; left for the repair job');
}

/**
 * Step 2: asks the PG to charge and settles the outcome. First, under the application's row lock, whether
 * the application may still be charged: one cancelled, removed or auto-cancelled since the attempt was
 * written gets its pending payment closed (FAILED, CHARGE_CLOSED_REASON) and the PG is not asked. (A
 * cancellation landing between this check and the PG's answer is caught by settleCharge, which refunds.)
 */
async function askPg(
  deps: PaymentDeps,
  payment: Row,
  actor: 'MEMBER' | 'OPERATOR' | 'SYSTEM',
): Promise<ChargeOutcome | { status: 'CLOSED'; paymentId: string }> {
  const paymentId = payment.payment_id as string;
  const checked = await deps.knex.transaction(async (trx) => {
    const app = await lockApplication(trx, payment.join_id);
    const row = (await lockPayment(trx, paymentId))!;
    if (row.status !== 'PENDING') return { kind: 'SETTLED' as const, row };
    const otherCharge = await otherChargedPayment(trx, row.join_id, paymentId);
    if (!otherCharge && (await chargeDecision(trx, app))) return { kind: 'ASK' as const, row, app };
    await markPaymentFailed(trx, paymentId, CHARGE_CLOSED_REASON);
    deps.log.info(
      { joinId: row.join_id, paymentId, status: app.status },
      'pending charge closed: the application may no longer be charged',
    );
    return { kind: 'CLOSED' as const };
  });
  if (checked.kind === 'CLOSED') return { status: 'CLOSED', paymentId };
  if (checked.kind === 'SETTLED') return outcomeOfRow(checked.row);
  const { row, app } = checked;
  const context = await loadContext(deps.knex, row.join_id);
  try {
    const answer = await deps.pg.chargeWithBillingKey(paymentId, {
      billingKey: row.billing_key,
      orderName: `${context!.product_name} ${context!.cohort_name}`,
      amount: { total: row.amount_krw },
      currency: 'KRW',
      customer: { id: customerIdOfApplication(app) },
    });
    await settleCharge(
      deps,
      paymentId,
      {
        status: 'PAID',
        pgTxId: answer.payment?.pgTxId ?? null,
        paidAt: answer.payment?.paidAt ? new Date(answer.payment.paidAt) : deps.clock(),
      },
      actor,
    );
  } catch (error) {
    if (!(error instanceof PgError || error instanceof PgUnavailableError)) throw error;
    await settleAfterError(deps, paymentId, error, actor);
  }
  return outcomeOfRow((await findPayment(deps.knex, paymentId))!);
}

/**
 * Charges an application's fee once: at purchase (SUBMITTED -> PAID) or when the member's team is published
 * (a reservation -> ASSIGNED; the operators' team building calls this by joinId). Calling it again, or
 * concurrently, charges nothing more and answers the true outcome. 409 when the application may not be charged.
 */
export async function chargeApplication(
  deps: PaymentDeps,
  joinId: number,
  actor: 'MEMBER' | 'OPERATOR' | 'SYSTEM' = 'OPERATOR',
): Promise<ChargeOutcome> {
  const prepared = await prepareCharge(deps, joinId);
  if ('done' in prepared) return { status: 'PAID', paymentId: prepared.done.payment_id };
  const outcome = await askPg(deps, prepared.payment, actor);
  if (outcome.status === 'CLOSED') throw conflict(MESSAGES.paymentNotStarted);
  return outcome;
}

/**
 * The repair of one pending charge from the PG's record (a crash between the PG's charge and our write, a
 * lost answer or webhook). The PG never got this attempt (no record under the payment id, or only an earlier
 * attempt's that FAILED with another card): asked now with the same payment id, after askPg re-checked that the
 * application may still be charged (else the payment is closed: CLOSED).
 */
export async function repairCharge(deps: PaymentDeps, paymentId: string): Promise<string> {
  const payment = await findPayment(deps.knex, paymentId);
  if (!payment) throw notFound();
  if (payment.status !== 'PENDING') return 'UNCHANGED';
  let pgPayment: PgPayment;
  try {
    pgPayment = await deps.pg.getPayment(paymentId);
  } catch (error) {
    if (!(error instanceof PgError && error.type === 'PAYMENT_NOT_FOUND')) throw error;
    return (await askPg(deps, payment, 'SYSTEM')).status;
  }
  const settled = await settleFromPg(deps, payment, pgPayment, 'SYSTEM');
  return settled === 'EARLIER_ATTEMPT' ? (await askPg(deps, payment, 'SYSTEM')).status : settled;
}

/**
 * A charge we closed without asking the PG (CHARGE_CLOSED_REASON: the application could no longer be charged)
 * read again from the PG: a request sent before the close that reached the PG late and was charged is settled
 * PAID as the PG has it, which queues its refund (settleCharge). The webhook does the same when it arrives; the
 * repair job does it for a while after the close (PAYMENT_REPAIR_CLOSED_WINDOW_SECONDS) so a lost webhook leaves
 * no money taken unrecorded.
 */
export async function recheckClosedCharge(deps: PaymentDeps, paymentId: string): Promise<string> {
  const payment = await findPayment(deps.knex, paymentId);
  if (!payment || payment.status !== 'FAILED' || payment.failure_reason !== CHARGE_CLOSED_REASON) return 'UNCHANGED';
  let record: PgPayment;
  try {
    record = await deps.pg.getPayment(paymentId);
  } catch (error) {
    if (error instanceof PgError && error.type === 'PAYMENT_NOT_FOUND') return 'UNCHANGED';
    throw error;
  }
  if (!CHARGED_PAYMENT_STATUSES.includes(record.status)) return 'UNCHANGED';
  return settleFromPg(deps, payment, record, 'SYSTEM');
}
