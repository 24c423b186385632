import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_COOKIE, type Registry, type RegistryEntry } from '@sq/contracts';

/**
 * Which version of each remote a visitor runs, decided in one place for both things that depend on it: what
 * `/remotes.json` tells the visitor's shell to load (releases-plugin.ts) and the version whose server module
 * renders the page's first content (plugins/site.ts). The server's markup is therefore always the one the
 * remote takes over, canary or not.
 *
 * A visitor is an anonymous id (random, no personal data) in a cookie the gateway sets on the first page or
 * registry it serves; per remote a bucket 0-99 is hashed from it, and the remote's canary is the visitor's
 * version when the bucket is below the canary's share. The same visitor keeps the same version on every load,
 * and raising the share keeps the earlier canary visitors on it.
 */

/** How long a browser keeps the id, in seconds: 400 days, the longest lifetime browsers accept. */
export const VISITOR_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** Only ids this gateway mints are read; anything else in the cookie gets a fresh one. */
const MINTED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The request's visitor id; a visitor without one is given one (the cookie goes out with the reply). */
export function visitorId(request: FastifyRequest, reply: FastifyReply): string {
  const sent = cookieValue(request.headers.cookie, VISITOR_COOKIE);
  if (sent && MINTED_ID.test(sent)) return sent;
  const id = randomUUID();
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=${VISITOR_COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly${secure}`,
  );
  return id;
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

/** The entry this visitor runs: the canary's version, manifest and routes when its bucket falls in the share. */
export function versionFor(entry: RegistryEntry, id: string): RegistryEntry {
  const { canary, ...stable } = entry;
  if (!canary || canaryBucket(id, entry.name) >= canary.percent) return stable;
  return { ...stable, version: canary.version, manifestUrl: canary.manifestUrl, routes: canary.routes };
}

/** The registry as this visitor runs it: every remote at the visitor's version, no canary left to choose. */
export function registryFor(registry: Registry, id: string): Registry {
  return { remotes: registry.remotes.map((entry) => versionFor(entry, id)) };
}
