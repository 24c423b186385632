import type { Knex } from 'knex';
import type { Registry, RegistryEntry, RouteEntry } from '@sq/contracts';

/**
 * Reading the remote registry (migration 010_remote_registry): what `/remotes.json` serves and what the
 * operators' console shows on /admin/releases. Writes are in release-actions.ts.
 */

/** The shared dependencies a build was made against (name → semver range), or that a shell provides (name → version). */
export type SharedDeps = Record<string, string>;

export type ReleaseEventKind = 'release' | 'canary' | 'promote' | 'rollback' | 'auto_rollback' | 'forced_release';

/** A pointer's state as the audit log records it before and after a change. */
export interface PointerSnapshot {
  live: string;
  canary: { version: string; percent: number } | null;
}

export interface ReleaseRecord {
  remote: string;
  version: string;
  manifestUrl: string;
  routes: RouteEntry[];
  shared: SharedDeps;
  releasedAt: string;
  releasedBy: string;
}

export interface ReleaseEvent {
  id: number;
  remote: string;
  kind: ReleaseEventKind;
  actor: string;
  at: string;
  before: PointerSnapshot | null;
  after: PointerSnapshot;
  reason: string | null;
}

export interface Pointer {
  remote: string;
  live: string;
  canary: { version: string; percent: number; startedAt: string } | null;
  /** Compare-and-swap token: every change of the pointer bumps it. */
  revision: number;
  updatedAt: string;
}

export interface RemoteState {
  remote: string;
  revision: number;
  live: ReleaseRecord;
  canary: (ReleaseRecord & { percent: number; startedAt: string }) | null;
  /** Every release of the remote, newest first. */
  releases: ReleaseRecord[];
  /** The remote's audit log, newest first (at most `eventLimit`). */
  events: ReleaseEvent[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toRelease(row: Record<string, unknown>): ReleaseRecord {
  return {
    remote: String(row.remote),
    version: String(row.version),
    manifestUrl: String(row.manifest_url),
    routes: row.routes as RouteEntry[],
    shared: (row.shared ?? {}) as SharedDeps,
    releasedAt: iso(row.released_at as Date),
    releasedBy: String(row.released_by),
  };
}

export function toPointer(row: Record<string, unknown>): Pointer {
  return {
    remote: String(row.remote),
    live: String(row.live_version),
    canary: row.canary_version
      ? {
          version: String(row.canary_version),
          percent: Number(row.canary_percent),
          startedAt: iso(row.canary_started_at as Date),
        }
      : null,
    revision: Number(row.revision),
    updatedAt: iso(row.updated_at as Date),
  };
}

function toEvent(row: Record<string, unknown>): ReleaseEvent {
  return {
    id: Number(row.id),
    remote: String(row.remote),
    kind: row.kind as ReleaseEventKind,
    actor: String(row.actor),
    at: iso(row.at as Date),
    before: (row.before ?? null) as PointerSnapshot | null,
    after: row.after as PointerSnapshot,
    reason: (row.reason ?? null) as string | null,
  };
}

export async function readPointer(knex: Knex, remote: string): Promise<Pointer | null> {
  const row = await knex('gateway.remote_pointer').where({ remote }).first();
  return row ? toPointer(row) : null;
}

export async function readRelease(knex: Knex, remote: string, version: string): Promise<ReleaseRecord | null> {
  const row = await knex('gateway.remote_release').where({ remote, version }).first();
  return row ? toRelease(row) : null;
}

/** The routes every other remote serves now: its live release's and, while one runs, its canary's. */
export async function readOtherRemotesRoutes(
  knex: Knex,
  remote: string,
): Promise<{ remote: string; routes: RouteEntry[] }[]> {
  const rows: { remote: string; routes: RouteEntry[] }[] = await knex('gateway.remote_pointer as p')
    .join('gateway.remote_release as r', function joinServed() {
      this.on('r.remote', 'p.remote').andOn(knex.raw('r.version in (p.live_version, p.canary_version)'));
    })
    .whereNot('p.remote', remote)
    .orderBy('p.remote')
    .select('p.remote', 'r.routes');
  return rows;
}

/** Per remote: live and canary releases, every release and the latest events (the data of /admin/releases). */
export async function readRegistryState(knex: Knex, options: { eventLimit?: number } = {}): Promise<RemoteState[]> {
  const eventLimit = options.eventLimit ?? 50;
  const [pointers, releases, events] = await Promise.all([
    knex('gateway.remote_pointer').orderBy('remote'),
    knex('gateway.remote_release').orderBy([
      { column: 'remote' },
      { column: 'released_at', order: 'desc' },
      { column: 'version', order: 'desc' },
    ]),
    knex
      .select('*')
      .from(
        knex('gateway.remote_release_event')
          .select('*', knex.raw('row_number() over (partition by remote order by id desc) as n'))
          .as('e'),
      )
      .where('n', '<=', eventLimit)
      .orderBy('id', 'desc'),
  ]);
  return pointers.map((row: Record<string, unknown>) => {
    const pointer = toPointer(row);
    const own = releases.filter((r: Record<string, unknown>) => r.remote === pointer.remote).map(toRelease);
    const find = (version: string) => own.find((r) => r.version === version)!;
    return {
      remote: pointer.remote,
      revision: pointer.revision,
      live: find(pointer.live),
      canary: pointer.canary
        ? { ...find(pointer.canary.version), percent: pointer.canary.percent, startedAt: pointer.canary.startedAt }
        : null,
      releases: own,
      events: events.filter((e: Record<string, unknown>) => e.remote === pointer.remote).map(toEvent),
    };
  });
}

/** How many earlier releases each `/remotes.json` entry lists. */
const HISTORY_LENGTH = 20;

/** The registry (contracts' shape): the live version of every remote, and its canary with its share. */
export async function readRemotesJson(knex: Knex): Promise<Registry> {
  const state = await readRegistryState(knex, { eventLimit: 0 });
  return {
    remotes: state.map((remote): RegistryEntry => ({
      name: remote.remote,
      routes: remote.live.routes,
      version: remote.live.version,
      manifestUrl: remote.live.manifestUrl,
      releasedAt: remote.live.releasedAt,
      history: remote.releases
        .filter((r) => r.version !== remote.live.version)
        .slice(0, HISTORY_LENGTH)
        .map((r) => ({ version: r.version, manifestUrl: r.manifestUrl, releasedAt: r.releasedAt })),
      ...(remote.canary
        ? {
            canary: {
              version: remote.canary.version,
              manifestUrl: remote.canary.manifestUrl,
              percent: remote.canary.percent,
              routes: remote.canary.routes,
            },
          }
        : {}),
    })),
  };
}

/**
 * The registry `/remotes.json` is made from (each visitor gets it resolved to their versions,
 * visitor-version.ts): read from PostgreSQL at most once per `cacheMs` per gateway, so a release through one
 * gateway is served by every other within that lifetime (REGISTRY_CACHE_MS). Concurrent requests share a read.
 */
export function cachedRegistry(knex: Knex, cacheMs: number): () => Promise<Registry> {
  let cached: { at: number; registry: Promise<Registry> } | null = null;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at >= cacheMs) {
      const registry = readRemotesJson(knex);
      cached = { at: now, registry };
      // A failed read is not kept: the next request tries again.
      registry.catch(() => {
        if (cached?.registry === registry) cached = null;
      });
    }
    return cached.registry;
  };
}
