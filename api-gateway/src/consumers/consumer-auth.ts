import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import {
  CONSUMER_MESSAGES, ERROR_CODES, MESSAGES, PERSONAL_TOKEN_PREFIX, SCOPE_LABELS, failure, missingScopeMessage, ok,
  type ConsumerScope, type ConsumerUsageResponse, type Identity, type PersonalTokenCheck,
} from '@sq/contracts';
import type { InternalClient } from '@sq/service-kit';
import { TOKEN_MESSAGES } from '../plugins/auth';
import { SessionCache } from '../plugins/session-cache';
import { DEFAULT_SESSION_EVENTS, SessionEventListener } from '../plugins/session-events';
import { RateLimitSettler } from '../plugins/rate-limit-store';
import { isLimitedPath } from '../plugins/rate-limit-path';
import { RATE_LIMIT_BATCH_SHARE } from '../config';
import { ROUTE_TABLE } from '../route-table';
import { PERSONAL_TIER, type ConsumerConfig } from './config';
import { publicOperationOf, type PublicOperation } from './public-api';
import { countQuota } from './quota';
import { VERSION_HEADER, markVersion, versionOf } from './versions';
import { createUsageRepository } from './usage-repository';

/** A verified consumer credential: whose it is, what it may do and its quota tier. */
export interface ConsumerIdentity extends Identity {
  /** The owner as services see them (userId, ROLE_USER, `pat:<tokenId>`): one object, signed once (proxy.ts). */
  caller: Identity;
  tokenId: number;
  scopes: ConsumerScope[];
  tier: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The consumer credential the request came with (null: a person's session or a visitor); its operation. */
    consumer: { identity: ConsumerIdentity; operation: PublicOperation } | null;
  }
}

export interface ConsumerAuthOptions {
  knex: Knex;
  databaseUrl: string;
  account: InternalClient;
  /** The token check's time in all, retries included (the session check's). */
  checkTimeoutMs: number;
  config: ConsumerConfig;
}

/** The account service's routes, as the router names them. */
const ACCOUNT_ROUTES = new Set(ROUTE_TABLE.filter((rule) => rule.service === 'account').map((rule) => rule.path));

/** A consumer's label in metrics and logs: the token, never its owner's identity. */
const consumerLabel = (identity: ConsumerIdentity) => `pat:${identity.tokenId}`;

/**
 * Consumer credentials at the gateway. A request to `/api` with `Authorization: Bearer sqp_...` (a personal access
 * token) is judged here, before the route's own access rule:
 *  1. the token is checked with the account service (401 when unknown, expired or revoked);
 *  2. the request must be an operation of the public API (public-api.ts), else 403: operators' operations and
 *     everything else stay closed to consumer credentials whatever the owner's role;
 *  3. the token must hold the operation's scope (403 naming it in Korean);
 *  4. the consumer's quota (tier, per minute and per day) is counted (429 with Retry-After).
 * Then the request goes on as its owner, with role ROLE_USER, and without the token (services never see it).
 *
 * Checks are cached like session checks (SessionCache keyed by the exact token, with its own listener on the
 * session events channel): a token's revocation, a password reset and a withdrawal announce the owner when they
 * commit, and every instance forgets the owner's cached checks on hearing it. Bound: as for sessions
 * (plugins/session-cache.ts), never beyond CONSUMER_TOKEN_CACHE_TTL_MS after the check.
 */
export default fp<ConsumerAuthOptions>(
  async (app, options) => {
    const { config } = options;
    app.decorateRequest('consumer', null);

    const checks = new SessionCache<ConsumerIdentity>({ ttlMs: config.tokenCacheTtlMs, maxEntries: config.tokenCacheMax });
    const events = new SessionEventListener(options.knex, options.databaseUrl, checks, DEFAULT_SESSION_EVENTS, (error) =>
      app.log.warn({ err: error }, 'session events not heard: consumer token checks are not cached until they are'),
    );
    await events.start();
    app.addHook('onClose', () => events.close());

    const smallestQuota = Math.min(...Object.values(config.tiers).map((tier) => tier.perMinute));
    const settler = new RateLimitSettler(
      options.knex,
      { batchSize: Math.max(1, Math.ceil(smallestQuota / RATE_LIMIT_BATCH_SHARE)), syncIntervalMs: 50 },
      (error) => app.log.warn({ err: error }, 'consumer quotas not settled'),
    );
    app.addHook('onClose', () => settler.close());
    const usage = createUsageRepository(options.knex);

    const requests = app.metrics.counter('gateway_consumer_requests_total', 'Public API requests per consumer credential, by outcome (admitted, refused, over_quota).', ['consumer', 'tier', 'outcome']);

    const check = async (request: FastifyRequest, token: string): Promise<ConsumerIdentity | null> => {
      const cached = checks.get(token);
      if (cached) return cached;
      const mark = checks.mark();
      const answer = await options.account.call({
        forRequest: request,
        method: 'POST',
        path: '/internal/personal-tokens/check',
        body: { token },
        // A read (asking twice only moves last_used_at once more): retried like a GET.
        idempotent: true,
        withinMs: options.checkTimeoutMs,
      });
      if (answer.status !== 200 || answer.json === null) throw Object.assign(new Error('token check failed'), { statusCode: 503 });
      const found = answer.json as PersonalTokenCheck;
      if (!found.active || !found.userId || !found.tokenId || !found.scopes) return null;
      // The scopes go to the services too: some rules judge on what the credential may read (webhook events).
      const caller: Identity = { userId: found.userId, role: 'ROLE_USER', sid: `pat:${found.tokenId}`, scopes: found.scopes };
      const identity: ConsumerIdentity = { ...caller, caller, tokenId: found.tokenId, scopes: found.scopes, tier: PERSONAL_TIER };
      if (typeof found.until === 'number') checks.remember(token, identity, found.until, mark);
      return identity;
    };

    const refuse = (reply: FastifyReply, status: number, code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], message: string) => reply.status(status).send(failure(code, message));

    app.addHook('onRequest', async (request, reply) => {
      const header = request.headers.authorization;
      const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!bearer || !bearer[1]!.startsWith(PERSONAL_TOKEN_PREFIX)) return;
      if (!isLimitedPath(request.routeOptions.url, request.url)) return;
      const identity = await check(request, bearer[1]!);
      if (!identity) return refuse(reply, 401, ERROR_CODES.unauthorized, CONSUMER_MESSAGES.consumerTokenInvalid);
      const label = consumerLabel(identity);
      const operation = publicOperationOf(request.method, request.url);
      if (!operation) {
        requests.inc({ consumer: label, tier: identity.tier, outcome: 'refused' });
        return refuse(reply, 403, ERROR_CODES.forbidden, CONSUMER_MESSAGES.consumerOperationRefused);
      }
      const missing = operation.scopes.find((scope) => !identity.scopes.includes(scope));
      if (missing) {
        requests.inc({ consumer: label, tier: identity.tier, outcome: 'refused' });
        return refuse(reply, 403, ERROR_CODES.forbidden, missingScopeMessage(missing, SCOPE_LABELS[missing]));
      }
      const version = versionOf(request.headers[VERSION_HEADER], config.versions);
      if (!version) {
        requests.inc({ consumer: label, tier: identity.tier, outcome: 'refused' });
        return refuse(reply, 400, ERROR_CODES.badRequest, CONSUMER_MESSAGES.consumerVersionUnknown);
      }
      markVersion(reply, version);
      const tier = config.tiers[identity.tier] ?? config.tiers[PERSONAL_TIER]!;
      const waitSeconds = await countQuota(settler, reply, { owner: identity.userId, tokenId: identity.tokenId }, tier);
      if (waitSeconds !== null) {
        requests.inc({ consumer: label, tier: identity.tier, outcome: 'over_quota' });
        reply.header('retry-after', String(waitSeconds));
        return refuse(reply, 429, ERROR_CODES.tooManyRequests, CONSUMER_MESSAGES.consumerQuotaExceeded);
      }
      requests.inc({ consumer: label, tier: identity.tier, outcome: 'admitted' });
      request.consumer = { identity, operation };
      request.caller = identity.caller;
      // The secret goes no further: the route's own check (auth.ts) sees no token, services never receive it.
      delete request.headers.authorization;
    });

    // A member's own account calls may just have revoked tokens (revocation, password change, withdrawal): forget
    // their cached checks here before the answer leaves, as proxy.ts does for sessions, so the member never sees
    // a revoked token accepted by this instance even if the announcement is still on its way.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.caller && !request.consumer && request.method !== 'GET' && ACCOUNT_ROUTES.has(request.routeOptions.url ?? '')) checks.forgetMember(request.caller.userId);
      return payload;
    });

    // The owner's view of their tokens' use (my page, API 토큰): a person's session only.
    app.get('/api/tokens/usage', async (request, reply): Promise<ConsumerUsageResponse | FastifyReply> => {
      await app.authenticate(request, reply);
      if (!request.caller) return refuse(reply, 401, ERROR_CODES.unauthorized, request.tokenProblem ? TOKEN_MESSAGES[request.tokenProblem] : MESSAGES.signInRequired);
      // Counts this instance still holds are settled first: the owner sees their latest request counted.
      await settler.settle();
      reply.header('cache-control', 'no-store');
      return ok({ usage: await usage.requestsToday(request.caller.userId) });
    });
  },
  { name: 'consumer-auth', dependencies: ['auth', 'ops'] },
);
