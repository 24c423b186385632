import { PUBLIC_API_VERSIONS, type PublicApiVersion } from './versions';

/** API consumers' settings (docs/api-consumers.md); every one an env var with the default below. */
export interface QuotaTier {
  /** Requests per minute and per day (two windows, both counted across gateway instances). */
  perMinute: number;
  perDay: number;
}

export interface ConsumerConfig {
  /**
   * Quota tiers by name. Personal access tokens use `personal` (CONSUMER_PERSONAL_PER_MINUTE, _PER_DAY); partner apps
   * the tier operators gave them: `partner` (CONSUMER_PARTNER_PER_MINUTE, _PER_DAY) or `partner-plus`
   * (CONSUMER_PARTNER_PLUS_PER_MINUTE, _PER_DAY); the names are PARTNER_TIERS in @sq/contracts.
   */
  tiers: Record<string, QuotaTier>;
  /** The longest a token check is cached (CONSUMER_TOKEN_CACHE_TTL_MS; 0: asked on every request). Revocation bound: see consumer-auth.ts. */
  tokenCacheTtlMs: number;
  tokenCacheMax: number;
  /** How long an Idempotency-Key's first answer is kept and repeated (IDEMPOTENCY_KEY_HOURS). */
  idempotencyHours: number;
  /** Largest answer kept for repetition; a larger one is not kept and the key may be used again (IDEMPOTENCY_MAX_ANSWER_BYTES). */
  idempotencyMaxAnswerBytes: number;
  /** The public API's versions (versions.ts); a deployment sets a version's deprecation and sunset dates there. */
  versions: PublicApiVersion[];
}

export const DEFAULT_CONSUMERS: ConsumerConfig = {
  tiers: {
    personal: { perMinute: 60, perDay: 5_000 },
    partner: { perMinute: 120, perDay: 20_000 },
    'partner-plus': { perMinute: 600, perDay: 200_000 },
  },
  tokenCacheTtlMs: 30_000,
  tokenCacheMax: 20_000,
  idempotencyHours: 24,
  idempotencyMaxAnswerBytes: 64 * 1024,
  versions: PUBLIC_API_VERSIONS,
};

/** The tier every personal access token has. */
export const PERSONAL_TIER = 'personal';

export function readConsumerConfig(env: NodeJS.ProcessEnv): ConsumerConfig {
  const number = (name: string, fallback: number) => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`${name} must be a whole number of 0 or more (got ${raw}).`);
    return value;
  };
  return {
    tiers: {
      personal: {
        perMinute: number('CONSUMER_PERSONAL_PER_MINUTE', DEFAULT_CONSUMERS.tiers.personal!.perMinute),
        perDay: number('CONSUMER_PERSONAL_PER_DAY', DEFAULT_CONSUMERS.tiers.personal!.perDay),
      },
      partner: {
        perMinute: number('CONSUMER_PARTNER_PER_MINUTE', DEFAULT_CONSUMERS.tiers.partner!.perMinute),
        perDay: number('CONSUMER_PARTNER_PER_DAY', DEFAULT_CONSUMERS.tiers.partner!.perDay),
      },
      'partner-plus': {
        perMinute: number('CONSUMER_PARTNER_PLUS_PER_MINUTE', DEFAULT_CONSUMERS.tiers['partner-plus']!.perMinute),
        perDay: number('CONSUMER_PARTNER_PLUS_PER_DAY', DEFAULT_CONSUMERS.tiers['partner-plus']!.perDay),
      },
    },
    tokenCacheTtlMs: number('CONSUMER_TOKEN_CACHE_TTL_MS', DEFAULT_CONSUMERS.tokenCacheTtlMs),
    tokenCacheMax: number('CONSUMER_TOKEN_CACHE_MAX', DEFAULT_CONSUMERS.tokenCacheMax),
    idempotencyHours: number('IDEMPOTENCY_KEY_HOURS', DEFAULT_CONSUMERS.idempotencyHours),
    idempotencyMaxAnswerBytes: number('IDEMPOTENCY_MAX_ANSWER_BYTES', DEFAULT_CONSUMERS.idempotencyMaxAnswerBytes),
    versions: PUBLIC_API_VERSIONS,
  };
}
