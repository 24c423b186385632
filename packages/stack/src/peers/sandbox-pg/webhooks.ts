import { createHmac, randomBytes } from 'node:crypto';

/**
 * Webhooks of the sandbox PG, signed as Standard Webhooks (https://www.standardwebhooks.com):
 *   webhook-id         one id per event, the same on every retry (receivers de-duplicate by it)
 *   webhook-timestamp  seconds since the epoch of this attempt (re-signed per attempt, so a retry after
 *                      minutes still passes a receiver's replay window)
 *   webhook-signature  `v1,<base64 HMAC-SHA256 over "{id}.{timestamp}.{body}">`, keyed with the
 *                      base64-decoded part of the `whsec_` secret
 */
export type WebhookEventType =
  | 'Transaction.Paid'
  | 'Transaction.Failed'
  | 'Transaction.Cancelled'
  | 'Transaction.PartialCancelled'
  | 'BillingKey.Issued'
  | 'BillingKey.Deleted';

export interface WebhookBody {
  type: WebhookEventType;
  timestamp: string;
  data: { storeId: string; paymentId?: string; transactionId?: string; billingKey?: string; cancellationId?: string };
}

export interface WebhookAttempt {
  at: string;
  /** HTTP status of the receiver's answer; null when it could not be reached. */
  status: number | null;
  error: string | null;
}

export interface WebhookDelivery {
  webhookId: string;
  type: WebhookEventType;
  body: WebhookBody;
  url: string | null;
  attempts: WebhookAttempt[];
  state: 'PENDING' | 'DELIVERED' | 'GAVE_UP' | 'NO_URL';
}

/**
 * Waits before the 2nd, 3rd, ... attempt (ms): 7 attempts within about 6.5 minutes, then the delivery gives
 * up (the receiver can still re-fetch the payment by id). Tests pass short delays.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [500, 2_000, 5_000, 15_000, 60_000, 300_000] as const;
/** How long one attempt waits for the receiver's answer. */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 10_000;

/** `whsec_` + 24 random bytes in base64, the format Standard Webhooks libraries read. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The `webhook-signature` header value for one delivery attempt. */
export function signWebhook(
  secret: string,
  webhookId: string,
  timestampSeconds: number | string,
  body: string,
): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${webhookId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

export interface WebhookSender {
  send(body: WebhookBody): WebhookDelivery;
  /** Sends a delivery's event again under the same webhook-id (a PG re-sending; receivers must dedupe). */
  redeliver(webhookId: string): WebhookDelivery | null;
  deliveries(): WebhookDelivery[];
  setUrl(url: string | null): void;
  /** Resolves when no delivery is waiting for an attempt or a retry. */
  settled(): Promise<void>;
  close(): void;
}

export function createWebhookSender(options: {
  url: string | null;
  secret: string;
  retryDelaysMs: readonly number[];
  clock: () => Date;
}): WebhookSender {
  let url = options.url;
  const all: WebhookDelivery[] = [];
  const timers = new Map<NodeJS.Timeout, WebhookDelivery>();
  const inFlight = new Set<Promise<void>>();
  // Where the current round of attempts began (a redelivery starts a new round with the full retry budget).
  const roundStart = new WeakMap<WebhookDelivery, number>();
  let idle: (() => void)[] = [];
  let closed = false;

  const busy = () => timers.size > 0 || inFlight.size > 0;
  const wakeIdle = () => {
    if (busy()) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };

  async function attempt(delivery: WebhookDelivery): Promise<void> {
    const payload = JSON.stringify(delivery.body);
    const timestamp = Math.floor(options.clock().getTime() / 1000);
    const record: WebhookAttempt = { at: options.clock().toISOString(), status: null, error: null };
    try {
      const response = await fetch(delivery.url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': delivery.webhookId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(options.secret, delivery.webhookId, timestamp, payload),
        },
        body: payload,
        signal: AbortSignal.timeout(WEBHOOK_ATTEMPT_TIMEOUT_MS),
      });
      record.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      record.error = (error as Error).message;
    }
    delivery.attempts.push(record);
    if (record.status !== null && record.status >= 200 && record.status < 300) {
      delivery.state = 'DELIVERED';
      return;
    }
    const delay = options.retryDelaysMs[delivery.attempts.length - (roundStart.get(delivery) ?? 0) - 1];
    if (delay === undefined || closed) {
      delivery.state = 'GAVE_UP';
      return;
    }
    schedule(delivery, delay);
  }

  function schedule(delivery: WebhookDelivery, delay: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const running = attempt(delivery).finally(() => {
        inFlight.delete(running);
        wakeIdle();
      });
      inFlight.add(running);
    }, delay);
    timer.unref();
    timers.set(timer, delivery);
  }

  return {
    send(body) {
      const delivery: WebhookDelivery = {
        webhookId: `msg_${randomBytes(16).toString('hex')}`,
        type: body.type,
        body,
        url,
        attempts: [],
        state: url ? 'PENDING' : 'NO_URL',
      };
      all.unshift(delivery);
      all.splice(500);
      if (url && !closed) schedule(delivery, 0);
      return delivery;
    },
    deliveries: () => [...all],
    redeliver(webhookId) {
      const delivery = all.find((d) => d.webhookId === webhookId);
      if (!delivery || !url || closed) return null;
      // One that is still being retried simply keeps going.
      if (delivery.state === 'PENDING') return delivery;
      roundStart.set(delivery, delivery.attempts.length);
      delivery.url = url;
      delivery.state = 'PENDING';
      schedule(delivery, 0);
      return delivery;
    },
    setUrl(next) {
      url = next;
    },
    settled() {
      if (!busy()) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    close() {
      closed = true;
      for (const [timer, delivery] of timers) {
        clearTimeout(timer);
        delivery.state = 'GAVE_UP';
      }
      timers.clear();
      wakeIdle();
    },
  };
}
