import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Registry } from '@sq/contracts';

/**
 * The page's signed assignment: which visitor the gateway served, which version of each remote (and of the
 * shell) it gave them, and until when reports may name them. The gateway signs it into every page it serves
 * (site.ts, `<meta name="sq-rum" data-assignment>`); the shell sends it with each report; `POST /api/rum`
 * stores a report only when the signature holds, the time is not past, and every event names a version the
 * assignment gave. Nobody but the gateway can make one, so field figures come only from pages it served.
 *
 * Format: `base64url(JSON payload).base64url(HMAC-SHA256)`. The key is derived from the internal secret every
 * gateway already shares (INTERNAL_SECRET), under a label of its own, so several gateways accept each other's.
 */
export interface Assignment {
  /** The anonymous visitor id from the visitor cookie (visitor-version.ts). */
  visitor: string;
  /** Remote name → the version this visitor was served. */
  versions: Record<string, string>;
  /** The shell's version (its shell-version.json), or null when the gateway does not know it. */
  shell: string | null;
  /** Expiry, milliseconds since the epoch. */
  expiresAt: number;
}

interface Payload {
  v: string;
  r: Record<string, string>;
  s: string | null;
  e: number;
}

/** The signing key: the internal secret under this purpose's own label (never the secret itself). */
export const assignmentKey = (internalSecret: string): Buffer =>
  createHmac('sha256', internalSecret).update('sq-rum-assignment-v1').digest();

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signAssignment(key: Buffer, assignment: Assignment): string {
  const payload: Payload = {
    v: assignment.visitor,
    r: assignment.versions,
    s: assignment.shell,
    e: assignment.expiresAt,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/** The assignment of a token the gateway signed and that has not expired at `now`; null otherwise. */
export function readAssignment(key: Buffer, token: string, now = Date.now()): Assignment | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  } catch {
    return null;
  }
  if (typeof payload.e !== 'number' || payload.e <= now) return null;
  return { visitor: payload.v, versions: payload.r, shell: payload.s, expiresAt: payload.e };
}

/** What a visitor's page says they run: every remote at the version resolved for them (registryFor). */
export function assignmentFor(
  visitor: string,
  registry: Registry,
  shell: string | null,
  ttlMs: number,
  now = Date.now(),
): Assignment {
  return {
    visitor,
    versions: Object.fromEntries(registry.remotes.map((entry) => [entry.name, entry.version])),
    shell,
    expiresAt: now + ttlMs,
  };
}
