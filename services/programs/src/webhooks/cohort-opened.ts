import type { Knex } from 'knex';
import { recordWebhookEvent } from './events';

/**
 * A cohort opens for applications by its dates (recruit_start), not by a change anyone makes: this scan (the
 * `webhook-cohort-opened` job, WEBHOOK_COHORT_OPEN_CRON) tells of each cohort recruiting now whose opening was not yet
 * told, once (webhook_cohort_opening, claimed in the event's transaction), if it opened within the lookback.
 * Answers the cohorts told.
 */
export async function announceOpenedCohorts(knex: Knex, now: Date, lookbackHours: number): Promise<number[]> {
  const since = new Date(now.getTime() - lookbackHours * 3_600_000);
  const opened: { odd_id: number; product_id: number }[] = await knex('cohort as c')
    .leftJoin('webhook_cohort_opening as o', 'o.odd_id', 'c.odd_id')
    .whereNull('o.odd_id')
    .whereNull('c.cancelled_at')
    .where('c.recruit_start', '<=', now)
    .where('c.recruit_start', '>', since)
    .where('c.recruit_end', '>', now)
    .select('c.odd_id', 'c.product_id');
  const told: number[] = [];
  for (const cohort of opened) {
    await knex.transaction(async (trx) => {
      const claimed = await trx('webhook_cohort_opening').insert({ odd_id: cohort.odd_id, announced_at: now }).onConflict('odd_id').ignore().returning('odd_id');
      if (!claimed.length) return;
      await recordWebhookEvent(trx, { type: 'cohort.opened', userId: null, data: { oddId: cohort.odd_id, productId: cohort.product_id } });
      told.push(cohort.odd_id);
    });
  }
  return told;
}
