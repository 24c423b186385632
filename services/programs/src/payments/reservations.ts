import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import { ENDED_STATES, type ApplicationState } from '@sq/contracts/api/applications';
import { ApiError, conflict, type Row } from '@sq/service-kit';
import { lockApplication, recordPaymentEvent, transition } from '../core/transition';
import {
  applicationByIssue,
  findApplication,
  updateApplication,
} from '../repositories/application-lifecycle-repository';
import { paymentStatusesOf, CHARGED_PAYMENT_STATUSES } from '../repositories/payment-repository';
import { unresolvedDeadline } from '../repositories/charge-deadline-repository';
import { chargeTermsOf } from '../repositories/product-repository';
import {
  applicationsWithReleasableKeys,
  attemptPurpose,
  applicationsWithSupersededKeys,
  cardPageApplication,
  markSupersededKeyReleased,
  recordCardPageAttempt,
  supersedeKey,
  unreleasedSupersededKeys,
  type SupersededReason,
} from '../repositories/billing-key-repository';
import { PgError, type PgBillingKey } from '../clients/pg-client';
import { chargeApplication, type ChargeOutcome } from './charges';
import { customerIdOfApplication, issueIdOf, queueMail, type PaymentDeps } from '../core/deps';

export type ReserveOutcome =
  | { status: 'RESERVED' }
  | { status: 'PAID' }
  | { status: 'FAILED'; message: string }
  | { status: 'PENDING' }
  | ChargeOutcome;

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
 * The key stops being the application's (a replaced card, a superseded attempt's key): recorded, and released
 * at the PG by the reservation-release job (queued in the same transaction, retried until the PG answers).
 */
export async function supersedeBillingKey(
  deps: PaymentDeps,
  trx: Knex.Transaction,
  input: {
    joinId: number;
    billingKey: string;
    issueId: string | null;
    cardNumber: string | null;
    reason: SupersededReason;
  },
): Promise<void> {
  await supersedeKey(trx, input, deps.clock());
  await deps.jobs.sendIn(trx, 'reservation-release', { joinId: input.joinId });
}

/** The open card-update deadline of a declined team charge (null: none, resolved, or past). */
export async function openCardUpdateDeadline(
  knex: Knex | Knex.Transaction,
  joinId: number,
  now: Date,
): Promise<Date | null> {
  const deadline = await unresolvedDeadline(knex, joinId);
  return deadline && deadline.getTime() > now.getTime() ? deadline : null;
}

/**
 * Opens a card page for a card update after a declined team charge (PAYMENT_FAILED, deadline still open), under
 * the application's lock: a new attempt becomes the current one. The current key stays until the new one is
 * taken in (then it is released), so the member may leave the page. Returns the attempt's issue id.
 */
export async function openCardUpdate(
  deps: PaymentDeps,
  joinId: number,
  customerId: string,
  now: Date,
): Promise<string> {
  return deps.knex.transaction(async (trx) => {
    const locked = await lockApplication(trx, joinId);
    const deadline = await unresolvedDeadline(trx, joinId);
    if (locked.status !== 'PAYMENT_FAILED' || !deadline) throw conflict(MESSAGES.cardUpdateNotOpen);
    if (deadline.getTime() <= now.getTime()) throw conflict(MESSAGES.cardUpdateClosed);
    const attempt = Number(locked.issue_attempt) + 1;
    const next = issueIdOf(joinId, attempt);
    await updateApplication(
      trx,
      joinId,
      { issue_id: next, issue_attempt: attempt, pg_customer_id: customerId },
      { touch: true },
    );
    await recordCardPageAttempt(trx, joinId, next, 'CARD_UPDATE');
    return next;
  });
}

type Accepted = Row | 'CHARGE' | { refused: string; billingKey: string };

/**
 * Takes in a billing key the PG issued for this application's current card-page attempt, after reading it
 * back from the PG (the browser's or the webhook's word is never taken): it must be ISSUED, for this
 * application's issueId, to this application's PG customer. Team programs (ON_TEAM_PUBLISH) -> RESERVED;
 * charge at purchase (AT_PURCHASE) -> charged at once (PAID, or PAYMENT_FAILED with the PG's reason). A card
 * update after a declined team charge (PAYMENT_FAILED, deadline open) -> RESERVED again with the new key, the
 * old key released; the deadline job charges it. Repeated or concurrent calls with the same key change state
 * once and answer the same. A key from one of the application's superseded attempts, or a card update after
 * its deadline, is refused and released at the PG (nothing can charge it).
 */
export async function acceptBillingKey(
  deps: PaymentDeps,
  joinId: number,
  billingKey: string,
  actor: 'MEMBER' | 'PG',
): Promise<ReserveOutcome> {
  // The key this application already took in (a repeated confirm, the webhook after the browser): the answer is
  // ours, read before the PG is asked. It was checked at the PG when it was taken in; asking again would make a
  // reload of the return page fail (503) whenever the PG is slow or down, and a released key reads as DELETED.
  const known = await findApplication(deps.knex, joinId);
  if (known?.billing_key === billingKey && known.status !== 'SUBMITTED') return outcomeOf(known);
  let key: PgBillingKey;
  try {
    key = await deps.pg.getBillingKey(billingKey);
  } catch (error) {
    if (error instanceof PgError && error.status === 404) throw conflict(MESSAGES.paymentIssueMismatch);
    throw error;
  }
  const accepted = await deps.knex.transaction(async (trx): Promise<Accepted> => {
    const app = await lockApplication(trx, joinId);
    // The same key again (a repeated confirm, the webhook after the browser): answers as the first time, whatever
    // the key's state at the PG now (it is released once charged).
    if (app.billing_key === billingKey && app.status !== 'SUBMITTED') return app;
    const ownCustomer = key.customer?.id === customerIdOfApplication(app);
    if (key.status !== 'ISSUED' || key.issueId !== app.issue_id || !ownCustomer) {
      // Issued for one of this application's earlier card pages (opened twice, or replaced by a newer one):
      // nothing will ever charge it, so it goes back to the PG.
      if (key.status === 'ISSUED' && ownCustomer && (await attemptPurpose(trx, joinId, key.issueId))) {
        await supersedeBillingKey(deps, trx, {
          joinId,
          billingKey,
          issueId: key.issueId,
          cardNumber: cardOf(key),
          reason: 'STALE_ATTEMPT',
        });
        return { refused: MESSAGES.paymentIssueMismatch, billingKey };
      }
      throw conflict(MESSAGES.paymentIssueMismatch);
    }
    const card = cardOf(key);
    if (app.status === 'PAYMENT_FAILED' && (await attemptPurpose(trx, joinId, key.issueId)) === 'CARD_UPDATE') {
      return takeInCardUpdate(deps, trx, app, key, card, actor);
    }
    // The first card was declined on this very card page (PAYMENT_FAILED by its failure) and the member registered
    // another one on the page still open: they fixed their card, so the key is taken in as a retry would be.
    const retried = app.status === 'PAYMENT_FAILED' && failedAtCardPage(app, key.issueId);
    if (retried) await transition(trx, { joinId, to: 'SUBMITTED', actor, reason: PAYMENT_RETRY_REASON });
    else if (app.status !== 'SUBMITTED') {
      // The application's current card page answered after the application stopped taking a key (cancelled,
      // deadline expired): nothing will charge this key, so it goes back to the PG.
      if (ENDED.includes(app.status)) {
        const late = (await attemptPurpose(trx, joinId, key.issueId)) === 'CARD_UPDATE';
        await supersedeBillingKey(deps, trx, {
          joinId,
          billingKey,
          issueId: key.issueId,
          cardNumber: cardOf(key),
          reason: late ? 'LATE_CARD_UPDATE' : 'STALE_ATTEMPT',
        });
        return { refused: late ? MESSAGES.cardUpdateClosed : MESSAGES.paymentNotStarted, billingKey };
      }
      throw conflict(MESSAGES.paymentNotStarted);
    }
    const product = (await chargeTermsOf(trx, app.odd_id))!;
    const columns = {
      billing_key: billingKey,
      card_number: card,
      fee_krw: app.fee_krw ?? product.fee_krw,
      billing_key_released_at: null,
    };
    if (product.charge_policy === 'AT_PURCHASE') {
      await updateApplication(trx, joinId, columns);
      return 'CHARGE';
    }
    const done = await transition(trx, {
      joinId,
      to: 'RESERVED',
      actor,
      reason: `결제 예약 (${card ?? '카드'})`,
      changes: { ...columns, reserved_at: deps.clock(), last_failure: null },
    });
    await recordPaymentEvent(trx, joinId, 'RESERVED', columns.fee_krw, card);
    await queueMail(deps, trx, joinId, 'RESERVED', done.historyId, columns.fee_krw);
    return done.application;
  });
  if (typeof accepted === 'object' && 'refused' in accepted) {
    // Released now when the PG answers; otherwise the reservation-release job keeps trying.
    await releaseBillingKey(deps, joinId).catch((error: unknown) =>
      deps.log.warn({ err: error, joinId }, 'release deferred to the job'),
    );
    throw conflict(accepted.refused);
  }
  if (accepted !== 'CHARGE') {
    // SUBMITTED with this key means a charge at purchase is in flight or was interrupted: ask again (same payment id).
    if (accepted.status !== 'SUBMITTED') return outcomeOf(accepted);
  }
  const outcome = await chargeApplication(deps, joinId, actor === 'PG' ? 'SYSTEM' : 'MEMBER');
  // Charged at purchase: nothing charges this key again, so it goes back to the PG (the job retries until it answers).
  if (outcome.status === 'PAID') await deps.jobs.send('reservation-release', { joinId });
  return outcome;
}

const cardOf = (key: PgBillingKey) => key.methods?.find((m) => m.card?.number)?.card?.number ?? null;

/** The history's reason when a member shown PAYMENT_FAILED tries to pay again (the wizard's book step, or the same card page). */
export const PAYMENT_RETRY_REASON = '결제 다시 시도';

/** Whether the application is PAYMENT_FAILED because its card page `issueId` reported a failure (recordIssueFailure). */
export function failedAtCardPage(app: Row, issueId: string): boolean {
  if (app.status !== 'PAYMENT_FAILED' || app.issue_id !== issueId || !app.last_failure) return false;
  const failure = typeof app.last_failure === 'string' ? JSON.parse(app.last_failure) : app.last_failure;
  return failure?.issueId === issueId;
}

/**
 * A new card after a declined team charge: accepted until the card-update deadline, and the application is a
 * reservation again (PAYMENT_FAILED -> SUBMITTED -> RESERVED, both in the history) with the new key; the old
 * key is released. After the deadline the new key is refused (and released): the seat is the waitlist's.
 */
async function takeInCardUpdate(
  deps: PaymentDeps,
  trx: Knex.Transaction,
  app: Row,
  key: PgBillingKey,
  card: string | null,
  actor: 'MEMBER' | 'PG',
): Promise<Accepted> {
  const joinId = app.join_id as number;
  if (!(await openCardUpdateDeadline(trx, joinId, deps.clock()))) {
    await supersedeBillingKey(deps, trx, {
      joinId,
      billingKey: key.billingKey,
      issueId: key.issueId,
      cardNumber: card,
      reason: 'LATE_CARD_UPDATE',
    });
    return { refused: MESSAGES.cardUpdateClosed, billingKey: key.billingKey };
  }
  if (app.billing_key && !app.billing_key_released_at) {
    await supersedeBillingKey(deps, trx, {
      joinId,
      billingKey: app.billing_key,
      issueId: null,
      cardNumber: app.card_number,
      reason: 'REPLACED',
    });
  }
  await transition(trx, { joinId, to: 'SUBMITTED', actor, reason: MESSAGES.cardUpdateReason });
  const fee = app.fee_krw as number;
  const done = await transition(trx, {
    joinId,
    to: 'RESERVED',
    actor,
    reason: `결제 예약 (${card ?? '카드'})`,
    changes: {
      billing_key: key.billingKey,
      card_number: card,
      billing_key_released_at: null,
      reserved_at: deps.clock(),
      last_failure: null,
    },
  });
  await recordPaymentEvent(trx, joinId, 'RESERVED', fee, card);
  await queueMail(deps, trx, joinId, 'RESERVED', done.historyId, fee);
  return done.application;
}

/** The card page reported a failure (declined at issue, cancelled by the member): SUBMITTED -> PAYMENT_FAILED, answers kept. */
export async function recordIssueFailure(
  deps: PaymentDeps,
  joinId: number,
  issueId: string,
  failure: { code: string | null; message: string },
): Promise<void> {
  await deps.knex.transaction(async (trx) => {
    const app = await lockApplication(trx, joinId);
    if (app.status !== 'SUBMITTED' || app.issue_id !== issueId) return;
    await transition(trx, {
      joinId,
      to: 'PAYMENT_FAILED',
      actor: 'MEMBER',
      reason: failure.message,
      changes: { last_failure: JSON.stringify({ ...failure, issueId }) },
    });
    await recordPaymentEvent(trx, joinId, 'ISSUE_FAILED', 0, failure.message);
  });
}

/** States in which an application's key can charge nothing any more, whatever its payments. */
const ENDED: readonly ApplicationState[] = ENDED_STATES;
/** States in which a settled charge means the key is done (nothing charges an application twice). */
const CHARGED_STATES: readonly ApplicationState[] = ['PAID', 'ASSIGNED', 'COMPLETED'];

/**
 * Whether nothing can charge the application's current key any more: the application ended; or it was charged
 * (PAID, ASSIGNED, COMPLETED with a settled payment and none in flight); or the member withdrew (personal data
 * erased) and no charge is in flight; or its card was declined at a charge at purchase (PAYMENT_FAILED of an
 * AT_PURCHASE product, nothing in flight): trying again opens a new card page whose key replaces it. (A declined
 * team charge keeps its key until the card-update deadline resolves: operators may retry it.)
 */
export async function keyReleasable(knex: Knex | Knex.Transaction, app: Row): Promise<boolean> {
  if (ENDED.includes(app.status)) return true;
  const payments = await paymentStatusesOf(knex, app.join_id);
  if (payments.some((p) => p.status === 'PENDING')) return false;
  if (app.personal_data_erased_at) return true;
  if (app.status === 'PAYMENT_FAILED') return (await chargeTermsOf(knex, app.odd_id))?.charge_policy === 'AT_PURCHASE';
  return CHARGED_STATES.includes(app.status) && payments.some((p) => CHARGED_PAYMENT_STATUSES.includes(p.status));
}

/** DELETE at the PG; a key the PG no longer has (404) or already deleted (409) counts as released. */
async function deleteAtPg(deps: PaymentDeps, billingKey: string): Promise<void> {
  try {
    await deps.pg.deleteBillingKey(billingKey);
  } catch (error) {
    if (!(error instanceof PgError && (error.status === 404 || error.status === 409))) throw error;
  }
}

/**
 * Releases an application's billing keys at the PG (DELETE), once each: the superseded ones (replaced card,
 * earlier attempts) always, the current one once nothing can charge it (keyReleasable). Called after the change
 * commits; the reservation-release job retries it until the PG answers. True when something was released.
 */
export async function releaseBillingKey(deps: PaymentDeps, joinId: number): Promise<boolean> {
  const superseded = await releaseSupersededKeys(deps, joinId);
  const current = await releaseCurrentKey(deps, joinId);
  return current || superseded > 0;
}

async function releaseCurrentKey(deps: PaymentDeps, joinId: number): Promise<boolean> {
  const app = await findApplication(deps.knex, joinId);
  if (!app?.billing_key || app.billing_key_released_at) return false;
  if (!(await keyReleasable(deps.knex, app))) return false;
  await deleteAtPg(deps, app.billing_key);
  return deps.knex.transaction(async (trx) => {
    const locked = await lockApplication(trx, joinId);
    // Another key meanwhile (a new card): the one deleted is superseded, and the new one is not released.
    if (locked.billing_key_released_at || locked.billing_key !== app.billing_key) return false;
    await updateApplication(trx, joinId, { billing_key_released_at: deps.clock() });
    await recordPaymentEvent(trx, joinId, 'RELEASED', 0, locked.card_number);
    return true;
  });
}

async function releaseSupersededKeys(deps: PaymentDeps, joinId: number): Promise<number> {
  const keys = await unreleasedSupersededKeys(deps.knex, joinId);
  let released = 0;
  for (const key of keys) {
    // The application's current key is never released here (a key superseded and then taken in again).
    const app = await findApplication(deps.knex, joinId);
    if (app?.billing_key === key.billing_key && !app?.billing_key_released_at) continue;
    await deleteAtPg(deps, key.billing_key);
    const changed = await deps.knex.transaction(async (trx) => {
      const updated = await markSupersededKeyReleased(trx, key.billing_key, deps.clock());
      // The member's timeline shows a replaced card going back; an unused attempt's key was never theirs to see.
      if (updated && key.reason === 'REPLACED') await recordPaymentEvent(trx, joinId, 'RELEASED', 0, key.card_number);
      return updated;
    });
    if (changed) released += 1;
  }
  return released;
}

/**
 * Applications with a key still to release (the repair job's sweep): a superseded key not released, or a current
 * key nothing can charge any more (ended, charged with nothing in flight, or the member withdrew).
 */
export async function applicationsWithKeysToRelease(knex: Knex, limit = 100): Promise<number[]> {
  const current = await applicationsWithReleasableKeys(
    knex,
    { ended: ENDED, charged: CHARGED_STATES, declinedAtPurchase: 'PAYMENT_FAILED' },
    limit,
  );
  const stale = await applicationsWithSupersededKeys(knex, { limit });
  return [...new Set([...current, ...stale])].slice(0, limit);
}

/**
 * A BillingKey.Issued webhook's key (payment-webhook job): taken in for the application whose current card
 * page it answers, or, when it answers one of an application's earlier card pages, released. Returns the
 * webhook's outcome (null: not an application's key).
 */
export async function takeInIssuedKey(deps: PaymentDeps, key: PgBillingKey): Promise<string | null> {
  const current = await applicationByIssue(deps.knex, key.issueId);
  if (current) {
    if (current.billing_key === key.billingKey && current.status !== 'SUBMITTED') return 'UNCHANGED';
    const purpose = await attemptPurpose(deps.knex, current.join_id, key.issueId);
    const takes =
      current.status === 'SUBMITTED' ||
      (current.status === 'PAYMENT_FAILED' && (purpose === 'CARD_UPDATE' || failedAtCardPage(current, key.issueId))) ||
      ENDED.includes(current.status);
    if (!takes || current.billing_key === key.billingKey) return 'UNCHANGED';
    try {
      return (await acceptBillingKey(deps, current.join_id, key.billingKey, 'PG')).status;
    } catch (error) {
      // Refused (a card update after its deadline, another customer's key): the key was released where it was ours.
      if (error instanceof ApiError && error.statusCode === 409) return 'REFUSED';
      throw error;
    }
  }
  const attemptJoinId = await cardPageApplication(deps.knex, key.issueId);
  if (attemptJoinId === null) return null;
  const app = await findApplication(deps.knex, attemptJoinId);
  if (!app || app.billing_key === key.billingKey || key.customer?.id !== customerIdOfApplication(app))
    return 'UNCHANGED';
  await deps.knex.transaction((trx) =>
    supersedeBillingKey(deps, trx, {
      joinId: app.join_id,
      billingKey: key.billingKey,
      issueId: key.issueId,
      cardNumber: cardOf(key),
      reason: 'STALE_ATTEMPT',
    }),
  );
  return 'STALE_ATTEMPT';
}
