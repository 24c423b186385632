import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { WEBHOOK_TEST_EVENT, type WebhookEventType, type WebhookPayload } from '@sq/contracts/webhooks';

export interface WebhookEventInput {
  type: WebhookEventType;
  /** The member the event is about: only their own subscriptions hear it. Null: every subscription to the type. */
  userId: number | null;
  /** Ids only: receivers read the details with the public API and their own scopes. */
  data: WebhookPayload['data'];
}

/** `webhook-id`: unique per event, the same on every attempt and replay (Standard Webhooks suggests a `msg_` prefix). */
export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

export const payloadOf = (type: string, data: WebhookPayload['data'], at: Date): WebhookPayload => ({ type, timestamp: at.toISOString(), data });

/**
 * Tells subscribers of a change, in the change's own transaction: the event and one due delivery per enabled
 * subscription to its type (for an event about a member, only that member's) commit or roll back with the change.
 * Sending is the delivery worker's (delivery.ts). Answers how many subscriptions will be told.
 */
export async function recordWebhookEvent(trx: Knex.Transaction, input: WebhookEventInput): Promise<number> {
  // Webhook times are the real time, whatever clock the business rules read (tests and the e2e site move that one):
  // receivers judge the signature's timestamp against their own clock.
  const at = new Date();
  const [event] = await trx('webhook_event')
    .insert({ message_id: newMessageId(), type: input.type, user_id: input.userId, payload: JSON.stringify(payloadOf(input.type, input.data, at)), created_at: at })
    .returning('event_id');
  const aboutMember = input.userId === null ? '' : 'and user_id = ?';
  const inserted = await trx.raw(
    `insert into webhook_delivery (webhook_id, event_id, next_attempt_at, created_at)
     select webhook_id, ?, ?, ? from webhook_subscription where enabled and ? = any(events) ${aboutMember}`,
    [event.event_id, at, at, input.type, ...(input.userId === null ? [] : [input.userId])],
  );
  return inserted.rowCount ?? 0;
}

/** The test event (`webhook.test`): to the one subscription its owner asked for. Answers its delivery. */
export async function recordTestEvent(trx: Knex.Transaction, webhookId: number, userId: number): Promise<string> {
  const at = new Date();
  const [event] = await trx('webhook_event')
    .insert({ message_id: newMessageId(), type: WEBHOOK_TEST_EVENT, user_id: userId, payload: JSON.stringify(payloadOf(WEBHOOK_TEST_EVENT, { webhookId }, at)), created_at: at })
    .returning('event_id');
  const [delivery] = await trx('webhook_delivery').insert({ webhook_id: webhookId, event_id: event.event_id, next_attempt_at: at, created_at: at }).returning('delivery_id');
  return String(delivery.delivery_id);
}
