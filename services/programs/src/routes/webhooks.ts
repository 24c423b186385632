import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '@sq/contracts';
import { createWebhookSchema, type CreateWebhookForm } from '@sq/contracts/webhooks';
import { idParam, requireMember } from '@sq/service-kit';
import type { WebhookCaller, WebhookSubscriptions } from '../webhooks/subscriptions';

const webhookParams = z.object({ webhookId: idParam });
const deliveryParams = z.object({ webhookId: idParam, deliveryId: idParam });
type WebhookParams = { Params: z.infer<typeof webhookParams> };

/** The member, with the scopes the gateway verified when they call with a consumer credential. */
const callerOf = (request: FastifyRequest): WebhookCaller => ({
  userId: request.identity!.userId,
  scopes: request.identity!.scopes,
});
const schema = (summary: string, extra: object = {}) => ({ tags: ['webhooks'], summary, ...extra });

/**
 * A member's webhook subscriptions (public API, scope webhooks:manage; my page with a session): make, list, delete,
 * rotate the secret, send the test event, read the delivery log, replay a delivery, turn on again.
 */
const webhookRoutes: FastifyPluginAsync<{ subscriptions: WebhookSubscriptions }> = async (app, { subscriptions }) => {
  app.get('/api/webhooks', { onRequest: requireMember, schema: schema('내 웹훅 구독 목록') }, async (request) =>
    ok({ webhooks: await subscriptions.list(callerOf(request)) }),
  );

  app.post<{ Body: CreateWebhookForm }>(
    '/api/webhooks',
    {
      onRequest: requireMember,
      schema: schema('웹훅 구독 만들기 (비밀 키는 이 응답에만)', { body: createWebhookSchema }),
    },
    async (request, reply) => {
      const made = await subscriptions.create(callerOf(request), request.body);
      reply.header('cache-control', 'no-store');
      return ok(made);
    },
  );

  app.delete<WebhookParams>(
    '/api/webhooks/:webhookId',
    { onRequest: requireMember, schema: schema('웹훅 구독 지우기 (전송 기록도 함께)', { params: webhookParams }) },
    async (request) => {
      await subscriptions.remove(callerOf(request), request.params.webhookId);
      return ok({});
    },
  );

  app.post<WebhookParams>(
    '/api/webhooks/:webhookId/secret',
    {
      onRequest: requireMember,
      schema: schema('웹훅 비밀 키 바꾸기 (새 키는 이 응답에만, 이후 전송부터 적용)', { params: webhookParams }),
    },
    async (request, reply) => {
      const rotated = await subscriptions.rotateSecret(callerOf(request), request.params.webhookId);
      reply.header('cache-control', 'no-store');
      return ok(rotated);
    },
  );

  app.post<WebhookParams>(
    '/api/webhooks/:webhookId/enable',
    {
      onRequest: requireMember,
      schema: schema('실패로 멈춘 웹훅 다시 켜기 (밀린 전송을 이어서 보냄)', { params: webhookParams }),
    },
    async (request) => ok({ webhook: await subscriptions.enable(callerOf(request), request.params.webhookId) }),
  );

  app.post<WebhookParams>(
    '/api/webhooks/:webhookId/test',
    {
      onRequest: requireMember,
      schema: schema('테스트 이벤트(webhook.test) 보내기: 한 번 바로 보내고 그 전송 기록을 답함', {
        params: webhookParams,
      }),
    },
    async (request) => ok({ delivery: await subscriptions.sendTest(callerOf(request), request.params.webhookId) }),
  );

  app.get<WebhookParams>(
    '/api/webhooks/:webhookId/deliveries',
    {
      onRequest: requireMember,
      schema: schema('웹훅 전송 기록 (최근 것부터: 상태, 시도 횟수, 마지막 응답 코드와 본문 앞부분)', {
        params: webhookParams,
      }),
    },
    async (request) => ok({ deliveries: await subscriptions.deliveries(callerOf(request), request.params.webhookId) }),
  );

  app.post<{ Params: z.infer<typeof deliveryParams> }>(
    '/api/webhooks/:webhookId/deliveries/:deliveryId/replay',
    {
      onRequest: requireMember,
      schema: schema('전송 다시 보내기 (같은 webhook-id로 새 전송을 만듦)', { params: deliveryParams }),
    },
    async (request) =>
      ok({
        delivery: await subscriptions.replay(callerOf(request), request.params.webhookId, request.params.deliveryId),
      }),
  );
};

export default webhookRoutes;
