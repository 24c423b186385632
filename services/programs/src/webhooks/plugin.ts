import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { WebhookConfig } from '../config/webhooks';
import { createWebhookDelivery, type WebhookDeliverer } from './delivery';
import { createWebhookSubscriptions, type WebhookSubscriptions } from './subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends due webhook deliveries (the instances that run jobs do it every WEBHOOK_POLL_MS; tests call it). */
    webhooks: WebhookDeliverer;
    /** Members' subscriptions as the API offers them (routes/webhooks.ts). */
    webhookSubscriptions: WebhookSubscriptions;
  }
}

/**
 * Webhooks out: the members' subscriptions (for routes/webhooks.ts) and the deliverer (its loop, the scan that tells
 * of cohorts that opened, the pruning and the mail of a subscription turned off: service.ts runs them).
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
  },
  { name: 'webhooks', dependencies: ['job-queue'] },
);
