import fp from 'fastify-plugin';
import { RESOURCE_POLICY, inlineHashes, pagePolicy, type ContentSecuritySources, type InlineHashes } from '../content-security-policy';

export interface SecurityHeadersOptions {
  sources: ContentSecuritySources;
  /** The built shell page (null without one): its inline scripts and styles are allowed by hash. */
  readShellPage: () => Promise<string | null>;
}

/** Every response: no MIME sniffing, and no full URL (path, query) in the Referer sent to other sites. */
const EVERY_RESPONSE = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * Pages besides their CSP: never framed (X-Frame-Options for browsers without frame-ancestors), their own
 * browsing context group (a page they open cannot reach back through window.opener), and no camera,
 * microphone or location for any script. HSTS belongs to the TLS terminator in front of the gateway.
 */
const PAGES = {
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** Swagger UI (GET /api/docs, our own API description only) adds its styles as an inline <style> when it runs. */
const DOCS_PAGES = /^\/api\/docs(\/|$|\?)/;

/**
 * Security headers for everything the gateway answers: the shell's pages, the docs page, the API, bundles,
 * the registry and media. A route that set its own Content-Security-Policy keeps it.
 */
export default fp<SecurityHeadersOptions>(
  async (app, { sources, readShellPage }) => {
    // The policy changes only when a build replaces the shell page: recomputed then, reused otherwise.
    let cached: { page: string | null; policy: string } | null = null;
    const policyFor = async () => {
      const page = await readShellPage();
      if (cached?.page !== page) {
        const inline: InlineHashes = page ? inlineHashes(page) : { scripts: [], styles: [] };
        cached = { page, policy: pagePolicy(sources, inline) };
      }
      return cached.policy;
    };

    const docsPolicy = pagePolicy(sources, undefined, { anyInlineStyle: true });

    app.addHook('onSend', async (request, reply, payload) => {
      for (const [name, value] of Object.entries(EVERY_RESPONSE)) if (!reply.hasHeader(name)) reply.header(name, value);
      if (reply.hasHeader('content-security-policy')) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      if (/^text\/html\b/i.test(type)) {
        reply.header('content-security-policy', DOCS_PAGES.test(request.url) ? docsPolicy : await policyFor());
        for (const [name, value] of Object.entries(PAGES)) if (!reply.hasHeader(name)) reply.header(name, value);
      } else {
        reply.header('content-security-policy', RESOURCE_POLICY);
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
