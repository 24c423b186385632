import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sha256 } from '../lib/secrets';

/**
 * Binds a social login to the browser that started it (against login CSRF: without it, anyone could send a
 * victim their own callback URL or one-time code and sign the victim in as themself). The start sets a random
 * value in an HttpOnly cookie; its SHA-256 is kept with the state and the one-time code, and the callback and
 * the exchange go on only when the browser presents the same value.
 *  - SameSite=Lax: the provider's redirect to the callback is a top-level GET from another site and must
 *    carry the cookie; the exchange is the site's own request (same site: also when the API is another host
 *    of the same site, with credentials).
 *  - Path=/api/oauth: sent only to the three steps of the flow.
 *  - One value per browser, reused while it lives: two tabs signing in at once do not undo each other.
 */
export const BINDING_COOKIE = 'sq_oauth_binding';
const VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The browser's binding value from its Cookie header, or null. */
export function readBinding(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== BINDING_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    if (VALUE.test(value)) return value;
  }
  return null;
}

/** Sets (or refreshes) the binding cookie for `seconds` and answers the value's hash to store with the state. */
export function bindBrowser(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { seconds: number; secure: boolean },
): string {
  const value = readBinding(request) ?? randomToken();
  const attributes = [
    `${BINDING_COOKIE}=${value}`,
    'Path=/api/oauth',
    `Max-Age=${options.seconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) attributes.push('Secure');
  reply.header('set-cookie', attributes.join('; '));
  return sha256(value);
}

/** The hash of the binding this browser presents ('' when none: it then matches no stored hash). */
export function presentedBinding(request: FastifyRequest): string {
  const value = readBinding(request);
  return value ? sha256(value) : '';
}
