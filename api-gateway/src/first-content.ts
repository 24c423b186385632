import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  FIRST_CONTENT_ID,
  FIRST_CONTENT_MODULE,
  FIRST_CONTENT_STYLESHEET,
  FIRST_RESPONSE_ATTRIBUTE,
  LAYOUT_API,
  type FirstContentModule,
} from '@sq/contracts/first-content';
import type { RegistryEntry } from '@sq/contracts';
import type { FastifyRequest } from 'fastify';
import type { ServiceName } from '@sq/service-kit';
import { ROUTE_TABLE } from './route-table';
import type { ServiceClients } from './service-calls';

/**
 * Server-rendered first content (@sq/contracts/first-content): for a public page whose remote publishes a
 * server module, the gateway writes the page's content into the shell's HTML, so the first paint needs no
 * script and no request after the HTML (its largest paint is the static page's). The remote then takes the
 * page over in the browser.
 */

export interface FirstContent {
  /** The remote that owns the page (the shell hands the page over to it), and the version that rendered it. */
  owner: string;
  version: string;
  html: string;
  /** Success bodies by API path (the one rendered from, and the layout's), for the browser's first GETs. */
  responses: Map<string, unknown>;
  /** URLs (on the site) of the module's stylesheet and of what the owner loads first. */
  stylesheet: string;
  /** The stylesheet's text when it can be inlined (see `inlinableStyle`), else null (linked). */
  stylesheetText: string | null;
  preload: string[];
}

const modules = new Map<string, FirstContentModule | null>();

/**
 * A published version never changes (releases write new folders), so each module file is loaded once. One
 * that is missing, throws while loading or exports no pages is remembered as none: that version's pages get
 * no first content (their remote renders them), never another version's.
 */
function loadModule(file: string): FirstContentModule | null {
  if (!modules.has(file)) {
    let loaded: FirstContentModule | null = null;
    try {
      if (fs.existsSync(file)) {
        const mod = createRequire(import.meta.url)(file) as Partial<FirstContentModule>;
        loaded = mod.pages && typeof mod.pages === 'object' ? (mod as FirstContentModule) : null;
      }
    } catch {
      loaded = null;
    }
    modules.set(file, loaded);
  }
  return modules.get(file) ?? null;
}

/** The service that answers a public GET of `apiPath` (`/api/...`), from the gateway's own route table. */
function publicGetService(apiPath: string): ServiceName | null {
  const rule = ROUTE_TABLE.find(
    (r) =>
      r.access === 'public' &&
      r.methods.includes('GET') &&
      (r.path === apiPath || (r.path.endsWith('/*') && apiPath.startsWith(r.path.slice(0, -1)))),
  );
  return rule?.service ?? null;
}

/** What the owner's browser build loads first (remoteEntry and the exposed module's own files), from its mf-manifest. */
function entryFiles(cdnDir: string, manifestUrl: string): string[] {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(cdnDir, manifestUrl.replace(/^\/+/, '')), 'utf8')) as {
      metaData?: { remoteEntry?: { path?: string; name?: string } };
      exposes?: { assets?: { js?: { sync?: string[] } } }[];
    };
    const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
    const entry = manifest.metaData?.remoteEntry;
    const files = [
      entry?.name ? `${entry.path ? `${entry.path}/` : ''}${entry.name}` : null,
      ...(manifest.exposes?.[0]?.assets?.js?.sync ?? []),
    ];
    return files.filter((f): f is string => !!f).map((f) => base + f);
  } catch {
    return [];
  }
}

/**
 * The success body of a public GET (`api` relative to `/api`) straight from its service, read as a visitor
 * (the page may go to everyone), or null: not answered within the page's `timeoutMs`, or not a success.
 */
async function publicGet(options: RenderOptions, api: string): Promise<unknown> {
  const service = publicGetService(`/api${api}`);
  if (!service) return null;
  const answer = await options.services[service]
    .call({ path: `/api${api}`, asVisitor: true, withinMs: options.timeoutMs, forRequest: options.forRequest })
    .catch(() => null);
  const body = answer?.status === 200 ? (answer.json as { ErrorCode?: string } | null) : null;
  return body?.ErrorCode === '00' ? body : null;
}

type RenderOptions = Parameters<typeof renderFirstContent>[0];

/** The remote whose public route `pagePath` is, at the version the visitor runs; null when none. */
export function pageOwner(remotes: RegistryEntry[], pagePath: string): RegistryEntry | null {
  return remotes.find((r) => r.routes.some((route) => route.path === pagePath && route.access === 'public')) ?? null;
}

/**
 * `renderFirstContent` remembered for `cacheMs` per page, width and version of the page's owner: the answers
 * it renders are public, so every visitor of that version in that time gets the same page, and the gateway
 * asks the services and renders once instead of on every load. Visitors of a canary and of the stable version
 * never share an entry. A page that could not be rendered (null) is asked again next time.
 */
export function cachedFirstContent(
  cacheMs: number,
  render: (options: RenderOptions) => Promise<FirstContent | null> = renderFirstContent,
) {
  const cache = new Map<string, { at: number; result: Promise<FirstContent | null> }>();
  return (options: RenderOptions): Promise<FirstContent | null> => {
    if (cacheMs <= 0) return render(options);
    const owner = pageOwner(options.remotes, options.pagePath);
    if (!owner) return Promise.resolve(null);
    const key = JSON.stringify([options.pagePath, options.mobile, owner.name, owner.version, owner.manifestUrl]);
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < cacheMs) return hit.result;
    // Paths come from requests: the cache holds recent ones only, never an unbounded set.
    for (const [k, entry] of cache) if (now - entry.at >= cacheMs) cache.delete(k);
    const result = render(options);
    cache.set(key, { at: now, result });
    void result.then((content) => {
      if (content === null && cache.get(key)?.result === result) cache.delete(key);
    });
    return result;
  };
}

/**
 * The first content of `pagePath`, or null (no public route of a remote with a server module, or its API
 * did not answer in time). Never throws: the plain shell page is always the fallback.
 */
export async function renderFirstContent(options: {
  pagePath: string;
  /** The registry as the visitor runs it (releases/visitor-version.ts): the page renders at their version. */
  remotes: RegistryEntry[];
  cdnDir: string;
  services: ServiceClients;
  /** How long the page may wait for the API answers (FIRST_CONTENT_TIMEOUT_MS); past it, the plain shell page. */
  timeoutMs: number;
  /** The page request that renders it (a cached page is the first asker's): its id and trace go with the reads. */
  forRequest?: FastifyRequest;
  mobile: boolean;
  /** Remote names whose server module may run in the gateway (GatewayConfig.firstContentRemotes). */
  trusted: string[];
}): Promise<FirstContent | null> {
  const { pagePath, cdnDir, mobile } = options;
  try {
    const owner = pageOwner(options.remotes, pagePath);
    if (!owner || !options.trusted.includes(owner.name) || !owner.manifestUrl.startsWith('/bundles/')) return null;
    const versionDir = path.join(cdnDir, path.dirname(owner.manifestUrl.replace(/^\/+/, '')));
    if (!path.resolve(versionDir).startsWith(path.resolve(cdnDir, 'bundles') + path.sep)) return null;
    const page = loadModule(path.join(versionDir, FIRST_CONTENT_MODULE))?.pages[pagePath];
    if (!page) return null;

    const [body, ...layout] = await Promise.all(
      [page.api, ...Object.values(LAYOUT_API)].map((api) => publicGet(options, api)),
    );
    if (body === null) return null;
    const responses = new Map<string, unknown>([[page.api, body]]);
    // The layout's answers are a bonus: without one, the shell asks for it as usual.
    Object.values(LAYOUT_API).forEach((api, i) => {
      if (layout[i] !== null) responses.set(api, layout[i]);
    });
    const base = owner.manifestUrl.slice(0, owner.manifestUrl.lastIndexOf('/') + 1);
    return {
      owner: owner.name,
      version: owner.version,
      html: page.render(body, { mobile }),
      responses,
      stylesheet: base + FIRST_CONTENT_STYLESHEET,
      stylesheetText: readInlinableStyle(path.join(versionDir, FIRST_CONTENT_STYLESHEET)),
      preload: entryFiles(cdnDir, owner.manifestUrl),
    };
  } catch {
    return null;
  }
}

/**
 * Stylesheets of a first-content page go inline: a linked one holds the first paint until it has been
 * fetched, which is most of what the page's largest paint spends beyond the static page's. Only files the
 * builds wrote are inlined (never anything from a request), and the CSP allows each by its hash
 * (security-headers.ts, `reply.inlinedStyles`).
 */
const styles = new Map<string, string | null>();

/**
 * A CSS text that means the same inline as linked: no relative url() (it would resolve against the page, not
 * the file) and nothing that could end the <style> element.
 */
export function inlinableStyle(css: string): boolean {
  return !/<\/style/i.test(css) && !/url\(\s*(?!\s)(?:(['"])(?!data:|https?:|\/)|(?!['"]|data:|https?:|\/))/i.test(css);
}

/** A built stylesheet's text if it can be inlined; versioned files never change, so each is read once. */
export function readInlinableStyle(file: string): string | null {
  if (!styles.has(file)) {
    let css: string | null = null;
    try {
      css = fs.readFileSync(file, 'utf8');
    } catch {
      css = null;
    }
    styles.set(file, css !== null && inlinableStyle(css) ? css : null);
  }
  return styles.get(file) ?? null;
}

/**
 * The shell page's own stylesheet links (`<link href="/x.css" rel="stylesheet">` of a file in `shellDir`)
 * replaced by their text, where it can be inlined. Returns the page and the texts it inlined.
 */
export function inlineShellStylesheets(html: string, shellDir: string): { html: string; inlined: string[] } {
  const inlined: string[] = [];
  const page = html.replace(/<link\b[^>]*>/gi, (tag) => {
    if (!/\brel=["']?stylesheet\b/i.test(tag)) return tag;
    const href = /\bhref=["']?\/([\w.-]+\.css)["'\s>]/i.exec(tag)?.[1];
    const css = href ? readInlinableStyle(path.join(shellDir, href)) : null;
    if (css === null) return tag;
    inlined.push(css);
    // A function replacer elsewhere too: nothing in the CSS is read as a replacement pattern.
    return `<style>${css}</style>`;
  });
  return { html: page, inlined };
}

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside a data block: `<` escaped, so no `</script>` (or `<!--`) in the data can end the block. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The shell's index.html with the first content: stylesheet, preloads and the API answer as a JSON data block
 * (not a script: nothing inline runs, so a strict CSP holds) in the head; in `#root` a frame of header and
 * main (`@sq/ui`'s sq-first-paint classes, the shell layout's geometry) around the markup. Inserted with
 * split/join, never String.replace, so no `$` in the content can act as a replacement pattern.
 */
export function withFirstContent(html: string, content: FirstContent, siteName: string): string {
  const head = [
    content.stylesheetText !== null
      ? `<style>${content.stylesheetText}</style>`
      : `<link rel="stylesheet" href="${escapeAttribute(content.stylesheet)}" />`,
    ...content.preload.map((url) => `<link rel="preload" as="script" href="${escapeAttribute(url)}" />`),
    // In the head, where the shell's first render (which replaces #root) cannot remove them before they are read.
    ...[...content.responses].map(
      ([api, body]) =>
        `<script type="application/json" ${FIRST_RESPONSE_ATTRIBUTE}="${escapeAttribute(api)}">${jsonForScript(body)}</script>`,
    ),
  ].join('\n    ');
  const frame =
    `<div class="sq-first-paint"><div class="sq-first-paint__header"><div class="sq-first-paint__header-inner">` +
    `<a class="sq-first-paint__logo" href="/">${escapeAttribute(siteName)}</a></div></div>` +
    `<main class="sq-first-paint__main"><div id="${FIRST_CONTENT_ID}" data-owner="${escapeAttribute(content.owner)}" data-version="${escapeAttribute(content.version)}">${content.html}</div></main></div>`;
  const [beforeHead, afterHead] = splitOnce(html, '</head>');
  const withHead = afterHead === null ? html : `${beforeHead}${head}\n  </head>${afterHead}`;
  const [beforeRoot, afterRoot] = splitOnce(withHead, '<div id="root">');
  return afterRoot === null ? withHead : `${beforeRoot}<div id="root">${frame}${afterRoot}`;
}

function splitOnce(text: string, marker: string): [string, string | null] {
  const at = text.indexOf(marker);
  return at < 0 ? [text, null] : [text.slice(0, at), text.slice(at + marker.length)];
}
