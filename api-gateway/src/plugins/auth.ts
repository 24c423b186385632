import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, TOKEN_AUDIENCE, TOKEN_ISSUER, type AccessTokenClaims, type Identity } from '@sq/contracts';
import { JWT_ALGORITHM, type InternalClient } from '@sq/service-kit';
import type { Knex } from 'knex';
import { DEFAULT_SESSION_CACHE, SessionCache, type SessionCacheOptions } from './session-cache';
import { DEFAULT_SESSION_EVENTS, SessionEventListener, type SessionEventsOptions } from './session-events';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; null for visitors. */
    caller: Identity | null;
    /** Why a presented token was refused (null when none was presented or it was fine). */
    tokenProblem: 'invalid' | 'revoked' | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims;
  }
}

interface SessionCheck {
  ErrorCode: string;
  active: boolean;
  role?: Identity['role'];
  token?: string;
  /** Epoch seconds until which the answer holds, barring a session event (the gateway caches it no longer). */
  until?: number;
}

export interface AuthOptions {
  publicKey: string;
  /** The account service, which answers the session check. */
  account: InternalClient;
  /** The session check's time in all, retries included (ServiceCallsConfig.sessionCheckTimeoutMs). */
  sessionCheckTimeoutMs: number;
  /** Where the account service announces session events (the database that holds its schema). */
  knex: Knex;
  databaseUrl: string;
  sessionCache?: Partial<SessionCacheOptions>;
  sessionEvents?: Partial<SessionEventsOptions>;
}

/**
 * Verifies the bearer token (ES256 only; iss, aud, exp, sub and sid required), then asks the account
 * service whether its session is still live: logout, password change and withdrawal revoke a session, and
 * every gateway instance sees that at once. The account service also hands back a fresh token when the
 * current one nears expiry; it goes to the client in the `authorization` response header.
 * A token whose session answer is cached (session-cache.ts, keyed by the exact token) skips both checks; a
 * token that failed either is never cached.
 */
export default fp<AuthOptions>(
  async (app, options) => {
    await app.register(jwt, {
      secret: { public: options.publicKey, private: 'verify-only' },
      verify: {
        algorithms: [JWT_ALGORITHM],
        allowedIss: TOKEN_ISSUER,
        allowedAud: TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'iss', 'aud', 'sub', 'sid'],
      },
    });
    app.decorateRequest('caller', null);
    app.decorateRequest('tokenProblem', null);

    const sessions = new SessionCache({ ...DEFAULT_SESSION_CACHE, ...options.sessionCache });
    const events = new SessionEventListener(
      options.knex,
      options.databaseUrl,
      sessions,
      { ...DEFAULT_SESSION_EVENTS, ...options.sessionEvents },
      (error) => app.log.warn({ err: error }, 'session events not heard: session checks are not cached until they are'),
    );
    app.decorate('sessions', sessions);
    await events.start();
    app.addHook('onClose', () => events.close());

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!bearer) return;
      const token = bearer[1]!;
      const cached = sessions.get(token);
      if (cached) {
        request.caller = cached;
        return;
      }
      let claims: AccessTokenClaims;
      try {
        claims = app.jwt.verify<AccessTokenClaims>(token);
      } catch {
        request.tokenProblem = 'invalid';
        return;
      }
      const userId = Number(claims.sub);
      if (!Number.isSafeInteger(userId)) {
        request.tokenProblem = 'invalid';
        return;
      }
      const mark = sessions.mark();
      const session = await checkSession(options, claims, request);
      if (!session.active) {
        request.tokenProblem = 'revoked';
        return;
      }
      request.caller = { userId, role: session.role ?? claims.role, sid: claims.sid };
      if (session.token) reply.header('authorization', `Bearer ${session.token}`);
      else if (typeof session.until === 'number')
        sessions.remember(token, request.caller, Math.min(session.until, claims.exp), mark);
    });
  },
  { name: 'auth' },
);

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** This instance's cached session answers (proxy.ts forgets a member's after account calls). */
    sessions: SessionCache;
  }
}

/** An account service that cannot be reached throws PeerUnreachable: the error handler's Korean 503 (app.ts). */
async function checkSession(
  options: AuthOptions,
  claims: AccessTokenClaims,
  request: FastifyRequest,
): Promise<SessionCheck> {
  const answer = await options.account.call({
    forRequest: request,
    method: 'POST',
    path: '/internal/sessions/check',
    body: { sid: claims.sid, userId: Number(claims.sub), exp: claims.exp },
    // A read (asking twice only moves last_seen_at once more): retried like a GET.
    idempotent: true,
    withinMs: options.sessionCheckTimeoutMs,
  });
  if (answer.status !== 200 || answer.json === null)
    throw Object.assign(new Error('session check failed'), { statusCode: 503 });
  return answer.json as SessionCheck;
}

export const TOKEN_MESSAGES = { invalid: MESSAGES.wrongTokenOnApi, revoked: MESSAGES.wrongTokenOnApi } as const;
