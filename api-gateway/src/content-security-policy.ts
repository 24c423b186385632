import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of the site's pages. Everything the shell and the remotes load comes from the
 * page's own origin in the embedded default: bundles under /bundles/, the registry, the API, uploaded images
 * under /media/. Other origins are configuration (GatewayConfig.contentSecurity):
 *  - assetOrigins: a CDN serving the bundles (Module Federation fetches each mf-manifest.json and loads the
 *    remote's scripts and styles from it at run time);
 *  - connectOrigins: an API host apart from the site, an analytics collector (SQ_ANALYTICS_ENDPOINT);
 *  - imageOrigins: an object store serving uploaded images.
 * Scripts run only from those files: no inline script and no eval. An inline <script> or <style> the shell's
 * build puts into index.html is allowed by its SHA-256 (taken from the built file, never from what the gateway
 * adds to it); so is a built stylesheet the gateway itself inlines into a first-content page (first-content.ts). Leaving the site (social login, the PG's hosted card page) is top-level navigation, which CSP
 * does not restrict; no page may be framed (frame-ancestors 'none').
 */
export interface ContentSecuritySources {
  assetOrigins: string[];
  connectOrigins: string[];
  imageOrigins: string[];
}

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

/** The CSP source of an inline block's text: `'sha256-…'`. */
export const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The SHA-256 sources of the inline scripts and styles of a page (external scripts have nothing inline). */
export function inlineHashes(html: string): InlineHashes {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes, body]) => !/\bsrc\s*=/i.test(attributes!) && body!.length > 0)
    .map(([, , body]) => hashSource(body!));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, body]) => hashSource(body!));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

/**
 * `anyInlineStyle`: only for pages that show nothing but our own content and inject their stylesheet at run
 * time (the API documentation's Swagger UI); scripts stay as strict.
 */
export function pagePolicy(
  sources: ContentSecuritySources,
  inline: InlineHashes = { scripts: [], styles: [] },
  options: { anyInlineStyle?: boolean } = {},
): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...sources.assetOrigins, ...inline.scripts]],
    [
      'style-src',
      ["'self'", ...sources.assetOrigins, ...(options.anyInlineStyle ? ["'unsafe-inline'"] : inline.styles)],
    ],
    ['img-src', ["'self'", 'data:', 'blob:', ...sources.assetOrigins, ...sources.imageOrigins]],
    ['font-src', ["'self'", 'data:', ...sources.assetOrigins]],
    ['connect-src', ["'self'", ...sources.assetOrigins, ...sources.connectOrigins]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

/**
 * Anything that is not a page (API JSON, images, scripts): opened on its own it may do nothing, and it is
 * sandboxed (an SVG or a mislabelled file cannot run script on the site's origin). Subresources ignore it.
 */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** A configured origin (`https://cdn.example.kr`): scheme, host and port only, so it cannot add directives. */
export function readOrigins(name: string, value: string | undefined): string[] {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items) {
    let origin: string | null = null;
    try {
      const url = new URL(item);
      origin = /^https?:$/.test(url.protocol) ? url.origin : null;
    } catch {
      origin = null;
    }
    if (origin !== item) throw new Error(`${name}: "${item}" is not an origin like https://cdn.example.kr`);
  }
  return items;
}
