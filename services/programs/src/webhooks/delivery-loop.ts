import type { FastifyInstance } from 'fastify';
import type { WebhookConfig } from '../config/webhooks';
import type { WebhookDeliverer } from './delivery';

/**
 * The delivery loop of the instances that run jobs: due deliveries every WEBHOOK_POLL_MS, at once again while a whole
 * batch was due. It starts when the app is ready and waits for the round in flight when the app closes.
 */
export function runDeliveryLoop(app: FastifyInstance, deliverer: WebhookDeliverer, config: WebhookConfig): void {
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
}
