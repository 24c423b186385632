import type { RegistryEntry } from '@sq/contracts/registry';
import { VISITOR_ID_KEY } from '../../shared/constants';

/**
 * Canary releases in the browser: each visitor keeps one anonymous id (random, in localStorage, no personal
 * data) and, per remote, a bucket 0-99 hashed from it. A remote's canary is loaded when the bucket is below its
 * share, so the same visitor gets the same version on every load and the split follows the share.
 */
/** The visitor's anonymous id, made on the first visit; a browser without storage gets a new one per load. */
export function visitorId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()): string {
  const stored = storage?.getItem(VISITOR_ID_KEY);
  if (stored) return stored;
  const id = crypto.randomUUID();
  try {
    storage?.setItem(VISITOR_ID_KEY, id);
  } catch {
    // Storage full or refused: this load still gets a bucket.
  }
  return id;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** 0-99 from the visitor id and the remote (FNV-1a), so one remote's canary visitors are not every remote's. */
export function canaryBucket(id: string, remote: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${id}:${remote}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** The entry this visitor loads: the canary's version, manifest and routes when its bucket falls in the share. */
export function chooseVersion(entry: RegistryEntry, id: string): RegistryEntry {
  const { canary, ...stable } = entry;
  if (!canary || canaryBucket(id, entry.name) >= canary.percent) return stable;
  return { ...stable, version: canary.version, manifestUrl: canary.manifestUrl, routes: canary.routes };
}
