import type { Knex } from 'knex';
import type { WebhookDelivery, WebhookEventType, WebhookSummary } from '@sq/contracts/webhooks';
import type { Row } from '@sq/service-kit';

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

export const summaryOf = (row: Row): WebhookSummary => ({
  webhookId: row.webhook_id,
  url: row.url,
  events: row.events as WebhookEventType[],
  enabled: row.enabled,
  disabledAt: iso(row.disabled_at),
  consecutiveFailures: row.consecutive_failures,
  createdAt: iso(row.created_at)!,
});

export const deliveryOf = (row: Row): WebhookDelivery => ({
  deliveryId: Number(row.delivery_id),
  messageId: row.message_id,
  eventType: row.type,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.last_status_code ?? null,
  lastAnswer: row.last_answer ?? null,
  createdAt: iso(row.created_at)!,
  lastAttemptAt: iso(row.last_attempt_at),
  nextAttemptAt: row.status === 'PENDING' ? iso(row.next_attempt_at) : null,
  deliveredAt: iso(row.delivered_at),
  replayOf: row.replay_of === null || row.replay_of === undefined ? null : Number(row.replay_of),
});

/** A member's subscriptions and their deliveries: every query names the owner, so nobody reads another's. */
export function createWebhookRepository(db: Knex | Knex.Transaction) {
  const deliveries = () => db('webhook_delivery as d').join('webhook_event as e', 'e.event_id', 'd.event_id').select('d.*', 'e.message_id', 'e.type');
  return {
    list: (userId: number) => db('webhook_subscription').where({ user_id: userId }).orderBy('webhook_id'),
    own: (userId: number, webhookId: number) => db('webhook_subscription').where({ user_id: userId, webhook_id: webhookId }).first(),
    count: async (userId: number) => Number((await db('webhook_subscription').where({ user_id: userId }).count<{ count: string }[]>('* as count'))[0]!.count),
    async create(input: { userId: number; url: string; events: string[]; secret: string; at: Date }): Promise<Row> {
      const [row] = await db('webhook_subscription').insert({ user_id: input.userId, url: input.url, events: input.events, secret: input.secret, created_at: input.at }).returning('*');
      return row;
    },
    remove: (userId: number, webhookId: number) => db('webhook_subscription').where({ user_id: userId, webhook_id: webhookId }).delete(),
    async update(userId: number, webhookId: number, changes: Record<string, unknown>): Promise<Row | undefined> {
      const [row] = await db('webhook_subscription').where({ user_id: userId, webhook_id: webhookId }).update(changes).returning('*');
      return row;
    },
    /** The subscription's deliveries, the newest first. */
    deliveries: (webhookId: number, limit: number) => deliveries().where('d.webhook_id', webhookId).orderBy('d.delivery_id', 'desc').limit(limit),
    delivery: (webhookId: number, deliveryId: number) => deliveries().where({ 'd.webhook_id': webhookId, 'd.delivery_id': deliveryId }).first(),
    /** A new delivery of an event already told (a replay, due now). */
    async addDelivery(input: { webhookId: number; eventId: string; replayOf: number | null; at: Date }): Promise<string> {
      const [row] = await db('webhook_delivery').insert({ webhook_id: input.webhookId, event_id: input.eventId, replay_of: input.replayOf, next_attempt_at: input.at, created_at: input.at }).returning('delivery_id');
      return String(row.delivery_id);
    },
  };
}
