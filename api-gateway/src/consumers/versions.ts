import type { FastifyReply } from 'fastify';

/**
 * Versions of the public API, chosen per request by the `Sidequest-Version` header (a date); a request without it
 * gets the default, the newest published one. A version that is going away carries `deprecatedAt` and
 * `sunsetAt`: its answers then say so (`Deprecation`, RFC 9745; `Sunset`, RFC 8594; a `Link` to the guide).
 * Each published version's document is kept in api-gateway/public-api/<version>.json and the contract test
 * (test/public-api-contract.test.ts) fails when a change breaks it.
 */
export interface PublicApiVersion {
  version: string;
  deprecatedAt?: string;
  sunsetAt?: string;
}

export const VERSION_HEADER = 'sidequest-version';

// 2026-11-29 adds webhooks out (the webhooks:manage operations); nothing of 2026-11-01 changed, so it stays supported.
export const PUBLIC_API_VERSIONS: PublicApiVersion[] = [{ version: '2026-11-01' }, { version: '2026-11-29' }];

export const DEFAULT_PUBLIC_API_VERSION = PUBLIC_API_VERSIONS.at(-1)!.version;

/** Where a deprecation's notice is read. */
export const DEPRECATION_GUIDE = '/developers#versions';

/** The version a request asked for (its header), the default without one, or null for one that does not exist. */
export function versionOf(
  header: string | string[] | undefined,
  versions: PublicApiVersion[] = PUBLIC_API_VERSIONS,
): PublicApiVersion | null {
  if (header === undefined || header === '') return versions.at(-1)!;
  if (typeof header !== 'string') return null;
  return versions.find((v) => v.version === header.trim()) ?? null;
}

/** The answer names its version and, when it is going away, since when and until when. */
export function markVersion(reply: FastifyReply, version: PublicApiVersion): void {
  reply.header('Sidequest-Version', version.version);
  if (version.deprecatedAt) {
    reply.header('Deprecation', `@${Math.floor(Date.parse(version.deprecatedAt) / 1000)}`);
    reply.header('Link', `<${DEPRECATION_GUIDE}>; rel="deprecation"; type="text/html"`);
  }
  if (version.sunsetAt) reply.header('Sunset', new Date(version.sunsetAt).toUTCString());
}
