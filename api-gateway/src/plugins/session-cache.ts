import type { Identity } from '@sq/contracts';

export interface SessionCacheOptions {
  /** The longest an answer is kept, events or not (SESSION_CACHE_TTL_MS; 0 turns the cache off). */
  ttlMs: number;
  /** Answers kept at most; the oldest goes first (SESSION_CACHE_MAX). */
  maxEntries: number;
}

export const DEFAULT_SESSION_CACHE: SessionCacheOptions = { ttlMs: 30_000, maxEntries: 50_000 };

interface Entry<T extends Identity> {
  identity: T;
  /** Local clock: the answer's own limit (session expiry, token refresh) or the TTL, whichever comes first. */
  deadline: number;
}

/**
 * The account service's answers to "is this session live?", kept by this gateway instance so that a member's
 * requests do not each cost an HTTP call and a PostgreSQL read and write. Keyed by the exact bearer token, whose
 * signature and claims were verified before the answer was kept: a hit needs neither again (the answer never
 * outlives the token, since `until` comes before its expiry).
 *
 * Revocation still takes effect at once: the account service announces every change that can end a session
 * (SESSION_EVENTS_CHANNEL, from triggers) when it commits, and this cache forgets the sessions concerned as
 * soon as the announcement arrives (session-events.ts; milliseconds after the commit). The instance that
 * carried the revoking request itself (logout, password change, withdrawal) forgets the caller's sessions
 * before it answers (proxy.ts), so its client never sees the old session accepted. Guards:
 *  - nothing is served from or added to the cache while the event listener is not connected (`live`), and it
 *    is emptied whenever the listener connects or drops, so no announcement can be missed unnoticed;
 *  - a check that was in flight while any announcement arrived is not cached (it may predate the change);
 *  - an answer is kept no longer than the account service says it holds (`until`) nor `ttlMs`.
 * Bound: a revoked session can be accepted by another instance only until the announcement reaches it; if the
 * listener's connection dies silently, until its heartbeat notices (session-events.ts), and never beyond
 * `ttlMs` after the check.
 */
/** `T`: what is cached per token (the gateway's consumer checks keep more than an Identity, consumers/). */
export class SessionCache<T extends Identity = Identity> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;
  private live = false;
  /** Announcements heard since start (diagnostics and tests). */
  announcements = 0;

  constructor(private readonly options: SessionCacheOptions) {}

  get(token: string): T | null {
    if (!this.live) return null;
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (Date.now() < entry.deadline) return entry.identity;
    this.entries.delete(token);
    return null;
  }

  /** Taken before a check; `remember` keeps its answer only if no announcement arrived meanwhile. */
  mark(): number {
    return this.generation;
  }

  /** `untilSeconds`: the account service's own limit for this answer (epoch seconds). */
  remember(token: string, identity: T, untilSeconds: number, mark: number): void {
    if (!this.live || mark !== this.generation || this.options.ttlMs <= 0) return;
    const now = Date.now();
    const deadline = Math.min(now + this.options.ttlMs, untilSeconds * 1000);
    if (!(deadline > now)) return;
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { identity, deadline });
  }

  /** An announcement from the account service: `sid:<sid>`, `user:<userId>`; anything else empties the cache. */
  announce(payload: string): void {
    this.announcements += 1;
    this.generation += 1;
    const [kind, value] = [payload.slice(0, payload.indexOf(':')), payload.slice(payload.indexOf(':') + 1)];
    if (kind === 'sid') this.forget((identity) => identity.sid === value);
    else if (kind === 'user' && /^\d+$/.test(value)) this.forgetMember(Number(value));
    else this.entries.clear();
  }

  /** Forgets every cached session of a member (and any check in flight); used by announcements and proxy.ts. */
  forgetMember(userId: number): void {
    this.generation += 1;
    this.forget((identity) => identity.userId === userId);
  }

  /** The event listener connected (true) or dropped (false): either way, start from nothing. */
  setLive(live: boolean): void {
    this.generation += 1;
    this.entries.clear();
    this.live = live;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether answers are being cached (the event listener is connected). */
  get listening(): boolean {
    return this.live;
  }

  private forget(match: (identity: T) => boolean): void {
    for (const [key, entry] of this.entries) if (match(entry.identity)) this.entries.delete(key);
  }
}
