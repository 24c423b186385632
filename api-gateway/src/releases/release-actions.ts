import type { Knex } from 'knex';
import { MESSAGES, releaseRoutesTakenMessage, releaseSkewMessage, type RouteEntry } from '@sq/contracts';
import {
  readOtherRemotesRoutes,
  readRelease,
  toPointer,
  type Pointer,
  type PointerSnapshot,
  type ReleaseEventKind,
  type SharedDeps,
} from './registry-store';
import { findTakenRoute } from './route-overlap';
import { describeSkew, findSkew, type Skew } from './skew';

/**
 * Changing the remote registry. Every change is one transaction that moves a remote's pointer by
 * compare-and-swap on its revision and writes the audit event: of two changes made at once from any gateways
 * or CLIs, one wins and the other fails with a conflict (nothing of it is written), never a lost update.
 */

export class ReleaseError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422,
    message: string,
    readonly skew: Skew[] = [],
  ) {
    super(message);
  }
}

/** A build as published: its immutable files are at `manifestUrl`'s folder on the static host. */
export interface Build {
  remote: string;
  version: string;
  manifestUrl: string;
  routes: RouteEntry[];
  /** Shared dependencies the build was made against (its shared-deps.json `requires`). */
  shared: SharedDeps;
}

export interface ReleaseRequest {
  build: Build;
  /** 1-99: live for that share of visitors only; absent: live for everyone. */
  canaryPercent?: number;
  /**
   * Release despite a shared-dependency skew, or (an operator's, `operator:` or `cli:`, only) over routes another
   * remote serves; the audit log records it as a forced release with what was overridden.
   */
  force?: boolean;
  actor: string;
  /** What the live shell provides (its shared-deps.json `provides`); null when unknown (no skew check). */
  shellProvides: SharedDeps | null;
  /** The revision the caller last saw; a different current revision is a conflict. */
  expectedRevision?: number;
}

export interface ChangeResult {
  pointer: Pointer;
  /** False when the registry already said so (nothing written). */
  changed: boolean;
  kind: ReleaseEventKind | null;
  /** Another remote's route this release was forced over (logged by the caller), if any. */
  takenRoute?: { path: string; owner: string };
}

/** Who may force a release over another remote's routes: an operator (API) or someone with the database (CLI), never a CI token. */
const isOperator = (actor: string) => actor.startsWith('operator:') || actor.startsWith('cli:');

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
const REMOTE = /^[a-z][a-z0-9_]*$/;

const snapshot = (pointer: Pick<Pointer, 'live' | 'canary'>): PointerSnapshot => ({
  live: pointer.live,
  canary: pointer.canary ? { version: pointer.canary.version, percent: pointer.canary.percent } : null,
});

const conflict = () => new ReleaseError(409, MESSAGES.releaseConflict);

export async function releaseRemote(knex: Knex, request: ReleaseRequest): Promise<ChangeResult> {
  const { build, canaryPercent } = request;
  if (!REMOTE.test(build.remote) || !VERSION.test(build.version) || !build.manifestUrl || build.routes.length === 0) {
    throw new ReleaseError(400, MESSAGES.releaseInvalid);
  }
  if (canaryPercent !== undefined && !(Number.isInteger(canaryPercent) && canaryPercent >= 1 && canaryPercent <= 99)) {
    throw new ReleaseError(400, MESSAGES.releaseInvalid);
  }
  const skew = findSkew(build.shared, request.shellProvides ?? {});
  if (skew.length > 0 && !request.force) throw new ReleaseError(422, releaseSkewMessage(skew[0]!), skew);

  return knex.transaction(async (trx) => {
    const taken = findTakenRoute(build.routes, await readOtherRemotesRoutes(trx, build.remote));
    if (taken && !(request.force && isOperator(request.actor)))
      throw new ReleaseError(409, releaseRoutesTakenMessage(taken.path, taken.owner));
    await trx('gateway.remote_release')
      .insert({
        remote: build.remote,
        version: build.version,
        manifest_url: build.manifestUrl,
        routes: JSON.stringify(build.routes),
        shared: JSON.stringify(build.shared),
        released_by: request.actor,
      })
      .onConflict(['remote', 'version'])
      .ignore();
    const stored = await readRelease(trx, build.remote, build.version);
    if (stored?.manifestUrl !== build.manifestUrl) throw new ReleaseError(409, MESSAGES.releaseVersionMismatch);

    const current = await readPointerRow(trx, build.remote);
    if (current && request.expectedRevision !== undefined && current.revision !== request.expectedRevision)
      throw conflict();
    const forced = skew.length > 0 || taken !== null;
    const kind: ReleaseEventKind = forced ? 'forced_release' : canaryPercent !== undefined ? 'canary' : 'release';
    const overridden = [
      ...(skew.length > 0 ? [`공유 의존성 불일치를 무시하고 출시: ${describeSkew(skew)}`] : []),
      ...(taken ? [`${taken.owner} 리모트의 경로 ${taken.path}와(과) 겹치는데도 운영자가 강제로 출시`] : []),
    ];
    const reason = forced ? overridden.join(' / ') : null;
    const extra = taken ? { takenRoute: taken } : {};

    if (!current) {
      if (canaryPercent !== undefined) throw new ReleaseError(409, MESSAGES.releaseNoLiveVersion);
      const inserted = await trx('gateway.remote_pointer')
        .insert({ remote: build.remote, live_version: build.version })
        .onConflict('remote')
        .ignore()
        .returning('*');
      if (inserted.length === 0) throw conflict();
      const pointer = toPointer(inserted[0]);
      await writeEvent(trx, {
        remote: build.remote,
        kind,
        actor: request.actor,
        before: null,
        after: snapshot(pointer),
        reason,
      });
      return { pointer, changed: true, kind, ...extra };
    }

    const next: PointerSnapshot =
      canaryPercent !== undefined
        ? { live: current.live, canary: { version: build.version, percent: canaryPercent } }
        : { live: build.version, canary: null };
    if (next.canary?.version === current.live) throw new ReleaseError(409, MESSAGES.releaseCanaryIsLive);
    if (sameState(snapshot(current), next)) return { pointer: current, changed: false, kind: null };
    const pointer = await swap(trx, current, next);
    await writeEvent(trx, {
      remote: build.remote,
      kind,
      actor: request.actor,
      before: snapshot(current),
      after: next,
      reason,
    });
    return { pointer, changed: true, kind, ...extra };
  });
}

/** The canary becomes live for everyone. */
export async function promoteRemote(
  knex: Knex,
  request: { remote: string; actor: string; expectedRevision?: number },
): Promise<ChangeResult> {
  return knex.transaction(async (trx) => {
    const current = await requirePointer(trx, request.remote, request.expectedRevision);
    if (!current.canary) throw new ReleaseError(409, MESSAGES.releaseNoCanary);
    const next: PointerSnapshot = { live: current.canary.version, canary: null };
    const pointer = await swap(trx, current, next);
    await writeEvent(trx, {
      remote: request.remote,
      kind: 'promote',
      actor: request.actor,
      before: snapshot(current),
      after: next,
      reason: null,
    });
    return { pointer, changed: true, kind: 'promote' };
  });
}

export interface RollbackRequest {
  remote: string;
  actor: string;
  /** A released version to make live; absent: end the canary if one runs, else the live version before this one. */
  toVersion?: string;
  reason?: string;
  expectedRevision?: number;
}

export async function rollbackRemote(knex: Knex, request: RollbackRequest): Promise<ChangeResult> {
  return knex.transaction(async (trx) => {
    const current = await requirePointer(trx, request.remote, request.expectedRevision);
    let next: PointerSnapshot;
    if (request.toVersion !== undefined) {
      if (!(await readRelease(trx, request.remote, request.toVersion)))
        throw new ReleaseError(404, MESSAGES.releaseUnknownVersion);
      next = { live: request.toVersion, canary: null };
    } else if (current.canary) {
      next = { live: current.live, canary: null };
    } else {
      const previous = await previousLive(trx, request.remote, current.live);
      if (!previous) throw new ReleaseError(409, MESSAGES.releaseNoEarlierVersion);
      next = { live: previous, canary: null };
    }
    if (sameState(snapshot(current), next)) return { pointer: current, changed: false, kind: null };
    const pointer = await swap(trx, current, next);
    await writeEvent(trx, {
      remote: request.remote,
      kind: 'rollback',
      actor: request.actor,
      before: snapshot(current),
      after: next,
      reason: request.reason ?? null,
    });
    return { pointer, changed: true, kind: 'rollback' };
  });
}

/**
 * Ends `canaryVersion`'s canary if the pointer is still at `revision` (the watcher's decision was made on that
 * state): of several gateways deciding at once, exactly one rolls back and writes the event.
 */
export async function autoRollbackCanary(
  knex: Knex,
  request: { remote: string; canaryVersion: string; revision: number; reason: string },
): Promise<Pointer | null> {
  return knex.transaction(async (trx) => {
    const current = await readPointerRow(trx, request.remote);
    if (!current || current.revision !== request.revision || current.canary?.version !== request.canaryVersion)
      return null;
    const next: PointerSnapshot = { live: current.live, canary: null };
    const pointer = await swap(trx, current, next).catch((error: unknown) => {
      if (error instanceof ReleaseError) return null;
      throw error;
    });
    if (!pointer) return null;
    await writeEvent(trx, {
      remote: request.remote,
      kind: 'auto_rollback',
      actor: 'release-watcher',
      before: snapshot(current),
      after: next,
      reason: request.reason,
    });
    return pointer;
  });
}

async function readPointerRow(trx: Knex, remote: string): Promise<Pointer | null> {
  const row = await trx('gateway.remote_pointer').where({ remote }).first();
  return row ? toPointer(row) : null;
}

async function requirePointer(trx: Knex, remote: string, expectedRevision: number | undefined): Promise<Pointer> {
  const current = await readPointerRow(trx, remote);
  if (!current) throw new ReleaseError(404, MESSAGES.releaseUnknownRemote);
  if (expectedRevision !== undefined && current.revision !== expectedRevision) throw conflict();
  return current;
}

const sameState = (a: PointerSnapshot, b: PointerSnapshot) =>
  a.live === b.live && a.canary?.version === b.canary?.version && a.canary?.percent === b.canary?.percent;

/** The compare-and-swap: applies `next` only if nobody moved the pointer since `current` was read. */
async function swap(trx: Knex, current: Pointer, next: PointerSnapshot): Promise<Pointer> {
  const startsCanary = next.canary && next.canary.version !== current.canary?.version;
  const rows = await trx('gateway.remote_pointer')
    .where({ remote: current.remote, revision: current.revision })
    .update({
      live_version: next.live,
      canary_version: next.canary?.version ?? null,
      canary_percent: next.canary?.percent ?? null,
      canary_started_at: next.canary ? (startsCanary ? trx.fn.now() : current.canary!.startedAt) : null,
      revision: current.revision + 1,
      updated_at: trx.fn.now(),
    })
    .returning('*');
  if (rows.length === 0) throw conflict();
  return toPointer(rows[0]);
}

/** The live version before `live` was made live (the audit log's last move onto it). */
async function previousLive(trx: Knex, remote: string, live: string): Promise<string | null> {
  const row = await trx('gateway.remote_release_event')
    .where({ remote })
    .whereRaw("after->>'live' = ?", [live])
    .whereRaw("before->>'live' is distinct from ?", [live])
    .whereRaw("before->>'live' is not null")
    .orderBy('id', 'desc')
    .first(trx.raw("before->>'live' as version"));
  return (row?.version as string | undefined) ?? null;
}

async function writeEvent(
  trx: Knex,
  event: {
    remote: string;
    kind: ReleaseEventKind;
    actor: string;
    before: PointerSnapshot | null;
    after: PointerSnapshot;
    reason: string | null;
  },
): Promise<void> {
  await trx('gateway.remote_release_event').insert({
    remote: event.remote,
    kind: event.kind,
    actor: event.actor,
    before: event.before ? JSON.stringify(event.before) : null,
    after: JSON.stringify(event.after),
    reason: event.reason,
  });
}
