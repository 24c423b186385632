/**
 * How the gateway tells a service who is calling. Clients can never set these: the gateway removes any
 * `x-identity*` header it receives and signs the one it forwards with the internal secret.
 */
export const IDENTITY_HEADER = 'x-identity';
export const IDENTITY_SIGNATURE_HEADER = 'x-identity-signature';
/**
 * The client's address as the gateway determined it (its socket peer, or X-Forwarded-For from a configured
 * trusted proxy), signed like the identity: services never read X-Forwarded-For themselves.
 */
export const IDENTITY_CLIENT_HEADER = 'x-identity-client';
export const IDENTITY_CLIENT_SIGNATURE_HEADER = 'x-identity-client-signature';
/** Service-to-service calls (never routed by the gateway) carry the internal secret. */
export const INTERNAL_SECRET_HEADER = 'x-internal-secret';
/** Members one POST /internal/users/lookup (account) may ask about (callers send a cohort in batches of this size). */
export const USER_LOOKUP_MAX_USERS = 1_000;

export type UserRole = 'ROLE_USER' | 'ROLE_ADMIN';

export interface Identity {
  userId: number;
  role: UserRole;
  /** Session id; logout, password change and withdrawal revoke it. */
  sid: string;
  /**
   * Set only for a consumer credential (a personal access token): the scopes the gateway verified, for the rules a
   * service judges on what the credential may read (e.g. which webhook events it may subscribe to). A person's
   * session has none: it may do all its owner may.
   */
  scopes?: string[];
}

/** JWT claims issued by the account service and verified by the gateway. */
export interface AccessTokenClaims {
  sub: string;
  role: UserRole;
  sid: string;
  iss: string;
  aud: string;
  exp: number;
  iat: number;
}

export const TOKEN_ISSUER = 'sq-account';
export const TOKEN_AUDIENCE = 'sq-web';

/**
 * The account service announces, on this PostgreSQL notification channel, every committed change that can
 * end sessions: `sid:<sid>` for one session (revoked, expiry moved, deleted) and `user:<userId>` for all of a
 * member's (withdrawn, role changed, deleted). Triggers send it, so no code path can forget; the gateway drops
 * what it cached about those sessions when it hears it (api-gateway/src/plugins/session-cache.ts).
 */
export const SESSION_EVENTS_CHANNEL = 'sq_session_events';
