import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): reset tokens, OAuth state, codes, tickets. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** One-time secrets are stored as their SHA-256 only. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** me***@example.com: enough for the owner to recognise, too little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}

/** A path on this site to return to after sign-in: relative, no scheme, no protocol-relative '//'. */
export function safeReturnPath(to: unknown): string {
  if (typeof to !== 'string' || to.length > 300) return '/';
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\') || /[\r\n\t]/.test(to)) return '/';
  return to;
}
