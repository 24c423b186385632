import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { CONSUMER_MESSAGES, ERROR_CODES, failure } from '@sq/contracts';
import type { ConsumerConfig } from './config';
import { createIdempotencyRepository } from './idempotency-repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed (its answer is kept when it is sent); null: none. */
    idempotency: { consumer: string; key: string; settled: boolean } | null;
  }
}

export interface IdempotencyOptions {
  knex: Knex;
  config: ConsumerConfig;
}

/** The header's value: an sf-string (`"..."`, as the draft writes it) or the bare token most clients send. */
const KEY = /^[\x21-\x7e]{1,255}$/;
const keyOf = (header: string): string | null => {
  const bare = header.length >= 2 && header.startsWith('"') && header.endsWith('"') ? header.slice(1, -1) : header;
  return KEY.test(bare) && !bare.includes('"') ? bare : null;
};

/** How long a claimed key stays `pending` at most (a gateway that died mid-request frees it then). */
const LEASE_SECONDS = 60;
/** Expired records deleted per round, and how often an instance deletes them. */
const PRUNE_BATCH = 1_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/** The request as the key promises it: operation and body (as parsed, so spacing differences do not count). */
const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${request.body === undefined ? '' : JSON.stringify(request.body)}`)
    .digest();

/**
 * `Idempotency-Key` on the public API's POSTs (draft-ietf-httpapi-idempotency-key-header): the first request with a
 * key is forwarded and its answer kept (gateway.idempotency_key, shared by every instance) for IDEMPOTENCY_KEY_HOURS;
 * a repeat with the same key and body gets that answer again (`idempotent-replayed: true`), a repeat with another
 * body 422, a repeat while the first is in flight 409. Answers not worth repeating (5xx, 429, streamed or larger
 * than IDEMPOTENCY_MAX_ANSWER_BYTES) and answers marked `cache-control: no-store` (they carry a secret shown once)
 * are not kept: the key may be used again at once. Keys are per consumer.
 */
export default fp<IdempotencyOptions>(
  async (app, options) => {
    const store = createIdempotencyRepository(options.knex);
    const { config } = options;
    app.decorateRequest('idempotency', null);

    const pruner = setInterval(() => {
      store
        .prune(PRUNE_BATCH)
        .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency records not pruned'));
    }, PRUNE_EVERY_MS);
    pruner.unref();
    app.addHook('onClose', async () => clearInterval(pruner));

    app.addHook('preHandler', async (request, reply) => {
      const header = request.headers['idempotency-key'];
      if (!request.consumer || request.consumer.operation.method !== 'POST' || header === undefined) return;
      const key = typeof header === 'string' ? keyOf(header) : null;
      if (!key) return reply.status(400).send(failure(ERROR_CODES.badRequest, CONSUMER_MESSAGES.idempotencyKeyInvalid));
      const consumer = request.consumer.identity.owner;
      const claim = await store.claim(consumer, key, fingerprintOf(request), LEASE_SECONDS);
      if (claim.kind === 'claimed') {
        request.idempotency = { consumer, key, settled: false };
        return;
      }
      if (claim.kind === 'in-flight')
        return reply.status(409).send(failure(ERROR_CODES.conflict, CONSUMER_MESSAGES.idempotencyInFlight));
      if (claim.kind === 'other-body')
        return reply.status(422).send(failure(ERROR_CODES.unprocessable, CONSUMER_MESSAGES.idempotencyKeyReused));
      reply.status(claim.answer.status).header('idempotent-replayed', 'true');
      if (claim.answer.contentType) reply.header('content-type', claim.answer.contentType);
      return reply.send(claim.answer.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const claimed = request.idempotency;
      if (!claimed || claimed.settled) return payload;
      claimed.settled = true;
      const body =
        typeof payload === 'string'
          ? Buffer.from(payload)
          : Buffer.isBuffer(payload)
            ? payload
            : payload === undefined || payload === null
              ? Buffer.alloc(0)
              : null;
      // `cache-control: no-store` answers carry a secret shown once (a webhook's signing secret): never kept elsewhere.
      const secret = /\bno-store\b/i.test(String(reply.getHeader('cache-control') ?? ''));
      const keep =
        body !== null &&
        !secret &&
        body.length <= config.idempotencyMaxAnswerBytes &&
        reply.statusCode < 500 &&
        reply.statusCode !== 429;
      try {
        if (keep) {
          const contentType = reply.getHeader('content-type');
          await store.answer(
            claimed.consumer,
            claimed.key,
            { status: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body },
            config.idempotencyHours,
          );
        } else {
          await store.release(claimed.consumer, claimed.key);
        }
      } catch (error) {
        // The answer still goes out; the claim's lease then frees the key.
        request.log.warn({ err: error }, 'idempotency answer not kept');
      }
      return payload;
    });

    // The client went away before any answer: free the key rather than wait for the lease.
    app.addHook('onRequestAbort', async (request) => {
      const claimed = request.idempotency;
      if (!claimed || claimed.settled) return;
      claimed.settled = true;
      await store.release(claimed.consumer, claimed.key).catch(() => undefined);
    });
  },
  { name: 'idempotency', dependencies: ['consumer-auth'] },
);
