import fp from 'fastify-plugin';
import {
  readInternalCallConfig,
  readSmtpConfig,
  seedsDemoData,
  serviceUrl,
  type InternalCallConfig,
  type SmtpConfig,
} from '@sq/service-kit';

/**
 * The itskill service's settings (environment; documented in services/itskill/README.md), read once when the
 * app is built: no other file of the service reads the environment.
 */
export interface ItskillConfig {
  /** The account service's internal API: the subscribers' mail addresses when a season opens. */
  accountUrl: string;
  accountTimeoutMs: number;
  /**
   * The programs service's internal API: whether an application is the member's, before a result is attached to
   * it; that a member's check-up changed (the skill-change outbox).
   */
  programsUrl: string;
  programsTimeoutMs: number;
  /** How often the skill-change outbox retries what programs could not take at once (0: never, e.g. in tests). */
  programsOutboxRetryMs: number;
  /** Retries and backoff of every call to another service (service-kit's internal client). */
  internalCalls: InternalCallConfig;
  /** The relay the season-open mail goes through. */
  smtp: SmtpConfig;
  /** Where the site lives, for the link in the season-open mail. */
  siteUrl: string;
  /** How many of the weakest areas the result suggests learning next. */
  learnNextAreas: number;
  /**
   * Whether demo rows (seeded example seasons and results) are shown at all: as the demo seed itself, on in
   * development unless SEED_DEMO_DATA=false, never in production. Off, a database that still holds them
   * (e.g. copied from staging) keeps them out of trends and shared results.
   */
  demoData: boolean;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer (got ${value}).`);
  return parsed;
}

export function readItskillConfig(env: NodeJS.ProcessEnv = process.env): ItskillConfig {
  return {
    accountUrl: serviceUrl('account', env),
    accountTimeoutMs: positiveInt('ACCOUNT_TIMEOUT_MS', env.ACCOUNT_TIMEOUT_MS, 5_000),
    programsUrl: serviceUrl('programs', env),
    programsTimeoutMs: positiveInt('PROGRAMS_TIMEOUT_MS', env.PROGRAMS_TIMEOUT_MS, 5_000),
    programsOutboxRetryMs: Math.max(0, Number(env.PROGRAMS_OUTBOX_RETRY_MS ?? 30_000)),
    internalCalls: readInternalCallConfig(env),
    smtp: readSmtpConfig(env),
    siteUrl: (env.SITE_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
    learnNextAreas: positiveInt('CHECKUP_LEARN_NEXT_AREAS', env.CHECKUP_LEARN_NEXT_AREAS, 2),
    demoData: seedsDemoData(env),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    itskillConfig: ItskillConfig;
  }
}

/** Read when the app is built (tests set the environment first). */
export default fp(
  async (app) => {
    app.decorate('itskillConfig', readItskillConfig());
  },
  { name: 'itskill-config' },
);
