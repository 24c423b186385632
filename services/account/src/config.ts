import { createHmac } from 'node:crypto';
import fp from 'fastify-plugin';
import {
  DEV_INTERNAL_SECRET,
  readInternalCallConfig,
  readSmtpConfig,
  serviceUrl,
  type InternalCallConfig,
  type SmtpConfig,
} from '@sq/service-kit';

/**
 * The account service's settings and outside systems, all configuration (environment, documented in
 * README.md), read once when the app is built: no other file of the service reads the environment. The local
 * stack points the outside systems at its loopback peers (packages/stack/src/peers): an SMTP sink and a local
 * OAuth 2.0 / OIDC provider.
 */
export type ProviderId = 'google' | 'kakao' | 'naver';
export const PROVIDERS: readonly ProviderId[] = ['google', 'kakao', 'naver'];
export const VENDOR_OF: Record<ProviderId, 'GOOGLE' | 'KAKAO' | 'NAVER'> = {
  google: 'GOOGLE',
  kakao: 'KAKAO',
  naver: 'NAVER',
};

export interface ProviderConfig {
  id: ProviderId;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Kakao and Naver: the user-info endpoint. */
  userInfoUrl: string;
  /** Google (OIDC): the id_token's issuer and key set. */
  issuer: string;
  jwksUrl: string;
  scope: string;
  /** Google and Kakao take PKCE (S256); Naver does not. */
  pkce: boolean;
  /** Google is OIDC: a nonce goes out and must come back in the id_token. */
  oidc: boolean;
}

export interface AccountConfig {
  /** Access token lifetime (ACCESS_TOKEN_SECONDS); the gateway swaps in a fresh one once less than half is left. */
  accessTokenSeconds: number;
  /** Retries and backoff of every call to another service (service-kit's internal client). */
  internalCalls: InternalCallConfig;
  careercardUrl: string;
  careercardTimeoutMs: number;
  /** The programs service: withdrawal asks it whether the member still has live applications. */
  programsUrl: string;
  programsTimeoutMs: number;
  /** The itskill service: whether a member completed a check-up, before the skill point is granted. */
  itskillUrl: string;
  itskillTimeoutMs: number;
  /** Points credited for the IT skill check-up (reason SKILL_CHECKUP); the spec gives no amount. */
  skillPointAmount: number;
  /** How often the withdrawal outboxes retry what careercard (card retirement) or programs (erasure) could not take at once. */
  retireRetryMs: number;
  /** Where the shell lives: password-reset links and the /oauthreturn redirect. */
  siteUrl: string;
  /** The public origin of /api (the gateway); the OAuth redirect_uri is built from it. */
  apiPublicUrl: string;
  smtp: SmtpConfig;
  providers: Partial<Record<ProviderId, ProviderConfig>>;
  /** The sign-in guard's limits (repositories/sign-in-guard.ts), over a sliding window. */
  signIn: { maxPerAccountAddress: number; maxPerAccount: number; maxPerIp: number; windowMinutes: number };
  resetTokenMinutes: number;
  /** Reset mails per account: at most one per `intervalSeconds` and `perHour` in any hour. */
  resetMail: { intervalSeconds: number; perHour: number };
  /** Find e-mail lookups: at most `maxPerAddress` per client address and `maxPerTarget` per name+phone in the window. */
  findEmail: { maxPerAddress: number; maxPerTarget: number; windowMinutes: number };
  /** The key of the service's keyed hashes (lib/keyed-hash.ts): rate-limit subjects and one-time grant markers. */
  markerSecret: string;
  /** Live personal access tokens a member may hold at once (PERSONAL_TOKENS_MAX_PER_MEMBER). */
  personalTokensMaxPerMember: number;
  /** Partner apps' access tokens live this long (PARTNER_ACCESS_TOKEN_SECONDS); then the app asks again. */
  partnerAccessTokenSeconds: number;
  /** A member's consent to an app lasts this long unless revoked in my page (PARTNER_CONSENT_DAYS). */
  partnerConsentDays: number;
}

const REAL_ENDPOINTS: Record<ProviderId, Omit<ProviderConfig, 'id' | 'clientId' | 'clientSecret'>> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    issuer: 'https://accounts.google.com',
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    scope: 'openid email profile',
    pkce: true,
    oidc: true,
  },
  kakao: {
    authorizeUrl: 'https://kauth.kakao.com/oauth/authorize',
    tokenUrl: 'https://kauth.kakao.com/oauth/token',
    userInfoUrl: 'https://kapi.kakao.com/v2/user/me',
    issuer: '',
    jwksUrl: '',
    scope: 'account_email profile_nickname',
    pkce: true,
    oidc: false,
  },
  naver: {
    authorizeUrl: 'https://nid.naver.com/oauth2.0/authorize',
    tokenUrl: 'https://nid.naver.com/oauth2.0/token',
    userInfoUrl: 'https://openapi.naver.com/v1/nid/me',
    issuer: '',
    jwksUrl: '',
    scope: '',
    pkce: false,
    oidc: false,
  },
};

/** The local provider's paths for each shape (packages/stack/src/peers/oauth-provider.ts serves them). */
export function localProviderEndpoints(
  base: string,
): Record<ProviderId, Omit<ProviderConfig, 'id' | 'clientId' | 'clientSecret'>> {
  return {
    google: {
      ...REAL_ENDPOINTS.google,
      authorizeUrl: `${base}/google/authorize`,
      tokenUrl: `${base}/google/token`,
      userInfoUrl: `${base}/google/userinfo`,
      issuer: `${base}/google`,
      jwksUrl: `${base}/google/jwks`,
    },
    kakao: {
      ...REAL_ENDPOINTS.kakao,
      authorizeUrl: `${base}/kakao/oauth/authorize`,
      tokenUrl: `${base}/kakao/oauth/token`,
      userInfoUrl: `${base}/kakao/v2/user/me`,
    },
    naver: {
      ...REAL_ENDPOINTS.naver,
      authorizeUrl: `${base}/naver/oauth2.0/authorize`,
      tokenUrl: `${base}/naver/oauth2.0/token`,
      userInfoUrl: `${base}/naver/v1/nid/me`,
    },
  };
}

export function readAccountConfig(env: NodeJS.ProcessEnv = process.env): AccountConfig {
  const siteUrl = (env.SITE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
  const local = env.OAUTH_LOCAL_PROVIDER_URL?.replace(/\/$/, '');
  const endpoints = local ? localProviderEndpoints(local) : REAL_ENDPOINTS;
  const providers: AccountConfig['providers'] = {};
  for (const id of ['google', 'kakao', 'naver'] as const) {
    const upper = id.toUpperCase();
    const clientId = env[`${upper}_CLIENT_ID`] ?? (local ? 'sq-local-client' : undefined);
    if (!clientId) continue;
    const base = endpoints[id];
    providers[id] = {
      id,
      clientId,
      clientSecret: env[`${upper}_CLIENT_SECRET`] ?? (local ? 'sq-local-secret' : ''),
      authorizeUrl: env[`${upper}_AUTHORIZE_URL`] ?? base.authorizeUrl,
      tokenUrl: env[`${upper}_TOKEN_URL`] ?? base.tokenUrl,
      userInfoUrl: env[`${upper}_USERINFO_URL`] ?? base.userInfoUrl,
      issuer: env[`${upper}_ISSUER`] ?? base.issuer,
      jwksUrl: env[`${upper}_JWKS_URL`] ?? base.jwksUrl,
      scope: env[`${upper}_SCOPE`] ?? base.scope,
      pkce: base.pkce,
      oidc: base.oidc,
    };
  }
  return {
    accessTokenSeconds: positiveInt('ACCESS_TOKEN_SECONDS', env.ACCESS_TOKEN_SECONDS, 30 * 60),
    internalCalls: readInternalCallConfig(env),
    careercardUrl: serviceUrl('careercard', env),
    careercardTimeoutMs: Number(env.CAREERCARD_TIMEOUT_MS ?? 5_000),
    programsUrl: serviceUrl('programs', env),
    programsTimeoutMs: Number(env.PROGRAMS_TIMEOUT_MS ?? 5_000),
    itskillUrl: serviceUrl('itskill', env),
    itskillTimeoutMs: positiveInt('ITSKILL_TIMEOUT_MS', env.ITSKILL_TIMEOUT_MS, 5_000),
    skillPointAmount: positiveInt('SKILL_POINT_AMOUNT', env.SKILL_POINT_AMOUNT, 1_000),
    retireRetryMs: Number(env.CAREERCARD_RETIRE_RETRY_MS ?? 30_000),
    siteUrl,
    apiPublicUrl: (env.API_PUBLIC_URL ?? siteUrl).replace(/\/$/, ''),
    smtp: readSmtpConfig(env),
    providers,
    signIn: {
      maxPerAccountAddress: Number(env.SIGNIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS ?? 5),
      maxPerAccount: Number(env.SIGNIN_MAX_FAILURES_PER_ACCOUNT ?? 50),
      maxPerIp: Number(env.SIGNIN_MAX_FAILURES_PER_IP ?? 20),
      windowMinutes: Number(env.SIGNIN_WINDOW_MINUTES ?? 15),
    },
    resetTokenMinutes: Number(env.PASSWORD_RESET_MINUTES ?? 30),
    resetMail: {
      intervalSeconds: Number(env.PASSWORD_RESET_MAIL_INTERVAL_SECONDS ?? 60),
      perHour: Number(env.PASSWORD_RESET_MAILS_PER_HOUR ?? 5),
    },
    findEmail: {
      maxPerAddress: Number(env.FIND_EMAIL_MAX_PER_ADDRESS ?? 10),
      maxPerTarget: Number(env.FIND_EMAIL_MAX_PER_TARGET ?? 5),
      windowMinutes: Number(env.FIND_EMAIL_WINDOW_MINUTES ?? 60),
    },
    markerSecret: readMarkerSecret(env),
    personalTokensMaxPerMember: positiveInt('PERSONAL_TOKENS_MAX_PER_MEMBER', env.PERSONAL_TOKENS_MAX_PER_MEMBER, 20),
    partnerAccessTokenSeconds: positiveInt('PARTNER_ACCESS_TOKEN_SECONDS', env.PARTNER_ACCESS_TOKEN_SECONDS, 60 * 60),
    partnerConsentDays: positiveInt('PARTNER_CONSENT_DAYS', env.PARTNER_CONSENT_DAYS, 365),
  };
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer (got ${value}).`);
  return parsed;
}

/** What `npm run create-operator` reads: the database, and the password unless it is asked on the terminal. */
export function readOperatorSetup(env: NodeJS.ProcessEnv = process.env): {
  databaseUrl: string | undefined;
  password: string | undefined;
} {
  return { databaseUrl: env.DATABASE_URL, password: env.OPERATOR_PASSWORD };
}

/**
 * ACCOUNT_MARKER_SECRET, or one derived from INTERNAL_SECRET (a production start refuses a missing or
 * development INTERNAL_SECRET in readServiceConfig, so the derived key is real there; builds that hand the
 * secret over in code, such as tests, derive from the development one). The markers of one-time grants are
 * only as lasting as this key: rotating it lets a withdrawn person's new account receive the grants again, so
 * production should set it on its own and keep it.
 */
function readMarkerSecret(env: NodeJS.ProcessEnv): string {
  const own = env.ACCOUNT_MARKER_SECRET;
  if (own) {
    if (own.length < 32) throw new Error('ACCOUNT_MARKER_SECRET must be 32 characters or more.');
    return own;
  }
  return createHmac('sha256', env.INTERNAL_SECRET ?? DEV_INTERNAL_SECRET)
    .update('account-marker-secret')
    .digest('hex');
}

declare module 'fastify' {
  interface FastifyInstance {
    accountConfig: AccountConfig;
  }
}

/** Read when the app is built (tests set the environment first), then only passed around as `app.accountConfig`. */
export const accountConfigPlugin = fp(
  async (app) => {
    app.decorate('accountConfig', readAccountConfig());
  },
  { name: 'account-config' },
);
