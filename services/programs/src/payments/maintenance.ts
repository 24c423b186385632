import { MESSAGES } from '@sq/contracts';
import type { ApplicationState } from '@sq/contracts/api/applications';
import { seoulDate } from '../schedule';
import { transition } from '../core/transition';
import { applicationByBillingKey, lockApplicationRow } from '../repositories/application-lifecycle-repository';
import {
  CHARGED_PAYMENT_STATUSES,
  closedChargesBetween,
  findPayment,
  pendingCharge,
  pendingChargesOlderThan,
} from '../repositories/payment-repository';
import { paymentsWithRefundsInFlightSince } from '../repositories/refund-ledger-repository';
import { cohortHasUnresolvedDeadline } from '../repositories/charge-deadline-repository';
import { hasTeamSeat, unteamedReservations } from '../repositories/reservation-repository';
import { findWebhook, recordWebhookOutcome, storeWebhook } from '../repositories/webhook-repository';
import { PgError } from '../clients/pg-client';
import { CHARGE_CLOSED_REASON, recheckClosedCharge, repairCharge, settleFromPg } from './charges';
import { applicationsWithKeysToRelease, releaseBillingKey, takeInIssuedKey } from './reservations';
import { repairRefunds } from './refunds';
import { queueMail, type PaymentDeps } from '../core/deps';

/** Charges and refunds one run of the repair job settles at most (the next run takes the rest). */
const REPAIR_BATCH = 100;

/** States of a reservation still waiting for a team; left after the announcement day, they are auto-cancelled. */
const WAITING_FOR_TEAM: readonly ApplicationState[] = ['RESERVED', 'TEAM_BUILDING', 'WAITLISTED'];

/**
 * Stores a verified webhook once per webhook id and queues the payment-webhook job in the same transaction;
 * false when it was already received (a redelivery changes nothing).
 */
export async function receiveWebhook(
  deps: PaymentDeps,
  webhook: { id: string; type: string; body: unknown },
): Promise<boolean> {
  return deps.knex.transaction(async (trx) => {
    const stored = await storeWebhook(trx, webhook);
    if (stored) await deps.jobs.sendIn(trx, 'payment-webhook', { webhookId: webhook.id });
    return stored;
  });
}

/**
 * A verified webhook (stored by receiveWebhook, run by the payment-webhook job): the body only says where to
 * look; what changes follows the PG's own record, re-fetched here, compared with ours (amount, currency,
 * key). The outcome is stored with the webhook id, so a redelivery or a second job run changes nothing. A
 * charge we hold as FAILED (closed before asking, or a stale failure) that the PG's record shows PAID is
 * settled PAID, so money the PG took is never left unrecorded (settleCharge refunds it when the application
 * can no longer take it).
 */
export async function processWebhook(deps: PaymentDeps, webhookId: string): Promise<string> {
  const stored = await findWebhook(deps.knex, webhookId);
  if (!stored || stored.processed_at) return 'UNCHANGED';
  const body = stored.body as { type: string; data?: { paymentId?: string; billingKey?: string } };
  let outcome = 'IGNORED';
  const paymentId = body.data?.paymentId;
  const billingKey = body.data?.billingKey;
  if (body.type.startsWith('Transaction.') && paymentId) {
    const payment = await findPayment(deps.knex, paymentId);
    if (!payment) outcome = 'UNKNOWN_PAYMENT';
    else {
      const record = await deps.pg.getPayment(paymentId);
      const paidAfterFailure = payment.status === 'FAILED' && CHARGED_PAYMENT_STATUSES.includes(record.status);
      if (payment.status === 'PENDING' || paidAfterFailure) outcome = await settleFromPg(deps, payment, record, 'PG');
      else outcome = await repairRefunds(deps, paymentId, record);
    }
  } else if (body.type === 'BillingKey.Issued' && billingKey) {
    const key = await deps.pg.getBillingKey(billingKey).catch((error: unknown) => {
      if (error instanceof PgError && error.status === 404) return null;
      throw error;
    });
    // The current card page's key is taken in; one of an earlier card page (or a late card update) is released.
    outcome = (key && (await takeInIssuedKey(deps, key))) ?? 'UNKNOWN_BILLING_KEY';
  } else if (body.type === 'BillingKey.Deleted' && billingKey) {
    const app = await applicationByBillingKey(deps.knex, billingKey);
    outcome = app && (await releaseBillingKey(deps, app.join_id)) ? 'RELEASED' : 'UNCHANGED';
  }
  await recordWebhookOutcome(deps.knex, webhookId, outcome, deps.clock());
  return outcome;
}

/**
 * The repair job: charges and refunds whose answer never got written (a crash between the PG and our write,
 * a lost webhook) are settled from the PG's record by payment id, once (settleCharge writes a pending charge
 * once, under its row lock); a charge the PG never got is asked again only if the application may still be
 * charged (else closed). A charge closed that way is read again from the PG for `closedWindowSeconds` after
 * (a request sent before the close may reach the PG late: charged, it is recorded and refunded). Cancelled
 * reservations whose billing key was not released yet are released.
 */
export async function repairPayments(
  deps: PaymentDeps,
  olderThanSeconds: number,
  closedWindowSeconds = 0,
): Promise<{ charges: number; refunds: number; releases: number; closed: number }> {
  // The ages are measured on the database's clock, which wrote the timestamps; a charge's age is its current
  // attempt's (a FAILED obligation's row is reused for the next attempt).
  const charges = await pendingChargesOlderThan(deps.knex, olderThanSeconds, REPAIR_BATCH);
  const closed = await closedChargesBetween(
    deps.knex,
    CHARGE_CLOSED_REASON,
    olderThanSeconds,
    closedWindowSeconds,
    REPAIR_BATCH,
  );
  const refunds = await paymentsWithRefundsInFlightSince(deps.knex, olderThanSeconds, REPAIR_BATCH, deps.clock());
  const releases = await applicationsWithKeysToRelease(deps.knex);
  const each = async <T>(items: T[], work: (item: T) => Promise<unknown>) => {
    for (const item of items) {
      try {
        await work(item);
      } catch (error) {
        deps.log.warn({ err: error, item }, 'payment repair failed; next run retries');
      }
    }
  };
  await each(charges, (id) => repairCharge(deps, id));
  await each(closed, (id) => recheckClosedCharge(deps, id));
  await each(refunds, (id) => repairRefunds(deps, id));
  await each(releases, (id) => releaseBillingKey(deps, id));
  return { charges: charges.length, refunds: refunds.length, releases: releases.length, closed: closed.length };
}

/**
 * Auto-cancel (spec section 4: the reservation is auto-cancelled if no team is built): after the
 * team-building announcement day of a team program and the day its teams were published (a late publication
 * moves it: until then nobody was told they have no team), reservations still waiting for a team are
 * cancelled and their billing keys released. Nothing was charged, so nothing is refunded. Left alone:
 *  - members placed on a team (a reservation on a team waits for its team charge, e.g. after a card update);
 *  - a cohort's waitlist while any of its card-update deadlines is unresolved: a seat freed at the deadline
 *    goes to a waitlisted member (operators/charging.ts), so they are cancelled on the first run after;
 *  - an application with a charge in flight (a PENDING payment): its outcome decides.
 * Each is checked again under the application's row lock.
 */
export async function autoCancelUnteamed(deps: PaymentDeps, now: Date): Promise<number[]> {
  const joinIds = await unteamedReservations(deps.knex, WAITING_FOR_TEAM, seoulDate(now));
  const cancelled: number[] = [];
  for (const joinId of joinIds) {
    const done = await deps.knex.transaction(async (trx) => {
      const row = (await lockApplicationRow(trx, joinId))!;
      if (!WAITING_FOR_TEAM.includes(row.status)) return false;
      // Checked under the lock: a seat given, a deadline opened, or a charge started since the list was read.
      if (await hasTeamSeat(trx, joinId)) return false;
      if (await pendingCharge(trx, joinId)) return false;
      if (row.status === 'WAITLISTED' && (await cohortHasUnresolvedDeadline(trx, row.odd_id))) return false;
      const result = await transition(trx, {
        joinId,
        to: 'AUTO_CANCELLED',
        actor: 'SYSTEM',
        reason: MESSAGES.autoCancelReason,
      });
      await queueMail(deps, trx, joinId, 'AUTO_CANCELLED', result.historyId);
      await deps.jobs.sendIn(trx, 'reservation-release', { joinId });
      return true;
    });
    if (done) cancelled.push(joinId);
  }
  return cancelled;
}
