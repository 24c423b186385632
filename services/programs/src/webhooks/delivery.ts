import http from 'node:http';
import https from 'node:https';
import type { Knex } from 'knex';
import { Webhook } from 'standardwebhooks';
import { QUEUES, type JobQueue } from '../jobs/queue';
import {
  createWebhookSubscriptionRepository,
  type ClaimedDelivery,
} from '../repositories/webhook-subscription-repository';
import type { WebhookConfig } from '../config/webhooks';
import { InternalAddressError, addressAllowed, guardedLookup, literalAddress } from './endpoint-address';

export interface WebhookDeliveryDeps {
  knex: Knex;
  config: WebhookConfig;
  jobs: JobQueue;
  log: { warn(obj: object, msg: string): void };
  /** Counts each recorded attempt by what came of it (the metric `webhook_attempts_total`). */
  counted?: (outcome: 'delivered' | 'retry' | 'failed') => void;
}

interface Answer {
  statusCode: number | null;
  text: string;
}

/**
 * One POST to the endpoint, over node:http(s) so that the connection's DNS lookup can refuse internal addresses
 * (endpoint-address.ts). At most `timeoutMs` in all; redirects are not followed (the endpoint is the address its
 * owner gave); only the start of the answer is read and kept.
 */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; answerChars: number; allowLoopback: boolean },
): Promise<Answer> {
  const literal = literalAddress(url.hostname);
  if (literal && !addressAllowed(literal, options.allowLoopback))
    return Promise.resolve({ statusCode: null, text: `연결 거부: ${new InternalAddressError(url.hostname).message}` });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowLoopback),
      },
      (response) => {
        let text = '';
        const done = () =>
          settle({ statusCode: response.statusCode ?? null, text: text.slice(0, options.answerChars) });
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.length >= options.answerChars) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      },
    );
    const timer = setTimeout(() => {
      settle({ statusCode: null, text: `응답 없음: ${options.timeoutMs}ms 안에 답하지 않았습니다` });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error: Error & { code?: string }) => {
      settle({
        statusCode: null,
        text:
          error instanceof InternalAddressError
            ? `연결 거부: ${error.message}`
            : `연결 실패: ${error.code ?? error.message}`,
      });
    });
    request.end(body);
  });
}

/**
 * Sends due deliveries, on the real time (as the events are written: core/webhook-events.ts); `deliverDue(now)` takes
 * another instant only to look ahead (tests of the retry schedule). Each is claimed with a lease (SKIP LOCKED,
 * committed before sending, so no connection is held while the receiver thinks and several instances share the
 * work), posted with the Standard Webhooks headers
 * (webhook-id, webhook-timestamp, webhook-signature) and its attempt logged with the answer. A 2xx answer delivers it;
 * anything else (another status, a redirect, a timeout, no connection) schedules the next attempt by
 * WEBHOOK_RETRY_SCHEDULE_SECONDS, and after the last the delivery has failed; WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES
 * failed deliveries in a row turn the subscription off and mail its owner (in the same transaction: the mail job).
 */
export function createWebhookDelivery(deps: WebhookDeliveryDeps) {
  const { knex, config } = deps;
  const leaseMs = config.timeoutMs + 30_000;

  async function claim(now: Date, limit: number, deliveryId?: string): Promise<ClaimedDelivery[]> {
    const ids = await knex.transaction((trx) =>
      createWebhookSubscriptionRepository(trx).lease(now, limit, new Date(now.getTime() + leaseMs), deliveryId),
    );
    return ids.length ? createWebhookSubscriptionRepository(knex).claimed(ids) : [];
  }

  async function send(row: ClaimedDelivery): Promise<Answer> {
    const body = JSON.stringify(row.payload);
    const sentAt = new Date();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Sidequest-Webhooks/1.0',
      'webhook-id': row.message_id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(row.secret).sign(row.message_id, sentAt, body),
    };
    return post(new URL(row.url), headers, body, {
      timeoutMs: config.timeoutMs,
      answerChars: config.answerChars,
      allowLoopback: config.allowLoopbackHttp,
    });
  }

  async function record(
    row: ClaimedDelivery,
    answer: Answer,
    startedAt: Date,
    durationMs: number,
  ): Promise<'delivered' | 'retry' | 'failed'> {
    const delivered = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
    const attempts = row.attempts + 1;
    const lastAnswer = answer.text.slice(0, config.answerChars);
    return knex.transaction(async (trx) => {
      const webhooks = createWebhookSubscriptionRepository(trx);
      await webhooks.addAttempt({
        deliveryId: row.delivery_id,
        at: startedAt,
        statusCode: answer.statusCode,
        answer: lastAnswer,
        durationMs,
      });
      const common = {
        attempts,
        last_status_code: answer.statusCode,
        last_answer: lastAnswer,
        last_attempt_at: startedAt,
      };
      if (delivered) {
        await webhooks.settleDelivery(row.delivery_id, {
          ...common,
          status: 'DELIVERED',
          delivered_at: startedAt,
          next_attempt_at: null,
        });
        await webhooks.resetFailures(row.webhook_id);
        return 'delivered';
      }
      const waitSeconds = config.retryScheduleSeconds[attempts - 1];
      if (waitSeconds !== undefined) {
        await webhooks.settleDelivery(row.delivery_id, {
          ...common,
          next_attempt_at: new Date(startedAt.getTime() + waitSeconds * 1000),
        });
        return 'retry';
      }
      await webhooks.settleDelivery(row.delivery_id, { ...common, status: 'FAILED', next_attempt_at: null });
      const subscription = await webhooks.addFailure(row.webhook_id);
      if (subscription?.enabled && subscription.consecutive_failures >= config.disableAfterFailedDeliveries) {
        await webhooks.disable(row.webhook_id, startedAt);
        await deps.jobs.sendIn(
          trx,
          QUEUES.webhookDisabledMail,
          { webhookId: row.webhook_id },
          { singletonKey: `webhook-disabled:${row.webhook_id}:${startedAt.getTime()}` },
        );
      }
      return 'failed';
    });
  }

  async function attempt(row: ClaimedDelivery): Promise<void> {
    const startedAt = new Date();
    const started = performance.now();
    const answer = await send(row);
    try {
      deps.counted?.(await record(row, answer, startedAt, Math.round(performance.now() - started)));
    } catch (error) {
      // The lease runs out and the delivery is tried again: a receiver may see it twice (it dedupes by webhook-id).
      deps.log.warn({ err: error, deliveryId: row.delivery_id }, 'webhook attempt not recorded');
    }
  }

  return {
    /** Sends every delivery due at `now` (up to WEBHOOK_CONCURRENCY at once); answers how many were tried. */
    async deliverDue(now: Date = new Date()): Promise<number> {
      const rows = await claim(now, config.concurrency);
      await Promise.all(rows.map(attempt));
      return rows.length;
    },
    /** Sends one pending delivery now, due or not (the test event); false when it is not pending or already in flight. */
    async deliverNow(deliveryId: string): Promise<boolean> {
      const [row] = await claim(new Date(), 1, deliveryId);
      if (!row) return false;
      await attempt(row);
      return true;
    },
  };
}

export type WebhookDeliverer = ReturnType<typeof createWebhookDelivery>;
