/**
 * Where a release's `mf-manifest.json` may be: the site's own bundles (`/bundles/<the remote's folder>/<version>/`)
 * or an https URL on a configured asset origin (a CDN, CSP_ASSET_ORIGINS). The gateway refuses any other release
 * (api-gateway releases/release-actions.ts) and the shell registers no other entry (shell load-registry.ts): one
 * definition, so the two never disagree. No zod here: the shell imports it.
 */

/** The folder a remote's builds are published under: its name with dashes (`mfe_itskill` → `mfe-itskill`). */
export const remoteFolder = (remote: string) => remote.replace(/_/g, '-');

/** Backslashes, control characters, spaces and percent-encodings are never part of a bundle path. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\\\u0000-\u0020\u007f%]/;

export function manifestUrlAllowed(
  manifestUrl: string,
  release: { remote: string; version: string },
  assetOrigins: readonly string[],
): boolean {
  if (!manifestUrl || UNSAFE.test(manifestUrl)) return false;
  const base = 'https://site.invalid';
  let url: URL;
  try {
    url = new URL(manifestUrl, base);
  } catch {
    return false;
  }
  // Dot segments must not move the path out of its folder: the URL as written must already be normalised.
  const written = manifestUrl.startsWith('/') ? manifestUrl : manifestUrl.slice(url.origin.length);
  if (`${url.pathname}${url.search}` !== written || url.hash) return false;
  const folder = `/bundles/${remoteFolder(release.remote)}/${release.version}/`;
  if (manifestUrl.startsWith('/'))
    return (
      !manifestUrl.startsWith('//') &&
      url.origin === base &&
      url.pathname.startsWith(folder) &&
      url.pathname.length > folder.length
    );
  return (
    url.protocol === 'https:' &&
    assetOrigins.includes(url.origin) &&
    !url.username &&
    !url.password &&
    manifestUrl.startsWith(`${url.origin}/`)
  );
}
