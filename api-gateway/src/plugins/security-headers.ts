import fp from 'fastify-plugin';
import {
  RESOURCE_POLICY,
  hashSource,
  inlineHashes,
  pagePolicy,
  type ContentSecuritySources,
  type InlineHashes,
} from '../content-security-policy';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Stylesheets the gateway itself put inline into this page (built files only, see first-content.ts): the
     * page's CSP allows each by its hash, next to the shell page's own inline blocks.
     */
    inlinedStyles: string[] | null;
  }
}

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
    // The shell page's inline hashes change only when a build replaces the page: recomputed then, reused otherwise.
    let cached: { page: string | null; inline: InlineHashes; policy: string } | null = null;
    const shellInline = async () => {
      const page = await readShellPage();
      if (cached?.page !== page) {
        const inline: InlineHashes = page ? inlineHashes(page) : { scripts: [], styles: [] };
        cached = { page, inline, policy: pagePolicy(sources, inline) };
      }
      return cached;
    };

    // Built stylesheets are few and never change: each one's hash is taken once.
    const styleHashes = new Map<string, string>();
    const styleHash = (css: string) => {
      let value = styleHashes.get(css);
      if (value === undefined) styleHashes.set(css, (value = hashSource(css)));
      return value;
    };
    const policyFor = async (inlinedStyles: string[] | null) => {
      const shell = await shellInline();
      if (!inlinedStyles?.length) return shell.policy;
      return pagePolicy(sources, {
        scripts: shell.inline.scripts,
        styles: [...shell.inline.styles, ...inlinedStyles.map(styleHash)],
      });
    };

    const docsPolicy = pagePolicy(sources, undefined, { anyInlineStyle: true });

    app.decorateReply('inlinedStyles', null);

    app.addHook('onSend', async (request, reply, payload) => {
      for (const [name, value] of Object.entries(EVERY_RESPONSE)) if (!reply.hasHeader(name)) reply.header(name, value);
      if (reply.hasHeader('content-security-policy')) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      if (/^text\/html\b/i.test(type)) {
        reply.header(
          'content-security-policy',
          DOCS_PAGES.test(request.url) ? docsPolicy : await policyFor(reply.inlinedStyles),
        );
        for (const [name, value] of Object.entries(PAGES)) if (!reply.hasHeader(name)) reply.header(name, value);
      } else {
        reply.header('content-security-policy', RESOURCE_POLICY);
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
