import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONSUMER_MESSAGES, SCOPE_LABELS, ok, webhookLimitMessage, webhookScopeMessage } from '@sq/contracts';
import { WEBHOOK_EVENT_SCOPES, WEBHOOK_SECRET_PREFIX, createWebhookSchema, type CreateWebhookForm, type WebhookEventType } from '@sq/contracts/webhooks';
import { badRequest, conflict, forbidden, idParam, notFound, requireMember } from '@sq/service-kit';
import type { WebhookConfig } from './config';
import type { WebhookDeliverer } from './delivery';
import { addressAllowed, literalAddress } from './endpoint-address';
import { recordTestEvent } from './events';
import { createWebhookSubscriptionRepository, deliveryOf, summaryOf } from '../repositories/webhook-subscription-repository';

const webhookParams = z.object({ webhookId: idParam });
const deliveryParams = z.object({ webhookId: idParam, deliveryId: idParam });

/** https only; http only to loopback and only where WEBHOOK_ALLOW_LOOPBACK_HTTP allows (local development, tests). */
export function endpointProblem(raw: string, allowLoopbackHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return CONSUMER_MESSAGES.webhookUrlInvalid;
  }
  if (url.username || url.password || !['https:', 'http:'].includes(url.protocol)) return CONSUMER_MESSAGES.webhookUrlInvalid;
  const literal = literalAddress(url.hostname);
  const loopback = url.hostname === 'localhost' || (literal !== null && addressAllowed(literal, true) && !addressAllowed(literal, false));
  if (url.protocol === 'http:' && !(loopback && allowLoopbackHttp)) return CONSUMER_MESSAGES.webhookUrlInvalid;
  // A name is judged again on each delivery's own lookup (endpoint-address.ts); an address or localhost at once.
  if ((loopback && !allowLoopbackHttp) || (literal !== null && !addressAllowed(literal, allowLoopbackHttp))) return CONSUMER_MESSAGES.webhookUrlInternal;
  return null;
}

/** `whsec_` + base64 of 32 random bytes: the form Standard Webhooks libraries take. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** A consumer credential subscribes only to events it may read; a person's session may subscribe to all. */
function refuseUnscoped(request: FastifyRequest, events: WebhookEventType[]): void {
  const held = request.identity!.scopes;
  if (!held) return;
  for (const event of events) {
    const scope = WEBHOOK_EVENT_SCOPES[event];
    if (!held.includes(scope)) throw forbidden(webhookScopeMessage(event, scope, SCOPE_LABELS[scope]));
  }
}

/**
 * A member's webhook subscriptions (public API, scope webhooks:manage): make, list, delete, rotate the secret, send the
 * test event, read the delivery log, replay a delivery, turn on again. Every call reads only the caller's own.
 */
const webhookRoutes: FastifyPluginAsync<{ config: WebhookConfig; deliverer: WebhookDeliverer }> = async (app, { config, deliverer }) => {
  const repository = createWebhookSubscriptionRepository(app.knex);
  const owned = async (request: FastifyRequest, webhookId: number) => {
    const row = await repository.own(request.identity!.userId, webhookId);
    if (!row) throw notFound(CONSUMER_MESSAGES.webhookNotFound);
    return row;
  };
  const schema = (summary: string, extra: object = {}) => ({ tags: ['webhooks'], summary, ...extra });

  app.get('/api/webhooks', { onRequest: requireMember, schema: schema('내 웹훅 구독 목록') }, async (request) => {
    return ok({ webhooks: (await repository.list(request.identity!.userId)).map(summaryOf) });
  });

  app.post<{ Body: CreateWebhookForm }>('/api/webhooks', { onRequest: requireMember, schema: schema('웹훅 구독 만들기 (비밀 키는 이 응답에만)', { body: createWebhookSchema }) }, async (request, reply) => {
    const { events } = request.body;
    const problem = endpointProblem(request.body.url, config.allowLoopbackHttp);
    if (problem) throw badRequest(problem);
    // Kept as the URL parser writes it (control characters escaped, host lower-cased): what is shown is what is called.
    const url = new URL(request.body.url).href;
    refuseUnscoped(request, events as WebhookEventType[]);
    const userId = request.identity!.userId;
    const secret = newWebhookSecret();
    const row = await app.knex.transaction(async (trx) => {
      // One member's creations queue here, so the limit holds when they race.
      const mine = createWebhookSubscriptionRepository(trx);
      await mine.lockMember(userId);
      if ((await mine.count(userId)) >= config.maxPerMember) throw conflict(webhookLimitMessage(config.maxPerMember));
      return mine.create({ userId, url, events, secret, at: new Date() });
    });
    reply.header('cache-control', 'no-store');
    return ok({ webhook: summaryOf(row), secret });
  });

  app.delete<{ Params: z.infer<typeof webhookParams> }>('/api/webhooks/:webhookId', { onRequest: requireMember, schema: schema('웹훅 구독 지우기 (전송 기록도 함께)', { params: webhookParams }) }, async (request) => {
    if (!(await repository.remove(request.identity!.userId, request.params.webhookId))) throw notFound(CONSUMER_MESSAGES.webhookNotFound);
    return ok({});
  });

  app.post<{ Params: z.infer<typeof webhookParams> }>('/api/webhooks/:webhookId/secret', { onRequest: requireMember, schema: schema('웹훅 비밀 키 바꾸기 (새 키는 이 응답에만, 이후 전송부터 적용)', { params: webhookParams }) }, async (request, reply) => {
    const secret = newWebhookSecret();
    const row = await repository.update(request.identity!.userId, request.params.webhookId, { secret });
    if (!row) throw notFound(CONSUMER_MESSAGES.webhookNotFound);
    reply.header('cache-control', 'no-store');
    return ok({ webhook: summaryOf(row), secret });
  });

  app.post<{ Params: z.infer<typeof webhookParams> }>('/api/webhooks/:webhookId/enable', { onRequest: requireMember, schema: schema('실패로 멈춘 웹훅 다시 켜기 (밀린 전송을 이어서 보냄)', { params: webhookParams }) }, async (request) => {
    const row = await repository.update(request.identity!.userId, request.params.webhookId, { enabled: true, disabled_at: null, consecutive_failures: 0 });
    if (!row) throw notFound(CONSUMER_MESSAGES.webhookNotFound);
    return ok({ webhook: summaryOf(row) });
  });

  app.post<{ Params: z.infer<typeof webhookParams> }>('/api/webhooks/:webhookId/test', { onRequest: requireMember, schema: schema('테스트 이벤트(webhook.test) 보내기: 한 번 바로 보내고 그 전송 기록을 답함', { params: webhookParams }) }, async (request) => {
    const row = await owned(request, request.params.webhookId);
    if (!row.enabled) throw conflict(CONSUMER_MESSAGES.webhookDisabled);
    const deliveryId = await app.knex.transaction((trx) => recordTestEvent(trx, row.webhook_id, row.user_id));
    await deliverer.deliverNow(deliveryId);
    return ok({ delivery: deliveryOf((await repository.delivery(row.webhook_id, Number(deliveryId)))!) });
  });

  app.get<{ Params: z.infer<typeof webhookParams> }>('/api/webhooks/:webhookId/deliveries', { onRequest: requireMember, schema: schema('웹훅 전송 기록 (최근 것부터: 상태, 시도 횟수, 마지막 응답 코드와 본문 앞부분)', { params: webhookParams }) }, async (request) => {
    const row = await owned(request, request.params.webhookId);
    return ok({ deliveries: (await repository.deliveries(row.webhook_id, config.deliveriesListed)).map(deliveryOf) });
  });

  app.post<{ Params: z.infer<typeof deliveryParams> }>('/api/webhooks/:webhookId/deliveries/:deliveryId/replay', { onRequest: requireMember, schema: schema('전송 다시 보내기 (같은 webhook-id로 새 전송을 만듦)', { params: deliveryParams }) }, async (request) => {
    const row = await owned(request, request.params.webhookId);
    if (!row.enabled) throw conflict(CONSUMER_MESSAGES.webhookDisabled);
    const original = await repository.delivery(row.webhook_id, request.params.deliveryId);
    if (!original) throw notFound(CONSUMER_MESSAGES.webhookDeliveryNotFound);
    const deliveryId = await repository.addDelivery({ webhookId: row.webhook_id, eventId: String(original.event_id), replayOf: Number(original.delivery_id), at: new Date() });
    return ok({ delivery: deliveryOf((await repository.delivery(row.webhook_id, Number(deliveryId)))!) });
  });
};

export default webhookRoutes;
