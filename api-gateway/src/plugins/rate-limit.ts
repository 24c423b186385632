import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Knex } from 'knex';
import { ERROR_CODES, MESSAGES, failure } from '@sq/contracts';
import { addressGroup } from '@sq/service-kit';
import { isLimitedPath } from './rate-limit-path';
import { DEFAULT_BATCH, RateLimitSettler, createBatchedRateLimitStore } from './rate-limit-store';

export interface RateLimitOptions {
  knex: Knex;
  max: number;
  windowMs: number;
  /** See rate-limit-store.ts for what these bound. */
  batchSize?: number;
  syncIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles this instance's unsettled admissions with PostgreSQL now and re-reads every key's count (close settles too). */
    settleRateLimits(): Promise<void>;
  }
}

/**
 * Every `/api` request counts against its client address's limit (an IPv6 address by its /64) (`max` per `windowMs`), shared by all
 * gateway instances through PostgreSQL in batches (rate-limit-store.ts).
 */
export default fp<RateLimitOptions>(
  async (app, options) => {
    const settler = new RateLimitSettler(
      options.knex,
      {
        batchSize: options.batchSize ?? DEFAULT_BATCH.batchSize,
        syncIntervalMs: options.syncIntervalMs ?? DEFAULT_BATCH.syncIntervalMs,
      },
      (error) => app.log.warn({ err: error }, 'rate limits not settled'),
    );
    app.decorate('settleRateLimits', () => settler.settle(true));
    app.addHook('onClose', () => settler.close());

    // /metrics: how many requests the limit turned away (a rising rate is an attack or a too-low RATE_LIMIT_MAX).
    const rejections = app.metrics.counter(
      'gateway_rate_limit_rejections_total',
      "Requests answered 429 by the gateway's per-address rate limit.",
      [],
    );
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: options.windowMs,
      keyGenerator: (request) => `ip:${addressGroup(request.ip)}`,
      store: createBatchedRateLimitStore(settler) as never,
      // Judged on the path as routed, not as spelled: `/%61pi/signin` is `/api/signin` (rate-limit-path.ts).
      allowList: (request) => !isLimitedPath(request.routeOptions.url, request.url),
      errorResponseBuilder: () => {
        rejections.inc();
        return { statusCode: 429, ...failure(ERROR_CODES.tooManyRequests, MESSAGES.tooManyRequests) };
      },
    });
  },
  { name: 'rate-limit', dependencies: ['ops'] },
);
