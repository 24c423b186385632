import { sitePath } from '@sq/contracts/site-path';

/**
 * The `to` query value of /signin, accepted only as a same-site path so the sign-in page cannot be used to
 * send people to another site ("//evil.example" and "https://..." fall back to '/').
 */
export function safeReturnPath(to: string | null): string {
  if (!to || !sitePath(to)) return '/';
  if (to.startsWith('/signin') || to.startsWith('/signout')) return '/';
  return to;
}
