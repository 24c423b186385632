import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, MESSAGES, failure, type Registry } from '@sq/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cachedFirstContent, inlineShellStylesheets, withFirstContent } from '../first-content';
import { findPreview, withPreview } from '../link-preview';
import { liveFile } from '../live-file';
import { withRumSettings, type RumConfig } from '../rum/config';
import type { ServiceClients } from '../service-calls';

/** A phone, by the low-entropy client hint browsers send unasked, else by the user agent. */
function isMobile(headers: Record<string, string | string[] | undefined>): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() === '?1';
  return /Mobi|Android|iPhone|iPad/i.test(String(headers['user-agent'] ?? ''));
}

export interface SiteOptions {
  shellDir: string | null;
  cdnDir: string | null;
  services: ServiceClients;
  /** How long a page waits for its first content and for its link preview (ServiceCallsConfig). */
  firstContentTimeoutMs: number;
  linkPreviewTimeoutMs: number;
  siteName: string;
  firstContentCacheMs?: number;
  /** The remotes whose server module may run here (GatewayConfig.firstContentRemotes). */
  firstContentRemotes: string[];
  /**
   * The registry as the request's visitor runs it, as `/remotes.json` answers them (releases-plugin.ts): the
   * first content renders the version of its remote that this visitor's shell will load, canary or not.
   */
  visitorRegistry: (request: FastifyRequest, reply: FastifyReply) => Promise<Registry>;
  /** The signed assignment a visitor's page carries (plugins/rum.ts): their reports count only for these versions. */
  rumAssignment: (visitor: string, registry: Registry) => Promise<string>;
  /** The reporter's settings every page carries (rum/config.ts). */
  rum: RumConfig;
}

/**
 * In the embedded default the gateway is also the CDN: the shell at `/`, published remotes under
 * `/bundles/<remote>/<version>/` (immutable, since a release never rewrites a version); the registry,
 * `/remotes.json`, comes from PostgreSQL (releases/releases-plugin.ts). Any other page path
 * gets the shell, whose router shows the page or the error page.
 */
export default fp<SiteOptions>(
  async (
    app,
    {
      shellDir,
      cdnDir,
      services,
      firstContentTimeoutMs,
      linkPreviewTimeoutMs,
      siteName,
      firstContentCacheMs,
      firstContentRemotes,
      visitorRegistry,
      rumAssignment,
      rum,
    },
  ) => {
    const renderFirstContent = cachedFirstContent(firstContentCacheMs ?? 0);
    if (cdnDir) {
      fs.mkdirSync(path.join(cdnDir, 'bundles'), { recursive: true });
      await app.register(fastifyStatic, {
        root: path.join(cdnDir, 'bundles'),
        prefix: '/bundles/',
        decorateReply: false,
        setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
      });
    }

    const readShellPage = shellDir ? liveFile(path.join(shellDir, 'index.html')) : async () => null;
    if (shellDir) {
      await app.register(fastifyStatic, {
        root: shellDir,
        prefix: '/',
        wildcard: false,
        index: false,
        decorateReply: true,
        setHeaders: (res, filePath) => {
          const hashed = /\.[0-9a-f]{8,}\.(js|css)$/.test(filePath);
          res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const wantsPage =
        request.method === 'GET' && !request.url.startsWith('/api/') && !/\.[a-z0-9]+($|\?)/i.test(request.url);
      const html = wantsPage ? await readShellPage() : null;
      if (html) {
        const path = request.url.split('?')[0]!;
        // Every page, first content or not, gives a new visitor their id, so the shell's /remotes.json that
        // follows is answered for the same visitor. Without a registry the page still goes out (no first content).
        const previewing = findPreview(path, { services, withinMs: linkPreviewTimeoutMs, forRequest: request });
        const registry = await visitorRegistry(request, reply).catch(() => null);
        // The versions this page runs, signed: its browser's field figures count for these and no others.
        const assignment = request.visitor ? await rumAssignment(request.visitor, registry ?? { remotes: [] }) : null;
        const [preview, first] = await Promise.all([
          previewing,
          cdnDir && registry
            ? renderFirstContent({
                pagePath: path,
                remotes: registry.remotes,
                cdnDir,
                services,
                timeoutMs: firstContentTimeoutMs,
                forRequest: request,
                mobile: isMobile(request.headers),
                trusted: firstContentRemotes,
              })
            : null,
        ]);
        const pageUrl = `${request.protocol}://${request.host}${request.url}`;
        let page = withRumSettings(preview ? withPreview(html, preview, siteName, pageUrl) : html, rum, assignment);
        if (first) {
          // The first paint waits for no stylesheet: the shell's and the content's go inline (first-content.ts).
          const shell = shellDir ? inlineShellStylesheets(page, shellDir) : { html: page, inlined: [] };
          page = withFirstContent(shell.html, first, siteName);
          reply.inlinedStyles = [...shell.inlined, ...(first.stylesheetText !== null ? [first.stylesheetText] : [])];
        }
        return (
          reply
            // Each visitor's own page (its first content is the version they run, it may set their id): a
            // shared cache must never keep it, the browser's asks again each time.
            .header('cache-control', 'private, no-cache')
            // The first content depends on the visitor (their versions) and the phone hint; caches keep them apart.
            .header('vary', 'Cookie, Sec-CH-UA-Mobile, User-Agent')
            .type('text/html; charset=utf-8')
            .send(page)
        );
      }
      return reply.status(404).send(failure(ERROR_CODES.notFound, MESSAGES.operationNotFound));
    });
  },
  { name: 'site' },
);
