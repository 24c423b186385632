import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES, MESSAGES, failure, ok } from '@sq/contracts';
import type { WebhookResponse } from '@sq/contracts/api/applications';
import { verifyWebhook } from '../payments/webhook-signature';

const webhookBody = z
  .object({
    type: z.string().max(60),
    timestamp: z.string().max(40).optional(),
    data: z
      .object({
        storeId: z.string().max(200).optional(),
        paymentId: z.string().max(100).optional(),
        transactionId: z.string().max(200).optional(),
        billingKey: z.string().max(200).optional(),
        cancellationId: z.string().max(200).optional(),
      })
      .loose(),
  })
  .loose();

/**
 * POST /api/payments/webhook (public; the PG calls it through the gateway). The signature covers the raw
 * bytes, so this route reads the body as text (its own content-type parser, encapsulated here). Verified ->
 * stored once per webhook-id and handed to the payment-webhook job (which re-fetches from the PG); a
 * redelivery answers 200 and changes nothing; forged or replayed -> 401 and nothing stored.
 */
const paymentWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    ['application/json', 'application/webhook+json'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/payments/webhook',
    { schema: { tags: ['payments'], summary: 'PG 웹훅 (Standard Webhooks 서명)' } },
    async (request, reply): Promise<(WebhookResponse & { ErrorCode: '00' }) | ReturnType<typeof failure>> => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const config = app.programsConfig;
      const verdict = verifyWebhook({
        secret: config.pg.webhookSecret,
        headers: request.headers,
        body: raw,
        now: app.clock(),
        toleranceSeconds: config.webhookToleranceSeconds,
      });
      if (!verdict.ok) {
        request.log.warn({ reason: verdict.reason }, 'webhook refused');
        return reply.status(401).send(failure(ERROR_CODES.unauthorized, MESSAGES.webhookInvalid));
      }
      let parsed: z.infer<typeof webhookBody>;
      try {
        parsed = webhookBody.parse(JSON.parse(raw));
      } catch {
        return reply.status(400).send(failure(ERROR_CODES.badRequest, MESSAGES.badRequest));
      }
      if (parsed.data.storeId && parsed.data.storeId !== config.pg.storeId) {
        return reply.status(400).send(failure(ERROR_CODES.badRequest, MESSAGES.badRequest));
      }
      const fresh = await app.payments.receiveWebhook({ id: verdict.id, type: parsed.type, body: parsed });
      if (!fresh) request.log.info({ webhookId: verdict.id }, 'webhook already received');
      return ok({ received: true });
    },
  );
};

export default paymentWebhookRoutes;
