import * as z from 'zod/mini';
import { CORE_MESSAGES } from './core-messages';
import { CONSUMER_MESSAGES } from './messages/consumers';
import type { ConsumerScope } from './api-consumers';
import type { Success } from './envelope';

/**
 * Webhooks out: a member's program subscribes an endpoint to events; each delivery is signed the Standard Webhooks
 * way (https://www.standardwebhooks.com) with the subscription's secret. An event needs the scope that reads what it
 * tells; the application and check-in events go only to the member they are about.
 */
export const WEBHOOK_EVENTS = [
  'cohort.opened',
  'teams.published',
  'application.state_changed',
  'sprint.checkin_missed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The test event the owner sends themselves (`POST /api/webhooks/{webhookId}/test`); never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_SCOPES: Record<WebhookEventType, ConsumerScope> = {
  'cohort.opened': 'programs:read',
  'teams.published': 'programs:read',
  'application.state_changed': 'applications:read',
  'sprint.checkin_missed': 'sprint:checkin',
};

/** How each event is shown to people (the developers page, my page). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'cohort.opened': '기수 모집 시작',
  'teams.published': '팀 발표',
  'application.state_changed': '내 지원 상태 변경',
  'sprint.checkin_missed': '내 스프린트 체크인 누락',
};

export const isWebhookEvent = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENTS as readonly string[]).includes(value);

/** The secret's form: `whsec_` + base64 of 32 random bytes (the Standard Webhooks convention). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** POST /api/webhooks. Whether the URL must be https is the service's rule (loopback http only where allowed). */
export const createWebhookSchema = z.object(
  {
    url: z
      .string({ error: CONSUMER_MESSAGES.webhookUrlInvalid })
      .check(
        z.trim(),
        z.minLength(1, CONSUMER_MESSAGES.webhookUrlInvalid),
        z.maxLength(2000, CONSUMER_MESSAGES.webhookUrlInvalid),
      ),
    events: z
      .array(
        z
          .string({ error: CONSUMER_MESSAGES.webhookEventUnknown })
          .check(z.refine(isWebhookEvent, CONSUMER_MESSAGES.webhookEventUnknown)),
        { error: CONSUMER_MESSAGES.webhookEventsRequired },
      )
      .check(
        z.minLength(1, CONSUMER_MESSAGES.webhookEventsRequired),
        z.maxLength(WEBHOOK_EVENTS.length, CONSUMER_MESSAGES.webhookEventsRequired),
        z.refine((events) => new Set(events).size === events.length, CONSUMER_MESSAGES.webhookEventsRequired),
      ),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type CreateWebhookForm = z.infer<typeof createWebhookSchema>;

export interface WebhookSummary {
  webhookId: number;
  url: string;
  events: WebhookEventType[];
  /** False once it kept failing (WEBHOOK_DISABLE_AFTER_FAILURES) until its owner turns it on again. */
  enabled: boolean;
  disabledAt: string | null;
  /** Deliveries in a row that failed for good. */
  consecutiveFailures: number;
  createdAt: string;
}

export type WebhookDeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

export interface WebhookDelivery {
  deliveryId: number;
  /** The event's id, sent as `webhook-id` (the same on every attempt and replay: receivers dedupe by it). */
  messageId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's last HTTP status (null: no answer, e.g. a timeout or a refused connection). */
  lastStatusCode: number | null;
  /** The start of the receiver's last answer body, or what went wrong. */
  lastAnswer: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  /** The delivery this one replays (null: the original). */
  replayOf: number | null;
}

export type WebhookListResponse = Success<{ webhooks: WebhookSummary[] }>;
/** Creation and secret rotation: the secret is in this answer only. */
export type WebhookSecretResponse = Success<{ webhook: WebhookSummary; secret: string }>;
export type WebhookDeliveriesResponse = Success<{ deliveries: WebhookDelivery[] }>;
export type WebhookDeliveryResponse = Success<{ delivery: WebhookDelivery }>;
export type WebhookResponse = Success<{ webhook: WebhookSummary }>;

/** What each delivery's body is: small, ids and the event's time; read the details with the public API. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, string | number | null>;
}
