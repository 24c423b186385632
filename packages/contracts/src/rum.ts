import { z } from 'zod';

/**
 * Field figures from visitors' browsers: what the shell sends to `POST /api/rum` with sendBeacon, and
 * what `GET /api/admin/releases` answers. No personal data travels: the route is the manifest's pattern (never
 * the real path with its ids), an error keeps its name, message and a short stack, and nothing names the visitor.
 * The shell imports only the types and the limits (zod stays out of the browser).
 */
export const RUM_LIMITS = {
  /** Events in one beacon; the shell sends its queue in beacons of at most this many. */
  eventsPerBeacon: 50,
  /** A route pattern, a remote's name, a version. */
  routeChars: 200,
  nameChars: 64,
  /** An error's `name: message` and its stack after the shell has cut them (RUM_ERROR_MESSAGE_MAX / RUM_ERROR_STACK_MAX). */
  messageChars: 500,
  stackChars: 2_000,
  /** The signed assignment the page carried (api-gateway rum/assignment.ts): a visitor, its versions, an expiry. */
  assignmentChars: 4_096,
} as const;

/** The Core Web Vitals the shell reports (through the web-vitals library). */
export const RUM_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type RumMetric = (typeof RUM_METRICS)[number];

/** The name the shell reports for its own routes (account screens) and for paths no manifest matches. */
export const SHELL_REMOTE = 'shell';

const version = z
  .string()
  .min(1)
  .max(RUM_LIMITS.nameChars)
  .regex(/^[0-9A-Za-z.+_-]+$/);
const attribution = {
  navigation: z.enum(['load', 'spa']),
  /** react-router pattern from the route manifest (`/product/:productId`), or `*` where none matched. */
  route: z
    .string()
    .min(1)
    .max(RUM_LIMITS.routeChars)
    .regex(/^(\*|\/[0-9A-Za-z/:*._-]*)$/),
  remote: z
    .string()
    .min(1)
    .max(RUM_LIMITS.nameChars)
    .regex(/^[a-z][a-z0-9_]*$/),
  remoteVersion: version,
};

export const rumEvent = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('view'), ...attribution }),
  z.strictObject({
    kind: z.literal('vital'),
    ...attribution,
    metric: z.enum(RUM_METRICS),
    value: z.number().finite().min(0).max(3_600_000),
  }),
  z.strictObject({
    kind: z.literal('error'),
    ...attribution,
    message: z.string().max(RUM_LIMITS.messageChars),
    stack: z.string().max(RUM_LIMITS.stackChars),
  }),
]);

export const rumBeacon = z.strictObject({
  /**
   * The assignment the gateway signed into the page this browser loaded: reports count only from visitors the
   * gateway served, and only for the versions it gave them.
   */
  assignment: z
    .string()
    .min(1)
    .max(RUM_LIMITS.assignmentChars)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
  shellVersion: version,
  events: z.array(rumEvent).min(1).max(RUM_LIMITS.eventsPerBeacon),
});

export type RumEvent = z.infer<typeof rumEvent>;
export type RumBeacon = z.infer<typeof rumBeacon>;

/** The windows `/admin/releases` offers, with the width of one chart bucket for each. */
export const RELEASE_WINDOWS = {
  '1h': { hours: 1, bucketMinutes: 5 },
  '24h': { hours: 24, bucketMinutes: 60 },
  '7d': { hours: 24 * 7, bucketMinutes: 6 * 60 },
  '30d': { hours: 24 * 30, bucketMinutes: 24 * 60 },
} as const;
export type ReleaseWindow = keyof typeof RELEASE_WINDOWS;
export const DEFAULT_RELEASE_WINDOW: ReleaseWindow = '24h';

/** p75 of each vital over the views it measured; null where no browser reported it. */
export interface VitalsP75 {
  LCP: number | null;
  INP: number | null;
  CLS: number | null;
}

export interface VersionFigures extends VitalsP75 {
  version: string;
  views: number;
  errors: number;
  /** Errors per page view; null without views. */
  errorRate: number | null;
}

export interface VersionBucket extends VitalsP75 {
  /** Start of the bucket (ISO). */
  at: string;
  views: number;
  errors: number;
}

export interface ReleaseLogEntry {
  kind: 'release' | 'canary' | 'promote' | 'rollback' | 'auto_rollback' | 'forced_release';
  /** The operator, the CI token's actor name, or `release-watcher` for an automatic rollback. */
  actor: string;
  at: string;
  before: { live: string; canary: { version: string; percent: number } | null } | null;
  after: { live: string; canary: { version: string; percent: number } | null };
  reason: string | null;
}

export interface RemoteReleaseFigures {
  name: string;
  /** What browsers load now; null for the shell (not in the registry) or a remote gone from it. */
  live: { version: string; releasedAt: string } | null;
  /** A version served to a share of visitors before it goes live; null when none is out. */
  canary: { version: string; releasedAt: string; percent: number | null } | null;
  /** Earlier live versions, newest first. */
  history: { version: string; releasedAt: string }[];
  /** The remote's release log, newest first: releases, canaries, promotions, rollbacks (automatic ones too), forced releases. */
  events: ReleaseLogEntry[];
  /** Every version that is live, canary or seen in the window, with its figures and its chart buckets. */
  versions: (VersionFigures & { buckets: VersionBucket[] })[];
}

export interface ReleasesResponse {
  ErrorCode: string;
  window: ReleaseWindow;
  from: string;
  to: string;
  bucketMinutes: number;
  remotes: RemoteReleaseFigures[];
}
