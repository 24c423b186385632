import type { Knex } from 'knex';
import { MESSAGES, type RefundCase } from '@sq/contracts';
import { REFUND_BLOCK_TEXT, type RefundBlock } from '@sq/contracts/api/operators/team-changes';
import { canTransition, type ApplicationActor, type ApplicationState } from '@sq/contracts/api/applications';
import { conflict, type Row } from '@sq/service-kit';
import { recordPaymentEvent, transition } from '../transition';
import { findApplication } from '../../repositories/application-lifecycle-repository';
import { chargedPayment, chargedPaymentOf } from '../../repositories/payment-repository';
import {
  activeEntitlements,
  addEntitlement,
  addRefund,
  refundedKrw,
  refundInFlight,
  voidEntitlement,
} from '../../repositories/refund-ledger-repository';
import type { RewardKind } from './refund-engine';
import { quoteFor } from './refund-quote';
import { queueMail, type PaymentDeps } from '../deps';

/**
 * The refund ledger: one rule for every path that gives money back (member cancellation, removal, team stop,
 * company ended, rewards, a charge that landed on an application that could no longer take it).
 *  - A case applied to an application is an entitlement: what the member is owed in total out of the payment
 *    under that case (refund_entitlement, once per application and case).
 *  - Entitlements do not stack: the member is owed the largest entitlement of the cases applied to them, and
 *    everything already refunded (or in flight) counts toward it. A case already applied gives nothing more.
 *  - Every movement is a refund row against the payment, with its case, amount, actor and instant.
 * Callers hold the application's row lock (`lockApplication`), so the ledger is read and written by one
 * request at a time per application: repeated or concurrent requests make one movement.
 */

/** The ledger's cases: the refund rules' cases, and a charge the application could not take (refunded whole). */
export type LedgerCase = RefundCase | 'CHARGE_REVERSAL';

export interface LedgerRequest {
  refundCase: LedgerCase;
  /** REWARD only: which reward (each kind is its own case). */
  reward?: RewardKind;
  /**
   * The case's entitlement (its total out of the payment) when the rules do not decide it; absent: the
   * refund engine's amount for the case (a charge reversal: the whole payment).
   */
  amountKrw?: number;
  /**
   * The charged payment the case applies to when the application has more than one (a charge reversal names the
   * stray payment it refunds); absent: the application's charged payment.
   */
  paymentId?: string;
}

export interface LedgerLine {
  joinId: number;
  refundCase: LedgerCase;
  /** The charged payment the case applies to (null: nothing charged). */
  paymentId: string | null;
  /** What was charged. */
  paidKrw: number;
  /** What was refunded already, or is being refunded now. */
  refundedKrw: number;
  /** What this case gives in total out of the payment (as applied, when it already was). */
  entitledKrw: number;
  /** The largest entitlement of the cases that apply, this one included. */
  owedTotalKrw: number;
  /** What this case would refund now. */
  refundKrw: number;
  phase: string | null;
  refundableUntil: string | null;
  /** Why nothing (more) is refunded; null when `refundKrw` > 0. */
  block: RefundBlock | null;
  /** Korean text of `block`. */
  note: string | null;
}

/** A case's key: once per application, and a charge reversal once per payment it names. */
export const caseKeyOf = (request: Pick<LedgerRequest, 'refundCase' | 'reward' | 'paymentId'>) => {
  if (request.refundCase === 'REWARD') return `REWARD:${request.reward ?? 'DEFAULT'}`;
  if (request.refundCase === 'CHARGE_REVERSAL' && request.paymentId) return `CHARGE_REVERSAL:${request.paymentId}`;
  return request.refundCase;
};

const line = (joinId: number, request: LedgerRequest, values: Partial<LedgerLine>): LedgerLine => {
  const block = values.block ?? null;
  return {
    joinId,
    refundCase: request.refundCase,
    paymentId: null,
    paidKrw: 0,
    refundedKrw: 0,
    entitledKrw: 0,
    owedTotalKrw: 0,
    refundKrw: 0,
    phase: null,
    refundableUntil: null,
    ...values,
    block,
    note: block ? REFUND_BLOCK_TEXT[block] : null,
  };
};

/**
 * What applying the case at `at` would refund, from the ledger: read-only (previews, the member's page).
 * `context` is the application's context row (repositories/application-lifecycle-repository `loadContext`).
 */
export async function ledgerLine(
  knex: Knex | Knex.Transaction,
  context: Row,
  request: LedgerRequest,
  at: Date,
): Promise<LedgerLine> {
  const joinId = context.join_id as number;
  const payment = request.paymentId
    ? await chargedPaymentOf(knex, joinId, request.paymentId)
    : await chargedPayment(knex, joinId);
  if (!payment) return line(joinId, request, { block: 'NOT_CHARGED' });
  // Entitlements never stack, within one payment: a stray payment's reversal is owed beside the fee's own cases.
  const [refunded, entitlements] = await Promise.all([
    refundedKrw(knex, payment.payment_id),
    activeEntitlements(knex, joinId, payment.payment_id),
  ]);
  const paidKrw = Number(payment.amount_krw);
  const key = caseKeyOf(request);
  const applied = entitlements.find((e) => e.case_key === key);
  const largestApplied = Math.max(0, ...entitlements.map((e) => Number(e.entitlement_krw)));
  const base = {
    paymentId: payment.payment_id as string,
    paidKrw,
    refundedKrw: refunded,
    owedTotalKrw: largestApplied,
  };
  if (applied)
    return line(joinId, request, {
      ...base,
      entitledKrw: Number(applied.entitlement_krw),
      phase: applied.phase,
      block: 'CASE_APPLIED',
    });
  const quote =
    request.amountKrw !== undefined
      ? { refundKrw: Math.min(request.amountKrw, paidKrw), phase: null, refundableUntil: null }
      : request.refundCase === 'CHARGE_REVERSAL'
        ? { refundKrw: paidKrw, phase: null, refundableUntil: null }
        : await quoteFor(
            knex,
            context,
            { amountKrw: paidKrw, paidAt: payment.paid_at ? new Date(payment.paid_at) : null },
            request.refundCase,
            at,
            request.reward,
          );
  const owedTotalKrw = Math.max(largestApplied, quote.refundKrw);
  const refundKrw = Math.max(0, Math.min(owedTotalKrw - refunded, paidKrw - refunded));
  const block: RefundBlock | null = refundKrw > 0 ? null : quote.refundKrw === 0 ? 'NO_ENTITLEMENT' : 'COVERED';
  return line(joinId, request, {
    ...base,
    entitledKrw: quote.refundKrw,
    owedTotalKrw,
    refundKrw,
    phase: quote.phase,
    refundableUntil: quote.refundableUntil,
    block,
  });
}

export interface RefundPlan extends LedgerRequest {
  actor: ApplicationActor;
  actorUserId?: number | null;
  reason: string;
  /**
   * The application's state once refunded: 'AUTO' = REFUNDED when nothing is left on the payment, else
   * PARTIALLY_REFUNDED (or CANCELLED when the case gives nothing and nothing was refunded before); null =
   * unchanged (rewards, drops, reversals).
   */
  target: 'AUTO' | null;
  /** The amount the operator confirmed: a different amount now is 409 and nothing is written. */
  expectedRefundKrw?: number;
}

export interface PlannedRefund {
  line: LedgerLine;
  /** The movement to send to the PG (committed as REQUESTED first); null when nothing is refunded. */
  refund: Row | null;
}

/**
 * Applies a case inside the caller's transaction, which holds the application's lock: writes the
 * entitlement, and the refund movement (REQUESTED) when something is owed now; the PG is asked after the
 * commit (`executeRefund`). A case already applied writes nothing and refunds nothing.
 */
export async function planRefund(
  deps: PaymentDeps,
  trx: Knex.Transaction,
  context: Row,
  plan: RefundPlan,
  at: Date,
): Promise<PlannedRefund> {
  const joinId = context.join_id as number;
  const current = await ledgerLine(trx, context, plan, at);
  if (plan.expectedRefundKrw !== undefined && plan.expectedRefundKrw !== current.refundKrw)
    throw conflict(MESSAGES.adminRefundChanged);
  if (current.block === 'NOT_CHARGED' || current.block === 'CASE_APPLIED') return { line: current, refund: null };
  if (current.refundKrw > 0 && (await refundInFlight(trx, current.paymentId!)))
    throw conflict(MESSAGES.refundInProgress);
  const app = (await findApplication(trx, joinId))!;
  const target = plan.target === 'AUTO' ? targetOf(current) : null;
  if (target && target !== app.status && !canTransition(app.status, target)) throw conflict(MESSAGES.cancelNotAllowed);
  if (current.entitledKrw === 0) {
    // The case gives nothing now (a phase over, a reward before its day): nothing is applied, so a reward can
    // still be applied once it is payable; the application ends as the caller asked.
    if (target && target !== app.status) {
      const done = await transition(trx, {
        joinId,
        to: target,
        actor: plan.actor,
        actorUserId: plan.actorUserId,
        reason: plan.reason,
      });
      await queueMail(deps, trx, joinId, 'CANCELLED', done.historyId, 0);
    }
    return { line: current, refund: null };
  }
  const entitlement = await addEntitlement(trx, {
    joinId,
    paymentId: current.paymentId!,
    caseKey: caseKeyOf(plan),
    refundCase: plan.refundCase,
    entitlementKrw: current.entitledKrw,
    phase: current.phase,
    actor: plan.actor,
    actorUserId: plan.actorUserId ?? null,
    reason: plan.reason,
    at,
  });
  // Covered by what was refunded before: the case is applied (it will not be again), nothing moves.
  if (current.refundKrw === 0) return { line: current, refund: null };
  const refund = await addRefund(trx, {
    paymentId: current.paymentId!,
    joinId,
    entitlementId: entitlement.entitlement_id,
    refundCase: plan.refundCase,
    amountKrw: current.refundKrw,
    reason: plan.reason,
    targetStatus: target,
    actor: plan.actor,
    actorUserId: plan.actorUserId ?? null,
  });
  return { line: current, refund };
}

/**
 * The state a refund leaves the application in: refunded whole or in part; the case gives nothing and
 * nothing was refunded before -> cancelled; nothing more after an earlier refund -> unchanged (null).
 */
function targetOf(current: LedgerLine): ApplicationState | null {
  if (current.refundKrw === 0) return current.refundedKrw > 0 ? null : 'CANCELLED';
  return current.refundedKrw + current.refundKrw >= current.paidKrw ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

/** The PG refused a movement for good: the case it applied counts as not applied (it may be applied again). */
export async function voidEntitlementOf(trx: Knex.Transaction | Knex, refund: Row, at: Date): Promise<void> {
  if (refund.entitlement_id) await voidEntitlement(trx, refund.entitlement_id, at);
}

/** The timeline line of a settled movement. */
export async function recordRefundEvent(trx: Knex.Transaction, refund: Row): Promise<void> {
  await recordPaymentEvent(trx, refund.join_id, 'REFUNDED', refund.amount_krw, refund.reason);
}
