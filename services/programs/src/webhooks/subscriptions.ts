import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { CONSUMER_MESSAGES, SCOPE_LABELS, webhookLimitMessage, webhookScopeMessage } from '@sq/contracts';
import {
  WEBHOOK_EVENT_SCOPES,
  WEBHOOK_SECRET_PREFIX,
  type CreateWebhookForm,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookSummary,
} from '@sq/contracts/webhooks';
import { badRequest, conflict, forbidden, notFound, type Row } from '@sq/service-kit';
import type { WebhookConfig } from '../config/webhooks';
import { recordTestEvent } from '../core/webhook-events';
import {
  createWebhookSubscriptionRepository,
  deliveryOf,
  summaryOf,
} from '../repositories/webhook-subscription-repository';
import type { WebhookDeliverer } from './delivery';
import { endpointProblem } from './endpoint-address';

/** `whsec_` + base64 of 32 random bytes: the form Standard Webhooks libraries take. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** Who asks: the member, and the scopes of the consumer credential they call with (none: a person's session). */
export interface WebhookCaller {
  userId: number;
  scopes?: string[];
}

/**
 * A member's webhook subscriptions as the API offers them (routes/webhooks.ts): every function reads and changes only
 * the caller's own (another's is 404 like a missing one), and refused input changes nothing.
 */
export function createWebhookSubscriptions(deps: { knex: Knex; config: WebhookConfig; deliverer: WebhookDeliverer }) {
  const { knex, config } = deps;
  const repository = createWebhookSubscriptionRepository(knex);
  const owned = async (caller: WebhookCaller, webhookId: number): Promise<Row> => {
    const row = await repository.own(caller.userId, webhookId);
    if (!row) throw notFound(CONSUMER_MESSAGES.webhookNotFound);
    return row;
  };
  const enabled = async (caller: WebhookCaller, webhookId: number): Promise<Row> => {
    const row = await owned(caller, webhookId);
    if (!row.enabled) throw conflict(CONSUMER_MESSAGES.webhookDisabled);
    return row;
  };
  const delivery = async (webhookId: number, deliveryId: string | number): Promise<WebhookDelivery> =>
    deliveryOf((await repository.delivery(webhookId, Number(deliveryId)))!);

  return {
    list: async (caller: WebhookCaller): Promise<WebhookSummary[]> =>
      (await repository.list(caller.userId)).map(summaryOf),

    /** A new subscription and its secret (shown this once). */
    async create(caller: WebhookCaller, form: CreateWebhookForm): Promise<{ webhook: WebhookSummary; secret: string }> {
      const problem = endpointProblem(form.url, config.allowLoopbackHttp);
      if (problem) throw badRequest(problem);
      // A consumer credential subscribes only to events it may read.
      for (const event of form.events as WebhookEventType[]) {
        const scope = WEBHOOK_EVENT_SCOPES[event];
        if (caller.scopes && !caller.scopes.includes(scope))
          throw forbidden(webhookScopeMessage(event, scope, SCOPE_LABELS[scope]));
      }
      // Kept as the URL parser writes it (control characters escaped, host lower-cased): what is shown is what is called.
      const url = new URL(form.url).href;
      const secret = newWebhookSecret();
      const row = await knex.transaction(async (trx) => {
        const mine = createWebhookSubscriptionRepository(trx);
        // One member's creations queue here, so the limit holds when they race.
        await mine.lockMember(caller.userId);
        if ((await mine.count(caller.userId)) >= config.maxPerMember)
          throw conflict(webhookLimitMessage(config.maxPerMember));
        return mine.create({ userId: caller.userId, url, events: form.events, secret, at: new Date() });
      });
      return { webhook: summaryOf(row), secret };
    },

    async remove(caller: WebhookCaller, webhookId: number): Promise<void> {
      if (!(await repository.remove(caller.userId, webhookId))) throw notFound(CONSUMER_MESSAGES.webhookNotFound);
    },

    /** A new secret (shown this once); deliveries sent from now on are signed with it. */
    async rotateSecret(caller: WebhookCaller, webhookId: number): Promise<{ webhook: WebhookSummary; secret: string }> {
      const secret = newWebhookSecret();
      const row = await repository.update(caller.userId, webhookId, { secret });
      if (!row) throw notFound(CONSUMER_MESSAGES.webhookNotFound);
      return { webhook: summaryOf(row), secret };
    },

    /** On again after it was turned off for failing: the deliveries it missed go out. */
    async enable(caller: WebhookCaller, webhookId: number): Promise<WebhookSummary> {
      const row = await repository.update(caller.userId, webhookId, {
        enabled: true,
        disabled_at: null,
        consecutive_failures: 0,
      });
      if (!row) throw notFound(CONSUMER_MESSAGES.webhookNotFound);
      return summaryOf(row);
    },

    /** The test event, sent at once; answers its delivery as the first attempt left it. */
    async sendTest(caller: WebhookCaller, webhookId: number): Promise<WebhookDelivery> {
      const row = await enabled(caller, webhookId);
      const deliveryId = await knex.transaction((trx) => recordTestEvent(trx, row.webhook_id, row.user_id));
      await deps.deliverer.deliverNow(deliveryId);
      return delivery(row.webhook_id, deliveryId);
    },

    async deliveries(caller: WebhookCaller, webhookId: number): Promise<WebhookDelivery[]> {
      const row = await owned(caller, webhookId);
      return (await repository.deliveries(row.webhook_id, config.deliveriesListed)).map(deliveryOf);
    },

    /** A new delivery of the same event (same `webhook-id`), due at once. */
    async replay(caller: WebhookCaller, webhookId: number, deliveryId: number): Promise<WebhookDelivery> {
      const row = await enabled(caller, webhookId);
      const original = await repository.delivery(row.webhook_id, deliveryId);
      if (!original) throw notFound(CONSUMER_MESSAGES.webhookDeliveryNotFound);
      const replayed = await repository.addDelivery({
        webhookId: row.webhook_id,
        eventId: String(original.event_id),
        replayOf: Number(original.delivery_id),
        at: new Date(),
      });
      return delivery(row.webhook_id, replayed);
    },
  };
}

export type WebhookSubscriptions = ReturnType<typeof createWebhookSubscriptions>;
