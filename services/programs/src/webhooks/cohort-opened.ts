import type { Knex } from 'knex';
import { createWebhookSubscriptionRepository } from '../repositories/webhook-subscription-repository';
import { recordWebhookEvent } from '../core/webhook-events';

/**
 * A cohort opens for applications by its dates (recruit_start), not by a change anyone makes: this scan (the
 * `webhook-cohort-opened` job, WEBHOOK_COHORT_OPEN_CRON) tells of each cohort recruiting now whose opening was not yet
 * told, once (webhook_cohort_opening, claimed in the event's transaction), if it opened within the lookback.
 * Answers the cohorts told.
 */
export async function announceOpenedCohorts(knex: Knex, now: Date, lookbackHours: number): Promise<number[]> {
  const since = new Date(now.getTime() - lookbackHours * 3_600_000);
  const told: number[] = [];
  for (const cohort of await createWebhookSubscriptionRepository(knex).openedUntold(now, since)) {
    await knex.transaction(async (trx) => {
      if (!(await createWebhookSubscriptionRepository(trx).claimOpening(cohort.odd_id, now))) return;
      await recordWebhookEvent(trx, {
        type: 'cohort.opened',
        userId: null,
        data: { oddId: cohort.odd_id, productId: cohort.product_id },
      });
      told.push(cohort.odd_id);
    });
  }
  return told;
}
