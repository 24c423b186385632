/**
 * A path inside the site, or null: parsed as a URL against the site's own origin, it must stay on that origin.
 * Backslashes (browsers read `/\evil.example` as `//evil.example`), control characters and spaces are refused
 * outright. One definition for every place that takes a path from outside and links or redirects to it: the
 * CMS link rule (api/content-admin.ts), the menu's links (shell MenuLink) and sign-in's return path
 * (shell safeReturnPath). No zod here: the shell imports it.
 */
const SITE = 'https://site.invalid';
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\\\u0000-\u0020\u007f]/;

export function sitePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || UNSAFE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  return url.origin === SITE ? value : null;
}
