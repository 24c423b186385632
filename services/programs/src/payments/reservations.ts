import { MESSAGES } from '@sq/contracts';
import { conflict, type Row } from '@sq/service-kit';
import { lockApplication, recordPaymentEvent, transition } from '../applications/transition';
import { PgError, type PgBillingKey } from './pg-client';
import { chargeApplication, type ChargeOutcome } from './charges';
import { customerIdOf, queueMail, type PaymentDeps } from './deps';

export type ReserveOutcome = { status: 'RESERVED' } | { status: 'PAID' } | { status: 'FAILED'; message: string } | { status: 'PENDING' } | ChargeOutcome;

/** What an application that already took in its key answers (a repeated confirm, the webhook after the browser). */
export function outcomeOf(app: Row): ReserveOutcome {
  if (app.status === 'RESERVED') return { status: 'RESERVED' };
  if (app.status === 'PAYMENT_FAILED') {
    const failure = typeof app.last_failure === 'string' ? JSON.parse(app.last_failure) : app.last_failure;
    return { status: 'FAILED', message: failure?.message ?? MESSAGES.paymentCardFailed };
  }
  if (app.status === 'SUBMITTED') return { status: 'PENDING' };
  return { status: 'PAID' };
}

/**
 * Takes in a billing key the PG issued for this application's current card-page attempt, after reading it
 * back from the PG (the browser's or the webhook's word is never taken): it must be ISSUED, for this
 * application's issueId, to this member. Team programs (ON_TEAM_PUBLISH) -> RESERVED; charge at purchase
 * (AT_PURCHASE) -> charged at once (PAID, or PAYMENT_FAILED with the PG's reason). Repeated or concurrent
 * calls with the same key change state once.
 */
export async function acceptBillingKey(deps: PaymentDeps, joinId: number, billingKey: string, actor: 'MEMBER' | 'PG'): Promise<ReserveOutcome> {
  let key: PgBillingKey;
  try {
    key = await deps.pg.getBillingKey(billingKey);
  } catch (error) {
    if (error instanceof PgError && error.status === 404) throw conflict(MESSAGES.paymentIssueMismatch);
    throw error;
  }
  const accepted = await deps.knex.transaction(async (trx): Promise<'CHARGE' | Row> => {
    const app = await lockApplication(trx, joinId);
    if (key.status !== 'ISSUED' || key.issueId !== app.issue_id || key.customer?.id !== customerIdOf(app.user_id)) {
      // A key for another attempt that is already taken in (the same key twice) answers as before.
      if (app.billing_key === billingKey && app.status !== 'SUBMITTED') return app;
      throw conflict(MESSAGES.paymentIssueMismatch);
    }
    if (app.status !== 'SUBMITTED') {
      if (app.billing_key === billingKey) return app;
      throw conflict(MESSAGES.paymentNotStarted);
    }
    const product = await trx('cohort as c').join('product as p', 'p.product_id', 'c.product_id').where('c.odd_id', app.odd_id).first('p.charge_policy', 'p.fee_krw');
    const card = key.methods?.find((m) => m.card?.number)?.card?.number ?? null;
    const columns = { billing_key: billingKey, card_number: card, fee_krw: app.fee_krw ?? product.fee_krw };
    if (product.charge_policy === 'AT_PURCHASE') {
      await trx('application').where({ join_id: joinId }).update(columns);
      return 'CHARGE';
    }
    const done = await transition(trx, { joinId, to: 'RESERVED', actor, reason: `결제 예약 (${card ?? '카드'})`, changes: { ...columns, reserved_at: deps.clock(), last_failure: null } });
    await recordPaymentEvent(trx, joinId, 'RESERVED', columns.fee_krw, card);
    await queueMail(deps, trx, joinId, 'RESERVED', done.historyId, columns.fee_krw);
    return done.application;
  });
  if (accepted !== 'CHARGE') {
    // SUBMITTED with this key means a charge at purchase is in flight or was interrupted: ask again (same payment id).
    if (accepted.status !== 'SUBMITTED') return outcomeOf(accepted);
  }
  return chargeApplication(deps, joinId, actor === 'PG' ? 'SYSTEM' : 'MEMBER');
}

/** The card page reported a failure (declined at issue, cancelled by the member): SUBMITTED -> PAYMENT_FAILED, answers kept. */
export async function recordIssueFailure(deps: PaymentDeps, joinId: number, issueId: string, failure: { code: string | null; message: string }): Promise<void> {
  await deps.knex.transaction(async (trx) => {
    const app = await lockApplication(trx, joinId);
    if (app.status !== 'SUBMITTED' || app.issue_id !== issueId) return;
    await transition(trx, { joinId, to: 'PAYMENT_FAILED', actor: 'MEMBER', reason: failure.message, changes: { last_failure: JSON.stringify({ ...failure, issueId }) } });
    await recordPaymentEvent(trx, joinId, 'ISSUE_FAILED', 0, failure.message);
  });
}

/**
 * Releases a reservation's billing key at the PG (DELETE), once: a key the PG no longer has counts as
 * released. Called after a cancellation commits; the reservation-release job retries it until done.
 */
export async function releaseBillingKey(deps: PaymentDeps, joinId: number): Promise<boolean> {
  const app: Row | undefined = await deps.knex('application').where({ join_id: joinId }).first();
  if (!app?.billing_key || app.billing_key_released_at) return false;
  // Only an application that will not be charged any more gives up its key.
  if (!['CANCELLED', 'AUTO_CANCELLED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'DROPPED'].includes(app.status)) return false;
  try {
    await deps.pg.deleteBillingKey(app.billing_key);
  } catch (error) {
    if (!(error instanceof PgError && (error.status === 404 || error.status === 409))) throw error;
  }
  return deps.knex.transaction(async (trx) => {
    const locked = await lockApplication(trx, joinId);
    if (locked.billing_key_released_at) return false;
    await trx('application').where({ join_id: joinId }).update({ billing_key_released_at: deps.clock() });
    await recordPaymentEvent(trx, joinId, 'RELEASED', 0, locked.card_number);
    return true;
  });
}
