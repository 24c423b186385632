import * as z from 'zod/mini';
import { CORE_MESSAGES } from './core-messages';
import { CONSUMER_MESSAGES } from './messages/consumers';
import type { Success } from './envelope';
import { CONTROL_CHARACTER } from './control-characters';

/**
 * API consumers: what a credential other than a person's session may do. Scopes are few and named for what
 * people understand; the public API's operations (api-gateway consumers/public-api.ts) each need one.
 */
export const CONSUMER_SCOPES = [
  'programs:read',
  'careercard:read',
  'careercard:write',
  'applications:read',
  'sprint:checkin',
  'webhooks:manage',
] as const;
export type ConsumerScope = (typeof CONSUMER_SCOPES)[number];

/** How each scope is shown to people (token screen, consent, 403 messages, the developers page). */
export const SCOPE_LABELS: Record<ConsumerScope, string> = {
  'programs:read': '프로그램·기수 조회',
  'careercard:read': '커리어 카드 조회',
  'careercard:write': '내 커리어 카드 수정',
  'applications:read': '내 지원 내역 조회',
  'sprint:checkin': '스프린트 체크인',
  'webhooks:manage': '웹훅 구독 관리',
};

export const isConsumerScope = (value: string): value is ConsumerScope =>
  (CONSUMER_SCOPES as readonly string[]).includes(value);

/**
 * A personal access token: this prefix (so that secret scanners and people recognise it), then 32 random bytes
 * in base64url. Only its SHA-256 is stored; a high-entropy secret needs no slow hash.
 */
export const PERSONAL_TOKEN_PREFIX = 'sqp_';
export const PERSONAL_TOKEN_PATTERN = /^sqp_[A-Za-z0-9_-]{43}$/;
/** The longest a personal access token may live. */
export const PERSONAL_TOKEN_MAX_DAYS = 365;
/** The expiries offered on the token screen (days); any whole number from 1 to the maximum is accepted. */
export const PERSONAL_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365] as const;

/** POST /api/tokens: a new personal access token. */
export const createPersonalTokenSchema = z.object(
  {
    name: z.string({ error: CONSUMER_MESSAGES.personalTokenNameRequired }).check(
      z.trim(),
      z.minLength(1, CONSUMER_MESSAGES.personalTokenNameRequired),
      z.maxLength(50, CONSUMER_MESSAGES.personalTokenNameRequired),
      z.refine((name) => !CONTROL_CHARACTER.test(name), CONSUMER_MESSAGES.personalTokenNameRequired),
    ),
    scopes: z
      .array(
        z
          .string({ error: CONSUMER_MESSAGES.personalTokenScopesRequired })
          .check(z.refine(isConsumerScope, CONSUMER_MESSAGES.personalTokenScopesRequired)),
        { error: CONSUMER_MESSAGES.personalTokenScopesRequired },
      )
      .check(
        z.minLength(1, CONSUMER_MESSAGES.personalTokenScopesRequired),
        z.maxLength(CONSUMER_SCOPES.length, CONSUMER_MESSAGES.personalTokenScopesRequired),
        z.refine((scopes) => new Set(scopes).size === scopes.length, CONSUMER_MESSAGES.personalTokenScopesRequired),
      ),
    expiresInDays: z
      .number({ error: CONSUMER_MESSAGES.personalTokenExpiryInvalid })
      .check(
        z.int(CONSUMER_MESSAGES.personalTokenExpiryInvalid),
        z.gte(1, CONSUMER_MESSAGES.personalTokenExpiryInvalid),
        z.lte(PERSONAL_TOKEN_MAX_DAYS, CONSUMER_MESSAGES.personalTokenExpiryInvalid),
      ),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type CreatePersonalTokenForm = z.infer<typeof createPersonalTokenSchema>;

/** One token as its owner sees it in the list (never the secret). */
export interface PersonalTokenSummary {
  tokenId: number;
  name: string;
  scopes: ConsumerScope[];
  /** The first characters of the token (prefix and 4 more), so that its owner can tell tokens apart. */
  hint: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
}

export type PersonalTokenListResponse = Success<{ tokens: PersonalTokenSummary[] }>;
/** The secret is in this answer only: it is never shown again. */
export type PersonalTokenCreatedResponse = Success<{ token: string; summary: PersonalTokenSummary }>;

/** The consumer usage the gateway counted, per token (GET /api/tokens/usage). */
export interface ConsumerUsage {
  tokenId: number;
  /** Requests counted in the token's current daily quota window. */
  requestsToday: number;
}
export type ConsumerUsageResponse = Success<{ usage: ConsumerUsage[] }>;

/** What the account service answers the gateway about a presented personal access token. */
export interface PersonalTokenCheck {
  active: boolean;
  tokenId?: number;
  userId?: number;
  scopes?: ConsumerScope[];
  /** Epoch seconds: the token's expiry (the gateway caches the answer no longer). */
  until?: number;
}
