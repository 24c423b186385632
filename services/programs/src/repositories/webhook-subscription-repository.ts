import type { WebhookDelivery, WebhookEventType, WebhookSummary } from '@sq/contracts/webhooks';
import type { Row } from '@sq/service-kit';
import type { Db } from './db';

/**
 * Webhooks out (src/webhooks, migration 220): members' subscriptions, the events told to them, each delivery (also the
 * schedule of its attempts) and each attempt. Every function runs in the connection or transaction it is given; the
 * owner's reads name the owner, so nobody reads another's.
 */

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

/** A delivery claimed for an attempt, with what sending it needs. */
export interface ClaimedDelivery {
  delivery_id: string;
  webhook_id: number;
  attempts: number;
  url: string;
  secret: string;
  message_id: string;
  payload: unknown;
}

export function createWebhookSubscriptionRepository(db: Db) {
  const deliveries = () =>
    db('webhook_delivery as d')
      .join('webhook_event as e', 'e.event_id', 'd.event_id')
      .select('d.*', 'e.message_id', 'e.type');
  return {
    // --- the owner's subscriptions ---
    list: (userId: number) => db('webhook_subscription').where({ user_id: userId }).orderBy('webhook_id'),
    own: (userId: number, webhookId: number): Promise<Row | undefined> =>
      db('webhook_subscription').where({ user_id: userId, webhook_id: webhookId }).first(),
    /** Queues one member's creations behind each other (the transaction's lock), so the per-member limit holds when they race. */
    lockMember: (userId: number) =>
      db.raw('select pg_advisory_xact_lock(hashtext(?), ?)', ['webhook_subscription', userId]),
    count: async (userId: number) =>
      Number(
        (await db('webhook_subscription').where({ user_id: userId }).count<{ count: string }[]>('* as count'))[0]!
          .count,
      ),
    async create(input: { userId: number; url: string; events: string[]; secret: string; at: Date }): Promise<Row> {
      const [row] = await db('webhook_subscription')
        .insert({
          user_id: input.userId,
          url: input.url,
          events: input.events,
          secret: input.secret,
          created_at: input.at,
        })
        .returning('*');
      return row;
    },
    remove: (userId: number, webhookId: number) =>
      db('webhook_subscription').where({ user_id: userId, webhook_id: webhookId }).delete(),
    /** A withdrawn member's: deleted with their deliveries and attempts. */
    removeAllOf: (userId: number) => db('webhook_subscription').where({ user_id: userId }).delete(),
    async update(userId: number, webhookId: number, changes: Record<string, unknown>): Promise<Row | undefined> {
      const [row] = await db('webhook_subscription')
        .where({ user_id: userId, webhook_id: webhookId })
        .update(changes)
        .returning('*');
      return row;
    },
    byId: (webhookId: number): Promise<Row | undefined> =>
      db('webhook_subscription').where({ webhook_id: webhookId }).first(),

    // --- events and deliveries ---
    async addEvent(input: {
      messageId: string;
      type: string;
      userId: number | null;
      payload: object;
      at: Date;
    }): Promise<string> {
      const [event] = await db('webhook_event')
        .insert({
          message_id: input.messageId,
          type: input.type,
          user_id: input.userId,
          payload: JSON.stringify(input.payload),
          created_at: input.at,
        })
        .returning('event_id');
      return String(event.event_id);
    },
    /** The enabled subscriptions to the type (for an event about a member, only theirs). */
    subscribers(type: string, userId: number | null): Promise<number[]> {
      const query = db('webhook_subscription').where({ enabled: true }).whereRaw('? = any(events)', [type]);
      if (userId !== null) query.andWhere({ user_id: userId });
      return query.pluck('webhook_id');
    },
    /** One due delivery of the event to each of the subscriptions. */
    async fanOut(eventId: string, webhookIds: number[], at: Date): Promise<void> {
      await db('webhook_delivery').insert(
        webhookIds.map((webhookId) => ({
          webhook_id: webhookId,
          event_id: eventId,
          next_attempt_at: at,
          created_at: at,
        })),
      );
    },
    /** A delivery of an event to one subscription, due at `at` (the test event, a replay). */
    async addDelivery(input: {
      webhookId: number;
      eventId: string;
      replayOf: number | null;
      at: Date;
    }): Promise<string> {
      const [row] = await db('webhook_delivery')
        .insert({
          webhook_id: input.webhookId,
          event_id: input.eventId,
          replay_of: input.replayOf,
          next_attempt_at: input.at,
          created_at: input.at,
        })
        .returning('delivery_id');
      return String(row.delivery_id);
    },
    /** The subscription's deliveries, the newest first. */
    deliveries: (webhookId: number, limit: number) =>
      deliveries().where('d.webhook_id', webhookId).orderBy('d.delivery_id', 'desc').limit(limit),
    delivery: (webhookId: number, deliveryId: number): Promise<Row | undefined> =>
      deliveries().where({ 'd.webhook_id': webhookId, 'd.delivery_id': deliveryId }).first(),

    // --- the delivery worker ---
    /**
     * Locks (SKIP LOCKED) pending deliveries of enabled subscriptions that are due at `now` (or the one asked, due or
     * not) and not leased, and leases them until `leaseUntil`; run it in a transaction. Answers their ids.
     */
    async lease(now: Date, limit: number, leaseUntil: Date, deliveryId?: string): Promise<string[]> {
      const due = db('webhook_delivery as d')
        .join('webhook_subscription as s', 's.webhook_id', 'd.webhook_id')
        .where('d.status', 'PENDING')
        .andWhere('s.enabled', true)
        .andWhere((q) => q.whereNull('d.leased_until').orWhere('d.leased_until', '<', now))
        .select('d.delivery_id')
        .limit(limit)
        .forUpdate('d')
        .skipLocked();
      if (deliveryId) due.andWhere('d.delivery_id', deliveryId);
      else due.andWhere('d.next_attempt_at', '<=', now).orderBy('d.next_attempt_at');
      const ids = ((await due) as { delivery_id: string }[]).map((r) => String(r.delivery_id));
      if (ids.length) await db('webhook_delivery').whereIn('delivery_id', ids).update({ leased_until: leaseUntil });
      return ids;
    },
    claimed: (ids: string[]): Promise<ClaimedDelivery[]> =>
      db('webhook_delivery as d')
        .join('webhook_subscription as s', 's.webhook_id', 'd.webhook_id')
        .join('webhook_event as e', 'e.event_id', 'd.event_id')
        .whereIn('d.delivery_id', ids)
        .select('d.delivery_id', 'd.webhook_id', 'd.attempts', 's.url', 's.secret', 'e.message_id', 'e.payload'),
    addAttempt: (input: {
      deliveryId: string;
      at: Date;
      statusCode: number | null;
      answer: string;
      durationMs: number;
    }) =>
      db('webhook_attempt').insert({
        delivery_id: input.deliveryId,
        attempted_at: input.at,
        status_code: input.statusCode,
        answer: input.answer,
        duration_ms: input.durationMs,
      }),
    /** The attempt's outcome on its delivery (the lease ends). */
    settleDelivery: (deliveryId: string, changes: Record<string, unknown>) =>
      db('webhook_delivery')
        .where({ delivery_id: deliveryId })
        .update({ ...changes, leased_until: null }),
    resetFailures: (webhookId: number) =>
      db('webhook_subscription').where({ webhook_id: webhookId }).update({ consecutive_failures: 0 }),
    /** One more failed delivery in a row; answers the count and whether the subscription is still on. */
    async addFailure(webhookId: number): Promise<{ consecutive_failures: number; enabled: boolean } | undefined> {
      const [row] = await db('webhook_subscription')
        .where({ webhook_id: webhookId })
        .increment('consecutive_failures', 1)
        .returning(['consecutive_failures', 'enabled']);
      return row;
    },
    disable: (webhookId: number, at: Date) =>
      db('webhook_subscription').where({ webhook_id: webhookId }).update({ enabled: false, disabled_at: at }),

    /** Events (with their deliveries and attempts) older than `before`; answers how many went. */
    pruneBefore: (before: Date, limit: number): Promise<number> =>
      db('webhook_event')
        .whereIn('event_id', db('webhook_event').where('created_at', '<', before).select('event_id').limit(limit))
        .delete(),

    // --- cohort.opened ---
    /** Cohorts recruiting at `now` that opened after `since` and whose opening was not told yet. */
    openedUntold: (now: Date, since: Date): Promise<{ odd_id: number; product_id: number }[]> =>
      db('cohort as c')
        .leftJoin('webhook_cohort_opening as o', 'o.odd_id', 'c.odd_id')
        .whereNull('o.odd_id')
        .whereNull('c.cancelled_at')
        .where('c.recruit_start', '<=', now)
        .where('c.recruit_start', '>', since)
        .where('c.recruit_end', '>', now)
        .select('c.odd_id', 'c.product_id'),
    /** Claims telling of the cohort's opening: true once, for the first caller. */
    async claimOpening(oddId: number, at: Date): Promise<boolean> {
      return (
        (
          await db('webhook_cohort_opening')
            .insert({ odd_id: oddId, announced_at: at })
            .onConflict('odd_id')
            .ignore()
            .returning('odd_id')
        ).length > 0
      );
    },
  };
}

export type WebhookSubscriptionRepository = ReturnType<typeof createWebhookSubscriptionRepository>;
