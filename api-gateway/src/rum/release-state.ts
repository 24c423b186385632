import type { Knex } from 'knex';
import type { RemoteReleaseFigures } from '@sq/contracts/rum';
import { readRegistryState } from '../releases/registry-store';

/** What the registry says of one remote: its live version, any canary, the versions before and its release log. */
export type RemoteReleaseState = Pick<RemoteReleaseFigures, 'name' | 'live' | 'canary' | 'history' | 'events'>;

/** Every remote's release state, as browsers are served it now. */
export type ReadReleaseState = () => Promise<RemoteReleaseState[]>;

/**
 * The registry in PostgreSQL (releases/registry-store.ts), read at most once per `cacheMs`: every beacon asks
 * which remotes exist, and one query per beacon would cost more than the beacon itself.
 */
export function registryDbState(knex: Knex, cacheMs: number): ReadReleaseState {
  let cached: { at: number; state: Promise<RemoteReleaseState[]> } | null = null;
  return () => {
    if (!cached || Date.now() - cached.at >= cacheMs) {
      const state = readState(knex);
      cached = { at: Date.now(), state };
      // A failed read is not kept: the next call asks again.
      state.catch(() => {
        if (cached?.state === state) cached = null;
      });
    }
    return cached.state;
  };
}

async function readState(knex: Knex): Promise<RemoteReleaseState[]> {
  return (await readRegistryState(knex, { eventLimit: 20 })).map((remote) => {
    const current = new Set([remote.live.version, remote.canary?.version]);
    return {
      name: remote.remote,
      live: { version: remote.live.version, releasedAt: remote.live.releasedAt },
      canary: remote.canary
        ? { version: remote.canary.version, releasedAt: remote.canary.releasedAt, percent: remote.canary.percent }
        : null,
      history: remote.releases
        .filter((release) => !current.has(release.version))
        .map(({ version, releasedAt }) => ({ version, releasedAt })),
      events: remote.events.map((event) => ({
        kind: event.kind,
        actor: event.actor,
        at: event.at,
        before: event.before,
        after: event.after,
        reason: event.reason,
      })),
    };
  });
}
