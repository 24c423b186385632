import path from 'node:path';
import type { InputLimits } from './plugins/input-guard';
import { DEFAULT_SESSION_CACHE } from './plugins/session-cache';
import { readInternalSecret, readJwtKeys, readSmtpConfig, serviceUrl, type ServiceName } from '@sq/service-kit';
import { readReleasesConfig, type ReleasesConfig } from './releases/releases-config';
import { readOrigins, type ContentSecuritySources } from './content-security-policy';
import { readRumConfig, type RumConfig } from './rum/config';
import { readServiceCallsConfig, type ServiceCallsConfig } from './service-calls';
import { readConsumerConfig, type ConsumerConfig } from './consumers/config';
import { CONNECTION_RETRIES } from './plugins/forward';

export interface GatewayConfig {
  port: number;
  jwtPublicKey: string;
  internalSecret: string;
  services: Record<ServiceName, string>;
  /** Built shell (index.html and its assets); absent when the gateway serves only the API. */
  shellDir: string | null;
  /** What a CDN would hold: `remotes.json` and `bundles/<remote>/<version>/`. */
  cdnDir: string | null;
  databaseUrl: string;
  /** `max` API requests per client address per `windowMs`; batching bounds in plugins/rate-limit-store.ts. */
  rateLimit: { max: number; windowMs: number; batchSize?: number; syncIntervalMs?: number };
  /** How long the gateway waits for a service before answering 503. */
  upstreamTimeoutMs: number;
  /**
   * How many more times a replayable request whose connection to its service failed before any answer is sent
   * (UPSTREAM_CONNECTION_RETRIES; plugins/forward.ts). 0 turns the retry off; absent: CONNECTION_RETRIES.
   */
  upstreamConnectionRetries?: number;
  /** Site origins allowed to call the API from another host (production); empty when served together. */
  corsOrigins: string[];
  /** For page titles in link previews; the site name is configuration. */
  siteName: string;
  /**
   * How long a rendered first content (first-content.ts) is reused for the same page and width: its API
   * answers are public and the same for everyone. Unset or 0: rendered for every request.
   */
  firstContentCacheMs?: number;
  /**
   * The remotes whose server module (first-content.ts) the gateway may run: it runs inside the gateway, next
   * to the internal secret, so only remotes named here are trusted with that. Unset or empty: none.
   */
  firstContentRemotes?: string[];
  /**
   * Proxies in front of the gateway (load balancer, CDN) whose X-Forwarded-For is believed: addresses,
   * CIDR ranges or proxy-addr's names (`loopback`, `uniquelocal`). Empty (the default): the socket peer is
   * the client, and X-Forwarded-For is ignored.
   */
  trustedProxies: string[];
  /** Origins the site's pages may load from besides their own (CSP); see content-security-policy.ts. */
  contentSecurity: ContentSecuritySources;
  /** JSON body size and nesting limits, checked before a body is parsed (docs/design.md: input limits). */
  inputLimits: InputLimits;
  /** Session answers kept per instance; revocation bounds in plugins/session-cache.ts. */
  sessionCache?: { ttlMs?: number; maxEntries?: number };
  /** The remote registry, operator release API and canary watcher (releases/releases-config.ts); defaults when absent. */
  releases?: Partial<ReleasesConfig>;
  /** Field figures (POST /api/rum, /api/admin/releases); unset parts take rum/config.ts's defaults. */
  rum?: Partial<RumConfig>;
  /** The gateway's own reads from services (service-calls.ts): retries and time limits; unset parts take its defaults. */
  serviceCalls?: Partial<ServiceCallsConfig>;
  /** API consumers' quotas, token-check cache and idempotency records (consumers/config.ts); its defaults when absent. */
  consumers?: ConsumerConfig;
}

/** The default `RATE_LIMIT_BATCH` is the maximum divided by this (see plugins/rate-limit-store.ts for the bound). */
export const RATE_LIMIT_BATCH_SHARE = 30;

/** 1 MiB, the services' own body limit; 64 levels, far beyond any form the site sends (they nest 3 or 4). */
export const DEFAULT_INPUT_LIMITS: InputLimits = { jsonBodyMaxBytes: 1024 * 1024, jsonMaxDepth: 64 };

export function readGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set (rate limits are shared through PostgreSQL).');
  const names: ServiceName[] = ['account', 'content', 'programs', 'careercard', 'itskill'];
  const rateLimitMax = Number(env.RATE_LIMIT_MAX ?? 600);
  return {
    port: Number(env.PORT ?? 8080),
    jwtPublicKey: readJwtKeys(env).publicKey,
    internalSecret: readInternalSecret(env),
    services: Object.fromEntries(names.map((name) => [name, serviceUrl(name, env)])) as Record<ServiceName, string>,
    shellDir: env.SHELL_DIR ? path.resolve(env.SHELL_DIR) : null,
    cdnDir: env.CDN_DIR ? path.resolve(env.CDN_DIR) : null,
    databaseUrl: env.DATABASE_URL,
    rateLimit: {
      max: rateLimitMax,
      windowMs: Number(env.RATE_LIMIT_WINDOW_MS ?? 60_000),
      // The over-admission bound scales with the limit: K instances admit at most 1/30 of it more per instance.
      batchSize: Number(env.RATE_LIMIT_BATCH ?? Math.max(1, Math.ceil(rateLimitMax / RATE_LIMIT_BATCH_SHARE))),
      syncIntervalMs: Number(env.RATE_LIMIT_SYNC_MS ?? 50),
    },
    upstreamTimeoutMs: Number(env.UPSTREAM_TIMEOUT_MS ?? 15_000),
    upstreamConnectionRetries: wholeNumber(
      'UPSTREAM_CONNECTION_RETRIES',
      env.UPSTREAM_CONNECTION_RETRIES,
      CONNECTION_RETRIES,
    ),
    siteName: env.SITE_NAME ?? '사이드퀘스트',
    firstContentCacheMs: Number(env.FIRST_CONTENT_CACHE_MS ?? 2_000),
    firstContentRemotes: env.FIRST_CONTENT_REMOTES === undefined ? ['mfe_programs'] : list(env.FIRST_CONTENT_REMOTES),
    corsOrigins: list(env.CORS_ORIGINS),
    trustedProxies: list(env.TRUSTED_PROXIES),
    contentSecurity: {
      assetOrigins: readOrigins('CSP_ASSET_ORIGINS', env.CSP_ASSET_ORIGINS),
      connectOrigins: readOrigins('CSP_CONNECT_ORIGINS', env.CSP_CONNECT_ORIGINS),
      imageOrigins: readOrigins('CSP_IMAGE_ORIGINS', env.CSP_IMAGE_ORIGINS),
    },
    inputLimits: {
      jsonBodyMaxBytes: Number(env.JSON_BODY_MAX_BYTES ?? DEFAULT_INPUT_LIMITS.jsonBodyMaxBytes),
      jsonMaxDepth: Number(env.JSON_MAX_DEPTH ?? DEFAULT_INPUT_LIMITS.jsonMaxDepth),
    },
    sessionCache: {
      ttlMs: Number(env.SESSION_CACHE_TTL_MS ?? DEFAULT_SESSION_CACHE.ttlMs),
      maxEntries: Number(env.SESSION_CACHE_MAX ?? DEFAULT_SESSION_CACHE.maxEntries),
    },
    releases: {
      ...readReleasesConfig(env, env.SHELL_DIR ? path.resolve(env.SHELL_DIR) : null),
      smtp: readSmtpConfig(env),
    },
    rum: readRumConfig(env),
    serviceCalls: readServiceCallsConfig(env),
    consumers: readConsumerConfig(env),
  };
}

/** A whole number of 0 or more; unset or blank is the fallback. */
function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of 0 or more (got ${raw}).`);
  return value;
}

/** A comma-separated setting; unset or blank is the empty list. */
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
