import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createAccountContacts } from '../clients/account-contacts';
import type { WebhookConfig } from '../config/webhooks';
import { createWebhookDelivery, type WebhookDeliverer } from './delivery';
import { announceOpenedCohorts } from './cohort-opened';
import { createWebhookSubscriptions, type WebhookSubscriptions } from './subscriptions';
import { pruneWebhookLog } from '../core/webhook-events';
import { disabledMail } from '../mail/webhook-disabled-mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends due webhook deliveries (the instances that run jobs do it every WEBHOOK_POLL_MS; tests call it). */
    webhooks: WebhookDeliverer;
    /** Members' subscriptions as the API offers them (routes/webhooks.ts). */
    webhookSubscriptions: WebhookSubscriptions;
  }
}

/**
 * Webhooks out: the members' subscriptions (for routes/webhooks.ts), the delivery loop (on the instances that run
 * jobs), the scan that tells of cohorts that opened, the pruning of old events, and the mail to the owner of a
 * subscription turned off for failing.
 */
export const webhooksPlugin = fp<{ config: WebhookConfig }>(
  async (app: FastifyInstance, { config }) => {
    const attempts = app.metrics.counter(
      'webhook_attempts_total',
      'Webhook delivery attempts, by outcome (delivered, retry: refused and scheduled again, failed: the last one refused).',
      ['outcome'],
    );
    const deliverer = createWebhookDelivery({
      knex: app.knex,
      config,
      jobs: app.jobs,
      log: app.log,
      counted: (outcome) => attempts.inc({ outcome }),
    });
    app.decorate('webhooks', deliverer);
    app.decorate('webhookSubscriptions', createWebhookSubscriptions({ knex: app.knex, config, deliverer }));

    const contacts = createAccountContacts({
      accountUrl: app.programsConfig.peers.accountUrl,
      internalSecret: app.internalSecret,
      timeoutMs: app.programsConfig.peers.peopleLookupTimeoutMs,
    });
    app.jobs.handle('webhook-disabled-mail', async (data) => {
      await disabledMail(app, contacts, Number(data.webhookId));
    });
    app.jobs.handle('webhook-cohort-opened', async () => {
      const told = await announceOpenedCohorts(app.knex, app.clock(), config.cohortOpenLookbackHours);
      if (told.length) app.log.info({ oddIds: told }, 'cohort openings told to webhooks');
    });
    app.jobs.schedule('webhook-cohort-opened', config.cohortOpenCron);
    app.jobs.handle('webhook-log-prune', async () => {
      const pruned = await pruneWebhookLog(app.knex, new Date(Date.now() - config.logRetentionDays * 86_400_000));
      if (pruned) app.log.info({ events: pruned }, 'old webhook events deleted');
    });
    app.jobs.schedule('webhook-log-prune', config.logPruneCron);

    if (!app.programsConfig.jobs.workers) return;
    // The delivery loop: due deliveries every WEBHOOK_POLL_MS, at once again while a whole batch was due.
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | null = null;
    let closing = false;
    const tick = () => {
      running = (async () => {
        try {
          while (!closing && (await deliverer.deliverDue()) >= config.concurrency);
        } catch (error) {
          app.log.warn({ err: error }, 'webhook deliveries not sent');
        }
      })().finally(() => {
        running = null;
        if (!closing) timer = setTimeout(tick, config.pollMs);
      });
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, config.pollMs);
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'webhooks', dependencies: ['job-queue'] },
);
