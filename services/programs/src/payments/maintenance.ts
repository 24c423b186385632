import { MESSAGES } from '@sq/contracts';
import type { ApplicationState } from '@sq/contracts/api/applications';
import { seoulDate } from '../schedule';
import { transition } from '../applications/transition';
import { PgError } from './pg-client';
import { repairCharge, settleFromPg } from './charges';
import { acceptBillingKey, releaseBillingKey } from './reservations';
import { repairRefunds } from './refunds';
import { queueMail, type PaymentDeps } from './deps';

/** States of a reservation still waiting for a team; left after the announcement day, they are auto-cancelled. */
const WAITING_FOR_TEAM: readonly ApplicationState[] = ['RESERVED', 'TEAM_BUILDING', 'WAITLISTED'];

/**
 * A verified webhook (stored by the route, run by the payment-webhook job): the body only says where to
 * look; what changes follows the PG's own record, re-fetched here, compared with ours (amount, currency,
 * key). The outcome is stored with the webhook id, so a redelivery or a second job run changes nothing.
 */
export async function processWebhook(deps: PaymentDeps, webhookId: string): Promise<string> {
  const stored = await deps.knex('processed_webhook').where({ webhook_id: webhookId }).first();
  if (!stored || stored.processed_at) return 'UNCHANGED';
  const body = stored.body as { type: string; data?: { paymentId?: string; billingKey?: string } };
  let outcome = 'IGNORED';
  const paymentId = body.data?.paymentId;
  const billingKey = body.data?.billingKey;
  if (body.type.startsWith('Transaction.') && paymentId) {
    const payment = await deps.knex('payment').where({ payment_id: paymentId }).first();
    if (!payment) outcome = 'UNKNOWN_PAYMENT';
    else {
      const record = await deps.pg.getPayment(paymentId);
      if (payment.status === 'PENDING') outcome = await settleFromPg(deps, payment, record, 'PG');
      else outcome = await repairRefunds(deps, paymentId, record);
    }
  } else if (body.type === 'BillingKey.Issued' && billingKey) {
    const key = await deps.pg.getBillingKey(billingKey).catch((error: unknown) => {
      if (error instanceof PgError && error.status === 404) return null;
      throw error;
    });
    const app = key ? await deps.knex('application').where({ issue_id: key.issueId }).first() : null;
    if (!app) outcome = 'UNKNOWN_BILLING_KEY';
    else if (app.status !== 'SUBMITTED' || app.billing_key === billingKey) outcome = 'UNCHANGED';
    else outcome = (await acceptBillingKey(deps, app.join_id, billingKey, 'PG')).status;
  } else if (body.type === 'BillingKey.Deleted' && billingKey) {
    const app = await deps.knex('application').where({ billing_key: billingKey }).first();
    outcome = app && (await releaseBillingKey(deps, app.join_id)) ? 'RELEASED' : 'UNCHANGED';
  }
  await deps.knex('processed_webhook').where({ webhook_id: webhookId }).update({ processed_at: deps.clock(), outcome });
  return outcome;
}

/**
 * The repair job: charges and refunds whose answer never got written (a crash between the PG and our write,
 * a lost webhook) are settled from the PG's record by payment id; cancelled reservations whose billing key
 * was not released yet are released.
 */
export async function repairPayments(deps: PaymentDeps, olderThanSeconds: number): Promise<{ charges: number; refunds: number; releases: number }> {
  const before = new Date(deps.clock().getTime() - olderThanSeconds * 1000);
  const charges = await deps.knex('payment').where({ status: 'PENDING' }).where('created_at', '<=', before).limit(100).pluck('payment_id');
  const refunds = await deps.knex('refund').where({ status: 'REQUESTED' }).where('created_at', '<=', before).limit(100).pluck('payment_id');
  const releases = await deps.knex('application')
    .whereNotNull('billing_key')
    .whereNull('billing_key_released_at')
    .whereIn('status', ['CANCELLED', 'AUTO_CANCELLED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'DROPPED'])
    .limit(100)
    .pluck('join_id');
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
  await each(refunds, (id) => repairRefunds(deps, id));
  await each(releases, (id) => releaseBillingKey(deps, id));
  return { charges: charges.length, refunds: refunds.length, releases: releases.length };
}

/**
 * Auto-cancel (spec section 4: the reservation is auto-cancelled if no team is built): after the
 * team-building announcement day of a team program, reservations still waiting for a team are cancelled
 * and their billing keys released. Nothing was charged, so nothing is refunded.
 */
export async function autoCancelUnteamed(deps: PaymentDeps, now: Date): Promise<number[]> {
  const joinIds: number[] = await deps.knex('application as a')
    .join('cohort as c', 'c.odd_id', 'a.odd_id')
    .join('product as p', 'p.product_id', 'c.product_id')
    .where('p.charge_policy', 'ON_TEAM_PUBLISH')
    .whereNotNull('c.team_building_announce_date')
    .where('c.team_building_announce_date', '<', seoulDate(now))
    .whereIn('a.status', WAITING_FOR_TEAM)
    .pluck('a.join_id');
  const cancelled: number[] = [];
  for (const joinId of joinIds) {
    const done = await deps.knex.transaction(async (trx) => {
      const row = await trx('application').where({ join_id: joinId }).forUpdate().first('status');
      if (!WAITING_FOR_TEAM.includes(row.status)) return false;
      const result = await transition(trx, { joinId, to: 'AUTO_CANCELLED', actor: 'SYSTEM', reason: MESSAGES.autoCancelReason });
      await queueMail(deps, trx, joinId, 'AUTO_CANCELLED', result.historyId);
      await deps.jobs.sendIn(trx, 'reservation-release', { joinId });
      return true;
    });
    if (done) cancelled.push(joinId);
  }
  return cancelled;
}
