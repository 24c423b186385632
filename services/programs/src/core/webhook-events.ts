import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { WEBHOOK_TEST_EVENT, type WebhookEventType, type WebhookPayload } from '@sq/contracts/webhooks';
import { createWebhookSubscriptionRepository } from '../repositories/webhook-subscription-repository';

export interface WebhookEventInput {
  type: WebhookEventType;
  /** The member the event is about: only their own subscriptions hear it. Null: every subscription to the type. */
  userId: number | null;
  /** Ids only: receivers read the details with the public API and their own scopes. */
  data: WebhookPayload['data'];
}

/** `webhook-id`: unique per event, the same on every attempt and replay (Standard Webhooks suggests a `msg_` prefix). */
export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

export const payloadOf = (type: string, data: WebhookPayload['data'], at: Date): WebhookPayload => ({
  type,
  timestamp: at.toISOString(),
  data,
});

/**
 * Tells subscribers of a change, in the change's own transaction: the event and one due delivery per enabled
 * subscription to its type (for an event about a member, only that member's) commit or roll back with the change.
 * Sending is the delivery worker's (delivery.ts). Answers how many subscriptions will be told.
 */
export async function recordWebhookEvent(trx: Knex.Transaction, input: WebhookEventInput): Promise<number> {
  // Webhook times are the real time, whatever clock the business rules read (tests and the e2e site move that one):
  // receivers judge the signature's timestamp against their own clock.
  const at = new Date();
  const webhooks = createWebhookSubscriptionRepository(trx);
  // Most changes have nobody listening (every application transition asks): then nothing is written.
  const subscribers = await webhooks.subscribers(input.type, input.userId);
  if (!subscribers.length) return 0;
  const eventId = await webhooks.addEvent({
    messageId: newMessageId(),
    type: input.type,
    userId: input.userId,
    payload: payloadOf(input.type, input.data, at),
    at,
  });
  await webhooks.fanOut(eventId, subscribers, at);
  return subscribers.length;
}

/** The test event (`webhook.test`): to the one subscription its owner asked for. Answers its delivery. */
export async function recordTestEvent(trx: Knex.Transaction, webhookId: number, userId: number): Promise<string> {
  const at = new Date();
  const webhooks = createWebhookSubscriptionRepository(trx);
  const eventId = await webhooks.addEvent({
    messageId: newMessageId(),
    type: WEBHOOK_TEST_EVENT,
    userId,
    payload: payloadOf(WEBHOOK_TEST_EVENT, { webhookId }, at),
    at,
  });
  return webhooks.addDelivery({ webhookId, eventId, replayOf: null, at });
}

/** Deletes events older than `before` with their deliveries and attempts, a batch at a time; answers how many. */
export async function pruneWebhookLog(knex: Knex, before: Date, batch = 1_000): Promise<number> {
  let pruned = 0;
  for (;;) {
    const gone = await createWebhookSubscriptionRepository(knex).pruneBefore(before, batch);
    pruned += gone;
    if (gone < batch) return pruned;
  }
}
