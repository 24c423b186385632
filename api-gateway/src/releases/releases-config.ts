import { createHash } from 'node:crypto';
import path from 'node:path';
import type { SmtpConfig } from '@sq/service-kit';

export interface WatchSettings {
  /** How often each gateway compares running canaries with their stable versions; 0 turns the watcher off. */
  intervalMs: number;
  /** The page views and errors counted (the last this many milliseconds, and only since the canary started). */
  windowMs: number;
  /** A canary is rolled back when its error rate (errors per page view) exceeds the stable one's by more than this. */
  margin: number;
  /** ...and only once it has at least this many page views (each visitor's capped at `viewsPerVisitor`)... */
  minViews: number;
  /** ...and at least this many distinct visitors on each side, canary and stable, so a handful of people never decide. */
  minVisitors: number;
  /** What one visitor counts for at most, in page views and in errors each: a visitor who reloads a hundred times is still one person. */
  viewsPerVisitor: number;
  /** An anomaly (the owners are alerted, nothing is decided): a side's raw reports exceed this many per visitor... */
  anomalyReportsPerVisitor: number;
  /** ...or one address group (an IPv4 address, an IPv6 /64) holds more than this share of a side's visitors... */
  anomalyAddressShare: number;
  /** ...where the two sides' visitors come from at least this many address groups (below it, as on one machine, addresses tell nothing). */
  anomalyMinAddresses: number;
}

export interface ReleasesConfig {
  /** How long a gateway reuses `/remotes.json` as read from PostgreSQL: a release reaches every gateway within it. */
  registryCacheMs: number;
  /** SHA-256 (hex) of the CI release token (`RELEASE_TOKEN`); null: only operators (ROLE_ADMIN) may release. */
  releaseTokenHash: string | null;
  /** The live shell's shared-deps.json (what it provides); null: releases are not checked for skew. */
  shellSharedDepsFile: string | null;
  /** The watcher's settings; unset ones take DEFAULT_WATCH's. */
  watch: Partial<WatchSettings>;
  /** Who is mailed when a remote's canary is rolled back by itself: remote name → addresses ('*': every remote). */
  owners: Record<string, string[]>;
  /** SMTP for those mails; absent: the service-kit default (the local sink). */
  smtp?: SmtpConfig;
}

export const DEFAULT_WATCH: WatchSettings = {
  intervalMs: 30_000,
  windowMs: 10 * 60_000,
  margin: 0.05,
  minViews: 50,
  minVisitors: 20,
  viewsPerVisitor: 5,
  anomalyReportsPerVisitor: 30,
  anomalyAddressShare: 0.5,
  anomalyMinAddresses: 3,
};
export const DEFAULT_REGISTRY_CACHE_MS = 1_000;

export const hashReleaseToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function readReleasesConfig(env: NodeJS.ProcessEnv, shellDir: string | null): ReleasesConfig {
  return {
    registryCacheMs: Number(env.REGISTRY_CACHE_MS ?? DEFAULT_REGISTRY_CACHE_MS),
    releaseTokenHash: env.RELEASE_TOKEN ? hashReleaseToken(env.RELEASE_TOKEN) : null,
    shellSharedDepsFile: env.SHELL_SHARED_DEPS_FILE ?? (shellDir ? path.join(shellDir, 'shared-deps.json') : null),
    watch: {
      intervalMs: Number(env.RELEASE_WATCH_INTERVAL_MS ?? DEFAULT_WATCH.intervalMs),
      windowMs: Number(env.RELEASE_WATCH_WINDOW_MS ?? DEFAULT_WATCH.windowMs),
      margin: Number(env.RELEASE_ROLLBACK_MARGIN ?? DEFAULT_WATCH.margin),
      minViews: Number(env.RELEASE_ROLLBACK_MIN_VIEWS ?? DEFAULT_WATCH.minViews),
      minVisitors: Number(env.RELEASE_ROLLBACK_MIN_VISITORS ?? DEFAULT_WATCH.minVisitors),
      viewsPerVisitor: Number(env.RELEASE_WATCH_VIEWS_PER_VISITOR ?? DEFAULT_WATCH.viewsPerVisitor),
      anomalyReportsPerVisitor: Number(
        env.RELEASE_ANOMALY_REPORTS_PER_VISITOR ?? DEFAULT_WATCH.anomalyReportsPerVisitor,
      ),
      anomalyAddressShare: Number(env.RELEASE_ANOMALY_ADDRESS_SHARE ?? DEFAULT_WATCH.anomalyAddressShare),
      anomalyMinAddresses: Number(env.RELEASE_ANOMALY_MIN_ADDRESSES ?? DEFAULT_WATCH.anomalyMinAddresses),
    },
    owners: readOwners(env.RELEASE_OWNERS),
  };
}

/** `RELEASE_OWNERS`: `mfe_programs=a@x.kr,b@x.kr;mfe_itskill=c@x.kr;*=ops@x.kr`. */
export function readOwners(value: string | undefined): Record<string, string[]> {
  const owners: Record<string, string[]> = {};
  for (const part of (value ?? '').split(';')) {
    const [remote, addresses] = part.split('=');
    if (!remote?.trim() || !addresses) continue;
    owners[remote.trim()] = addresses
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
  }
  return owners;
}
