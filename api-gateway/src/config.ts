import path from 'node:path';
import { DEFAULT_SESSION_CACHE } from './plugins/session-cache';
import { readInternalSecret, readJwtKeys, serviceUrl, type ServiceName } from '@sq/service-kit';

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
  /** Site origins allowed to call the API from another host (production); empty when served together. */
  corsOrigins: string[];
  /** For page titles in link previews; the site name is configuration. */
  siteName: string;
  /** Session answers kept per instance; revocation bounds in plugins/session-cache.ts. */
  sessionCache?: { ttlMs?: number; maxEntries?: number };
}

export function readGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set (rate limits are shared through PostgreSQL).');
  const names: ServiceName[] = ['account', 'content', 'programs', 'careercard', 'itskill'];
  return {
    port: Number(env.PORT ?? 8080),
    jwtPublicKey: readJwtKeys(env).publicKey,
    internalSecret: readInternalSecret(env),
    services: Object.fromEntries(names.map((name) => [name, serviceUrl(name, env)])) as Record<ServiceName, string>,
    shellDir: env.SHELL_DIR ? path.resolve(env.SHELL_DIR) : null,
    cdnDir: env.CDN_DIR ? path.resolve(env.CDN_DIR) : null,
    databaseUrl: env.DATABASE_URL,
    rateLimit: {
      max: Number(env.RATE_LIMIT_MAX ?? 600),
      windowMs: Number(env.RATE_LIMIT_WINDOW_MS ?? 60_000),
      batchSize: Number(env.RATE_LIMIT_BATCH ?? 20),
      syncIntervalMs: Number(env.RATE_LIMIT_SYNC_MS ?? 50),
    },
    upstreamTimeoutMs: Number(env.UPSTREAM_TIMEOUT_MS ?? 15_000),
    siteName: env.SITE_NAME ?? '사이드퀘스트',
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    sessionCache: {
      ttlMs: Number(env.SESSION_CACHE_TTL_MS ?? DEFAULT_SESSION_CACHE.ttlMs),
      maxEntries: Number(env.SESSION_CACHE_MAX ?? DEFAULT_SESSION_CACHE.maxEntries),
    },
  };
}
