import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import {
  CONSUMER_MESSAGES,
  ERROR_CODES,
  MESSAGES,
  PARTNER_MESSAGES,
  PERSONAL_TOKEN_PREFIX,
  SCOPE_LABELS,
  failure,
  missingScopeMessage,
  ok,
  type ConsumerScope,
  type ConsumerUsageResponse,
  type Identity,
  type PartnerTokenCheck,
  type PersonalTokenCheck,
} from '@sq/contracts';
import type { InternalClient } from '@sq/service-kit';
import { TOKEN_MESSAGES } from '../plugins/auth';
import { SessionCache } from '../plugins/session-cache';
import { DEFAULT_SESSION_EVENTS, SessionEventListener } from '../plugins/session-events';
import { RateLimitSettler } from '../plugins/rate-limit-store';
import { isLimitedPath, normalisedPath } from '../plugins/rate-limit-path';
import { RATE_LIMIT_BATCH_SHARE } from '../config';
import { ROUTE_TABLE } from '../route-table';
import { PERSONAL_TIER, type ConsumerConfig } from './config';
import { publicOperationOf, type PublicOperation } from './public-api';
import { countQuota } from './quota';
import { VERSION_HEADER, markVersion, versionOf } from './versions';
import { createUsageRepository, partnerQuotaPrefix, personalQuotaPrefix } from './usage-repository';

/** A verified consumer credential: whose it is, what it may do and its quota tier. */
export interface ConsumerIdentity extends Identity {
  /**
   * Who the request acts as, as services see them (userId, ROLE_USER, `pat:<tokenId>` or `app:<appId>`): one object,
   * signed once (proxy.ts). Null for a partner app acting for itself (client credentials): no member at all.
   */
  caller: Identity | null;
  /** The credential in metrics and logs: `pat:<tokenId>` or `app:<appId>` (never a member's identity). */
  label: string;
  /** Whose Idempotency-Keys these are: the token, or the app for the member it acts for. */
  owner: string;
  /** The rate-limit store's key prefix of its quota (usage-repository.ts). */
  quotaPrefix: string;
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

/** An operator's call on one partner app (the console); its id. */
const PARTNER_APP_PATH = /^\/api\/admin\/partner-apps\/(\d+)(?:\/|$)/;

/** The account service's routes, as the router names them. */
const ACCOUNT_ROUTES = new Set(ROUTE_TABLE.filter((rule) => rule.service === 'account').map((rule) => rule.path));

/**
 * A partner app's access token as oidc-provider makes it: opaque base64url, no dots. A site session is a JWT (dots)
 * and a personal access token starts with PERSONAL_TOKEN_PREFIX, so the three never look alike.
 */
const PARTNER_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;
type Credential = 'personal' | 'partner';
const credentialOf = (token: string): Credential | null =>
  token.startsWith(PERSONAL_TOKEN_PREFIX) ? 'personal' : PARTNER_TOKEN.test(token) ? 'partner' : null;

/**
 * Consumer credentials at the gateway. A request to `/api` with `Authorization: Bearer sqp_...` (a personal access
 * token) or a partner app's opaque access token (oidc-provider in the account service) is judged here, before the
 * route's own access rule:
 *  1. the token is checked with the account service (401 when unknown, expired or revoked, or its app stopped);
 *  2. the request must be an operation of the public API (public-api.ts), else 403: operators' operations and
 *     everything else stay closed to consumer credentials whatever the owner's role;
 *  3. the token must hold the operation's scope (403 naming it in Korean); a partner app acting for itself (client
 *     credentials) must not ask for an operation on a member's own data (403);
 *  4. the consumer's quota (its tier, per minute and per day) is counted (429 with Retry-After): a personal token's
 *     own, a partner app's for the app as a whole.
 * Then the request goes on as the member (role ROLE_USER) or, for an app acting for itself, as no one, and without
 * the token (services never see it).
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

    const checks = new SessionCache<ConsumerIdentity>({
      ttlMs: config.tokenCacheTtlMs,
      maxEntries: config.tokenCacheMax,
    });
    const events = new SessionEventListener(
      options.knex,
      options.databaseUrl,
      checks,
      DEFAULT_SESSION_EVENTS,
      (error) =>
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

    const requests = app.metrics.counter(
      'gateway_consumer_requests_total',
      'Public API requests per consumer credential, by outcome (admitted, refused, over_quota).',
      ['consumer', 'tier', 'outcome'],
    );

    const ask = async (request: FastifyRequest, path: string, token: string) => {
      const answer = await options.account.call({
        forRequest: request,
        method: 'POST',
        path,
        body: { token },
        // A read (asking twice only moves last_used_at once more): retried like a GET.
        idempotent: true,
        withinMs: options.checkTimeoutMs,
      });
      if (answer.status !== 200 || answer.json === null)
        throw Object.assign(new Error('token check failed'), { statusCode: 503 });
      return answer.json;
    };

    const personal = async (
      request: FastifyRequest,
      token: string,
    ): Promise<[ConsumerIdentity | null, number | undefined]> => {
      const found = (await ask(request, '/internal/personal-tokens/check', token)) as PersonalTokenCheck;
      if (!found.active || !found.userId || !found.tokenId || !found.scopes) return [null, undefined];
      // The scopes go to the services too: some rules judge on what the credential may read (webhook events).
      const caller: Identity = {
        userId: found.userId,
        role: 'ROLE_USER',
        sid: `pat:${found.tokenId}`,
        scopes: found.scopes,
      };
      const label = `pat:${found.tokenId}`;
      return [
        {
          ...caller,
          caller,
          label,
          owner: label,
          quotaPrefix: personalQuotaPrefix(found.userId, found.tokenId),
          scopes: found.scopes,
          tier: PERSONAL_TIER,
        },
        found.until,
      ];
    };

    // A partner app's token: the member who consented (authorization code) or none (client credentials). The
    // identity's sid is `app:<appId>` either way, so that an app's change (`sid:app:<id>`) forgets all its tokens.
    const partner = async (
      request: FastifyRequest,
      token: string,
    ): Promise<[ConsumerIdentity | null, number | undefined]> => {
      const found = (await ask(request, '/internal/partner-tokens/check', token)) as PartnerTokenCheck;
      if (!found.active || !found.appId || !found.scopes || !found.tier) return [null, undefined];
      const sid = `app:${found.appId}`;
      const caller: Identity | null = found.userId
        ? { userId: found.userId, role: 'ROLE_USER', sid, scopes: found.scopes }
        : null;
      const owner = found.userId ? `${sid}:u${found.userId}` : sid;
      return [
        {
          userId: found.userId ?? 0,
          role: 'ROLE_USER',
          sid,
          caller,
          label: sid,
          owner,
          quotaPrefix: partnerQuotaPrefix(found.appId),
          scopes: found.scopes,
          tier: found.tier,
        },
        found.until,
      ];
    };

    const check = async (
      request: FastifyRequest,
      token: string,
      kind: Credential,
    ): Promise<ConsumerIdentity | null> => {
      const cached = checks.get(token);
      if (cached) return cached;
      const mark = checks.mark();
      const [identity, until] = await (kind === 'personal' ? personal : partner)(request, token);
      if (identity && typeof until === 'number') checks.remember(token, identity, until, mark);
      return identity;
    };

    const refuse = (
      reply: FastifyReply,
      status: number,
      code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES],
      message: string,
    ) => reply.status(status).send(failure(code, message));

    app.addHook('onRequest', async (request, reply) => {
      const header = request.headers.authorization;
      const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      const kind = bearer ? credentialOf(bearer[1]!) : null;
      if (!kind) return;
      if (!isLimitedPath(request.routeOptions.url, request.url)) return;
      const identity = await check(request, bearer![1]!, kind);
      if (!identity) return refuse(reply, 401, ERROR_CODES.unauthorized, CONSUMER_MESSAGES.consumerTokenInvalid);
      const { label } = identity;
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
      if (operation.member && !identity.caller) {
        requests.inc({ consumer: label, tier: identity.tier, outcome: 'refused' });
        return refuse(reply, 403, ERROR_CODES.forbidden, PARTNER_MESSAGES.partnerMemberOnly);
      }
      const version = versionOf(request.headers[VERSION_HEADER], config.versions);
      if (!version) {
        requests.inc({ consumer: label, tier: identity.tier, outcome: 'refused' });
        return refuse(reply, 400, ERROR_CODES.badRequest, CONSUMER_MESSAGES.consumerVersionUnknown);
      }
      markVersion(reply, version);
      const tier = config.tiers[identity.tier] ?? config.tiers[PERSONAL_TIER]!;
      const waitSeconds = await countQuota(settler, reply, identity.quotaPrefix, tier);
      if (waitSeconds !== null) {
        requests.inc({ consumer: label, tier: identity.tier, outcome: 'over_quota' });
        reply.header('retry-after', String(waitSeconds));
        return refuse(reply, 429, ERROR_CODES.tooManyRequests, CONSUMER_MESSAGES.consumerQuotaExceeded);
      }
      requests.inc({ consumer: label, tier: identity.tier, outcome: 'admitted' });
      request.consumer = { identity, operation };
      if (identity.caller) request.caller = identity.caller;
      // The secret goes no further: the route's own check (auth.ts) sees no token, services never receive it.
      delete request.headers.authorization;
    });

    // A member's own account calls may just have revoked tokens (revocation, password change, withdrawal): forget
    // their cached checks here before the answer leaves, as proxy.ts does for sessions, so the member never sees
    // a revoked token accepted by this instance even if the announcement is still on its way.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (
        request.caller &&
        !request.consumer &&
        request.method !== 'GET' &&
        ACCOUNT_ROUTES.has(request.routeOptions.url ?? '')
      ) {
        checks.forgetMember(request.caller.userId);
        // An operator's change to a partner app (disable, scopes, tier): that app's tokens are asked about again.
        const changed = PARTNER_APP_PATH.exec(normalisedPath(request.url));
        if (changed) checks.announce(`sid:app:${changed[1]}`);
      }
      return payload;
    });

    // The owner's view of their tokens' use (my page, API 토큰): a person's session only.
    app.get('/api/tokens/usage', async (request, reply): Promise<ConsumerUsageResponse | FastifyReply> => {
      await app.authenticate(request, reply);
      if (!request.caller)
        return refuse(
          reply,
          401,
          ERROR_CODES.unauthorized,
          request.tokenProblem ? TOKEN_MESSAGES[request.tokenProblem] : MESSAGES.signInRequired,
        );
      // Counts this instance still holds are settled first: the owner sees their latest request counted.
      await settler.settle();
      reply.header('cache-control', 'no-store');
      return ok({ usage: await usage.requestsToday(request.caller.userId) });
    });
  },
  { name: 'consumer-auth', dependencies: ['auth', 'ops'] },
);
