import { MESSAGES } from '@sq/contracts';
import { conflict, notFound } from '@sq/service-kit';
import { loadContext, memberCancelBlock } from '../applications/application-view';
import { transition } from '../applications/transition';
import { refundApplication } from './refunds';
import { releaseBillingKey } from './reservations';
import { queueMail, type PaymentDeps } from './deps';

/**
 * The reason a member's cancellation records (history, refund, refund event): the fact, then the member's own
 * words. Erasing a withdrawn member's personal data keeps the fact and drops the words (applications/erasure.ts).
 */
export const MEMBER_CANCEL_REASON = '회원 취소';
export const memberCancelReason = (reason: string | undefined) => (reason?.trim() ? `${MEMBER_CANCEL_REASON}: ${reason.trim()}` : MEMBER_CANCEL_REASON);

/**
 * A member cancels their own application before the cohort's team building: nothing charged -> CANCELLED
 * and the reservation's billing key released; charged -> the refund engine's amount for an individual
 * cancellation is refunded at the PG (REFUNDED / PARTIALLY_REFUNDED, or CANCELLED when it gives nothing).
 * Concurrent cancels of one application change it once (row lock + the state machine).
 */
export async function cancelByMember(deps: PaymentDeps, userId: number, joinId: number, reason: string | undefined): Promise<{ refundKrw: number }> {
  const now = deps.clock();
  const row = await loadContext(deps.knex, joinId);
  if (!row || row.user_id !== userId) throw notFound(MESSAGES.applyNotFound);
  const block = memberCancelBlock(row, now);
  if (block) throw conflict(block);
  if (await deps.knex('payment').where({ join_id: joinId, status: 'PENDING' }).first()) throw conflict(MESSAGES.paymentInProgress);
  const text = memberCancelReason(reason);
  const charged = await deps.knex('payment').where({ join_id: joinId }).whereIn('status', ['PAID', 'PARTIAL_CANCELLED']).first();
  if (charged) {
    const outcome = await refundApplication(deps, joinId, { refundCase: 'INDIVIDUAL', actor: 'MEMBER', actorUserId: userId, reason: text, target: 'AUTO' });
    return { refundKrw: outcome.status === 'NOTHING_TO_REFUND' ? 0 : outcome.refundKrw };
  }
  const hasKey = await deps.knex.transaction(async (trx) => {
    const done = await transition(trx, { joinId, to: 'CANCELLED', actor: 'MEMBER', actorUserId: userId, reason: text });
    await queueMail(deps, trx, joinId, 'CANCELLED', done.historyId);
    if (done.application.billing_key) await deps.jobs.sendIn(trx, 'reservation-release', { joinId });
    return Boolean(done.application.billing_key);
  });
  // Released now when the PG answers; otherwise the reservation-release job keeps trying.
  if (hasKey) await releaseBillingKey(deps, joinId).catch((error: unknown) => deps.log.warn({ err: error, joinId }, 'release deferred to the job'));
  return { refundKrw: 0 };
}
