import * as z from 'zod/mini';
import { CORE_MESSAGES } from './core-messages';
import { PARTNER_MESSAGES } from './messages/partners';
import { isConsumerScope, type ConsumerScope } from './api-consumers';
import type { Success } from './envelope';
import { CONTROL_CHARACTER } from './control-characters';

/**
 * Partner apps: programs of other companies and people that call the public API as OAuth 2.0 clients, registered
 * by operators in the console. An app acts for itself (client credentials: only operations that need no member)
 * or for a member who consents (authorization code with PKCE). The authorization server is `oidc-provider`,
 * mounted in the account service under OAUTH2_PATH.
 */
export const OAUTH2_PATH = '/oauth2';

/** Quota tiers a partner app can have (the gateway's CONSUMER_<TIER>_PER_MINUTE / _PER_DAY). */
export const PARTNER_TIERS = ['partner', 'partner-plus'] as const;
export type PartnerTier = (typeof PARTNER_TIERS)[number];
export const PARTNER_TIER_LABELS: Record<PartnerTier, string> = { partner: '기본', 'partner-plus': '확장' };
export const isPartnerTier = (value: string): value is PartnerTier =>
  (PARTNER_TIERS as readonly string[]).includes(value);

/** Redirect URIs an app may register. */
export const PARTNER_REDIRECT_URIS_MAX = 10;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** https, or http on a loopback host (a developer's machine, RFC 8252 section 7.3); absolute, without a fragment. */
export function isAllowedRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || value.includes('#') || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** POST /api/admin/partner-apps and PUT /api/admin/partner-apps/{appId}: what operators set. */
export const partnerAppFormSchema = z.object(
  {
    name: z.string({ error: PARTNER_MESSAGES.partnerAppNameRequired }).check(
      z.trim(),
      z.minLength(1, PARTNER_MESSAGES.partnerAppNameRequired),
      z.maxLength(50, PARTNER_MESSAGES.partnerAppNameRequired),
      z.refine((name) => !CONTROL_CHARACTER.test(name), PARTNER_MESSAGES.partnerAppNameRequired),
    ),
    ownerEmail: z
      .string({ error: PARTNER_MESSAGES.partnerAppOwnerEmailInvalid })
      .check(
        z.trim(),
        z.maxLength(254, PARTNER_MESSAGES.partnerAppOwnerEmailInvalid),
        z.email(PARTNER_MESSAGES.partnerAppOwnerEmailInvalid),
      ),
    scopes: z
      .array(
        z
          .string({ error: PARTNER_MESSAGES.partnerAppScopesRequired })
          .check(z.refine(isConsumerScope, PARTNER_MESSAGES.partnerAppScopesRequired)),
        { error: PARTNER_MESSAGES.partnerAppScopesRequired },
      )
      .check(
        z.minLength(1, PARTNER_MESSAGES.partnerAppScopesRequired),
        z.refine((scopes) => new Set(scopes).size === scopes.length, PARTNER_MESSAGES.partnerAppScopesRequired),
      ),
    tier: z
      .string({ error: PARTNER_MESSAGES.partnerAppTierInvalid })
      .check(z.refine(isPartnerTier, PARTNER_MESSAGES.partnerAppTierInvalid)),
    redirectUris: z
      .array(
        z
          .string({ error: PARTNER_MESSAGES.partnerAppRedirectUriInvalid })
          .check(
            z.trim(),
            z.maxLength(500, PARTNER_MESSAGES.partnerAppRedirectUriInvalid),
            z.refine(isAllowedRedirectUri, PARTNER_MESSAGES.partnerAppRedirectUriInvalid),
          ),
        { error: PARTNER_MESSAGES.partnerAppRedirectUriInvalid },
      )
      .check(
        z.maxLength(PARTNER_REDIRECT_URIS_MAX, PARTNER_MESSAGES.partnerAppRedirectUriInvalid),
        z.refine((uris) => new Set(uris).size === uris.length, PARTNER_MESSAGES.partnerAppRedirectUriInvalid),
      ),
    enabled: z.optional(z.boolean({ error: CORE_MESSAGES.badRequest })),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type PartnerAppForm = z.infer<typeof partnerAppFormSchema>;

/** One app as operators see it (never its secret, only a hint). */
export interface PartnerAppSummary {
  appId: number;
  clientId: string;
  name: string;
  ownerEmail: string;
  scopes: ConsumerScope[];
  tier: PartnerTier;
  redirectUris: string[];
  enabled: boolean;
  /** The secret's first characters, so that operators can tell which secret a partner holds. */
  secretHint: string;
  secretRotatedAt: string;
  createdAt: string;
  updatedAt: string;
}
export type PartnerAppListResponse = Success<{ apps: PartnerAppSummary[] }>;
/** Registration and rotation: the client secret is in this answer only. */
export type PartnerAppSecretResponse = Success<{ app: PartnerAppSummary; clientSecret: string }>;
export type PartnerAppResponse = Success<{ app: PartnerAppSummary }>;

/** One operator change to a partner app (the account service's audit log). */
export interface PartnerAppAuditEntry {
  auditId: number;
  actorUserId: number;
  action:
    | 'PARTNER_APP_CREATE'
    | 'PARTNER_APP_UPDATE'
    | 'PARTNER_APP_DISABLE'
    | 'PARTNER_APP_ENABLE'
    | 'PARTNER_APP_ROTATE_SECRET';
  appId: number;
  createdAt: string;
}
export type PartnerAppAuditResponse = Success<{ entries: PartnerAppAuditEntry[] }>;
export const PARTNER_APP_AUDIT_LABELS: Record<PartnerAppAuditEntry['action'], string> = {
  PARTNER_APP_CREATE: '앱 등록',
  PARTNER_APP_UPDATE: '앱 수정',
  PARTNER_APP_DISABLE: '앱 사용 중지',
  PARTNER_APP_ENABLE: '앱 다시 사용',
  PARTNER_APP_ROTATE_SECRET: '시크릿 재발급',
};
/** How many of the latest changes the console shows. */
export const PARTNER_APP_AUDIT_PAGE = 50;

/** A member's consent to an app, as my page lists it. */
export interface PartnerConsent {
  grantId: string;
  appName: string;
  scopes: ConsumerScope[];
  grantedAt: string;
}
export type PartnerConsentListResponse = Success<{ consents: PartnerConsent[] }>;

/** What the account service answers the gateway about a presented partner access token. */
export interface PartnerTokenCheck {
  active: boolean;
  appId?: number;
  /** The consenting member (authorization code); absent when the app acts for itself (client credentials). */
  userId?: number;
  /** Granted scopes that the app is still allowed. */
  scopes?: ConsumerScope[];
  tier?: PartnerTier;
  /** Epoch seconds: the token's expiry. */
  until?: number;
}
