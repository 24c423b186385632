import { MESSAGES } from '@sq/contracts';
import { MEMBER_CANCELLABLE_STATES, type ApplicationState } from '@sq/contracts/api/applications';
import { conflict, notFound, type Row } from '@sq/service-kit';
import { cohortStatus } from '../schedule';
import { toDates } from '../repositories/product-repository';
import { transition } from '../core/transition';
import { loadContext, lockApplicationRow } from '../repositories/application-lifecycle-repository';
import { chargedPayment, pendingCharge } from '../repositories/payment-repository';
import { executeRefund } from './refunds';
import { planRefund } from '../core/refunds/ledger';
import { releaseBillingKey } from './reservations';
import { queueMail, type PaymentDeps } from '../core/deps';

/**
 * The reason a member's cancellation records (history, refund, refund event): the fact, then the member's own
 * words. Erasing a withdrawn member's personal data keeps the fact and drops the words (applications/erasure.ts).
 */
export const MEMBER_CANCEL_REASON = '회원 취소';
export const memberCancelReason = (reason: string | undefined) =>
  reason?.trim() ? `${MEMBER_CANCEL_REASON}: ${reason.trim()}` : MEMBER_CANCEL_REASON;

/**
 * Why the member may not cancel now (Korean), or null when they may: only their own live application
 * before the cohort's team building starts; afterwards the support channel handles it.
 */
export function memberCancelBlock(row: Row, now: Date): string | null {
  const state = row.status as ApplicationState;
  if (!MEMBER_CANCELLABLE_STATES.includes(state)) {
    return ['TEAM_BUILDING', 'ASSIGNED'].includes(state)
      ? MESSAGES.cancelDuringTeamBuilding
      : MESSAGES.cancelNotAllowed;
  }
  const status = cohortStatus(toDates(row), now);
  if (status === 'UPCOMING' || status === 'RECRUITING') return null;
  return status === 'CANCELLED' ? MESSAGES.cancelNotAllowed : MESSAGES.cancelDuringTeamBuilding;
}

/**
 * A member cancels their own application before the cohort's team building: nothing charged -> CANCELLED
 * and the reservation's billing key released; charged -> the ledger applies the INDIVIDUAL case (the refund
 * engine's amount, less anything refunded before: REFUNDED / PARTIALLY_REFUNDED, or CANCELLED when it gives
 * nothing). Every check is made under the application's row lock, so a charge cannot start between the
 * check and the change, and concurrent cancels change it once.
 */
export async function cancelByMember(
  deps: PaymentDeps,
  userId: number,
  joinId: number,
  reason: string | undefined,
): Promise<{ refundKrw: number }> {
  const now = deps.clock();
  const text = memberCancelReason(reason);
  const decided = await deps.knex.transaction(async (trx) => {
    const locked = await lockApplicationRow(trx, joinId);
    const row = locked ? await loadContext(trx, joinId) : undefined;
    if (!row || row.user_id !== userId) throw notFound(MESSAGES.applyNotFound);
    const block = memberCancelBlock(row, now);
    if (block) throw conflict(block);
    if (await pendingCharge(trx, joinId)) throw conflict(MESSAGES.paymentInProgress);
    if (await chargedPayment(trx, joinId)) {
      const planned = await planRefund(
        deps,
        trx,
        row,
        { refundCase: 'INDIVIDUAL', actor: 'MEMBER', actorUserId: userId, reason: text, target: 'AUTO' },
        now,
      );
      // Cancelled already (the refund may still be on its way): the same cancel again changes nothing.
      if (planned.line.block === 'CASE_APPLIED')
        throw conflict(planned.line.refundedKrw > 0 ? MESSAGES.refundInProgress : MESSAGES.cancelNotAllowed);
      return { refund: planned.refund, hasKey: false };
    }
    const done = await transition(trx, { joinId, to: 'CANCELLED', actor: 'MEMBER', actorUserId: userId, reason: text });
    await queueMail(deps, trx, joinId, 'CANCELLED', done.historyId);
    if (done.application.billing_key) await deps.jobs.sendIn(trx, 'reservation-release', { joinId });
    return { refund: null, hasKey: Boolean(done.application.billing_key) };
  });
  if (decided.refund) {
    const outcome = await executeRefund(deps, decided.refund);
    return { refundKrw: outcome.status === 'NOTHING_TO_REFUND' ? 0 : outcome.refundKrw };
  }
  // Released now when the PG answers; otherwise the reservation-release job keeps trying.
  if (decided.hasKey)
    await releaseBillingKey(deps, joinId).catch((error: unknown) =>
      deps.log.warn({ err: error, joinId }, 'release deferred to the job'),
    );
  return { refundKrw: 0 };
}
