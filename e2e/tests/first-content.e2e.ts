import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MainPageResponse } from '@sq/contracts';
import { siteApi } from '../src/api';
import { launchBrowser, newPage } from '../src/browser';
import { DEMO_ADMIN, signInToken } from '../src/session';
import { actAs, registryAs, visitorOf } from '../src/visitors';

/**
 * The home page's server-rendered first content (@sq/contracts/first-content): its content is in the HTML
 * (readable with no script at all), the programs remote takes the page over from it without asking the API
 * again and without moving anything, and the page works on as before.
 */
const baseUrl = inject('baseUrl');
const cdnDir = inject('cdnDir');
let browser: Browser;
let mainPage: MainPageResponse['mainPage'];
beforeAll(async () => {
  browser = await launchBrowser();
  mainPage = ((await (await fetch(`${baseUrl}/api/open/main-page`)).json()) as MainPageResponse).mainPage;
});
afterAll(() => browser?.close());

/** Sums the page's layout shifts (window.__shift) from its first paint, and keeps the apply prompt closed. */
async function watchTakeover(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The apply prompt stays closed (dismissed for the cohorts open now), so it covers nothing below.
  const openIds = (mainPage.programs ?? []).flatMap((p) => p.cohorts.filter((c) => c.recruiting).map((c) => c.oddId));
  await page.addInitScript(
    (key) => {
      localStorage.setItem('introModal', key);
      localStorage.setItem('introModalClosed', 'true');
    },
    openIds.sort((a, b) => a - b).join(','),
  );
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

/** An element's box measured from the top of #root (with scripts off, the <noscript> line sits above it). */
async function inRoot(page: Page, locator: ReturnType<Page['locator']>) {
  const [box, root] = await Promise.all([locator.boundingBox(), page.locator('#root').boundingBox()]);
  return box && root && { ...box, y: box.y - root.y };
}

/** A page with scripts off: what the HTML alone shows. */
async function withoutScripts(width: number, visitor?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 900 },
    locale: 'ko-KR',
  });
  if (visitor) await actAs(context, baseUrl, visitor);
  return { context, page: await context.newPage() };
}

describe('home page first content', () => {
  it('is in the HTML: the programs, projects and stories show with JavaScript off', async () => {
    const { context, page } = await withoutScripts(1280);
    await page.goto(`${baseUrl}/`);
    const first = page.locator('#sq-first-content[data-owner="mfe_programs"]');
    for (const program of mainPage.programs ?? [])
      await first
        .locator(`[data-testid=program-card][data-slug="${program.slug}"]`)
        .getByRole('heading', { name: program.name })
        .waitFor();
    for (const project of mainPage.featuredProjects)
      await first.getByText(project.title, { exact: true }).first().waitFor();
    for (const story of mainPage.featuredStories) await first.getByText(story.title, { exact: true }).first().waitFor();
    // Styled before any script: the remote's CSS Modules classes have their rules (cards in a grid of two).
    expect(await first.locator('[data-testid=home-programs]').evaluate((el) => getComputedStyle(el).display)).toBe(
      'grid',
    );
    await context.close();
  });

  it.each([375, 1280])(
    'at %i px the remote takes over in place: no API request, no layout shift, one copy of the content',
    async (width) => {
      const { page, context } = await newPage(browser, { width });
      await watchTakeover(page);
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
      });
      await page.goto(`${baseUrl}/`);
      await page.locator('[data-remote="mfe_programs"] [data-testid=home-programs]').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#sq-first-content').count()).toBe(0);
      expect(await page.getByTestId('home-programs').count()).toBe(1);
      expect(await page.locator('[data-remote-container="mfe_programs"]').isVisible()).toBe(true);
      // The page's answers (main page, menu, site settings) came with the HTML.
      expect(apiCalls).toEqual([]);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      // The server's markup, painted alone (no script), boxes the banner as the remote does at this width
      // (measured from the top of #root: with scripts off, the <noscript> line sits above it).
      const live = await inRoot(page, page.locator('[data-remote="mfe_programs"] [data-testid=home-banners]'));
      const still = await withoutScripts(width);
      await still.page.goto(`${baseUrl}/`);
      const painted = await inRoot(still.page, still.page.locator('#sq-first-content [data-testid=home-banners]'));
      await still.context.close();
      expect(live).not.toBeNull();
      expect(painted).toEqual(live);
      // And the page is live: the remote's links navigate inside the single page.
      const program = mainPage.programs![0]!;
      await page
        .locator(`[data-remote="mfe_programs"] [data-testid=program-card][data-slug="${program.slug}"]`)
        .getByRole('link', { name: '자세히 보기' })
        .click();
      await page.locator('[data-remote="mfe_programs"] [data-testid=program-intro] h1').waitFor();
      await context.close();
    },
  );

  it('a page without first content is served as before', async () => {
    const html = await (await fetch(`${baseUrl}/faq`)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-api-response');
  });
});

const REMOTE = 'mfe_programs';
const FOLDER = 'mfe-programs';
/** A section title of the home page, and what the canary release below shows instead. */
const STABLE_TITLE = '지난 프로젝트';
const CANARY_TITLE = '다음 프로젝트';
/** A string literal as the browser build writes it (UTF-8) and as the server build does (\uXXXX escapes). */
const literals = (text: string) => [
  JSON.stringify(text),
  `"${[...text].map((c) => (c.charCodeAt(0) > 0x7e ? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : c)).join('')}"`,
];

/**
 * A new immutable version made from the live version's published files, as a team's next build would be: the
 * home page's "지난 프로젝트" section is titled "다음 프로젝트" in both its browser build and its server module,
 * and the version it shows on its root is its own.
 */
function publishRetitledCopy(liveVersion: string, version: string): string {
  const live = path.join(cdnDir, 'bundles', FOLDER, liveVersion);
  const target = path.join(cdnDir, 'bundles', FOLDER, version);
  fs.cpSync(live, target, { recursive: true });
  const [plain, escaped] = literals(STABLE_TITLE);
  const [newPlain, newEscaped] = literals(CANARY_TITLE);
  const patched: string[] = [];
  for (const file of fs.readdirSync(target, { recursive: true, encoding: 'utf8' }).filter((f) => /\.c?js$/.test(f))) {
    const code = fs.readFileSync(path.join(target, file), 'utf8');
    const next = code
      .replaceAll(plain!, newPlain!)
      .replaceAll(escaped!, newEscaped!)
      .replaceAll(JSON.stringify(liveVersion), JSON.stringify(version));
    if (next === code) continue;
    fs.writeFileSync(path.join(target, file), next);
    if (next.includes(newPlain!) || next.includes(newEscaped!)) patched.push(file);
  }
  expect(patched, 'the title is in the server module and in the browser build').toEqual(
    expect.arrayContaining(['server/first-content.cjs', expect.stringMatching(/^[^/]+\.js$/)]),
  );
  return target;
}

describe('home page first content during a canary release', () => {
  it("shows a canary visitor the canary's first content, which the canary takes over in place on every load; a stable visitor keeps the stable one", async () => {
    expect(mainPage.featuredProjects.length, 'the home page shows the projects section').toBeGreaterThan(0);
    const token = await signInToken(baseUrl, DEMO_ADMIN);
    const stable = (await registryAs(baseUrl, REMOTE)).entry.version;
    const canary = `e2e-home-canary-${Date.now()}`;
    const bundle = publishRetitledCopy(stable, canary);
    const routes = (JSON.parse(fs.readFileSync(path.join(bundle, 'routes.json'), 'utf8')) as { routes: unknown[] })
      .routes;
    const shared = (
      JSON.parse(fs.readFileSync(path.join(bundle, 'shared-deps.json'), 'utf8')) as { requires: Record<string, string> }
    ).requires;
    const released = await siteApi(baseUrl, `/releases/${REMOTE}`, {
      token,
      body: {
        version: canary,
        manifestUrl: `/bundles/${FOLDER}/${canary}/mf-manifest.json`,
        routes,
        shared,
        canaryPercent: 50,
      },
    });
    expect(released.status).toBe(200);
    const opened: BrowserContext[] = [];
    try {
      const canaryVisitor = await vi.waitFor(() => visitorOf(baseUrl, REMOTE, canary), { timeout: 10_000 });
      const stableVisitor = await visitorOf(baseUrl, REMOTE, stable);
      const title = (page: Page, scope: string, text: string) =>
        page.locator(scope).getByRole('heading', { name: text, exact: true });

      // The HTML alone: each visitor's first content is their own version's.
      const painted = new Map<string, Awaited<ReturnType<typeof inRoot>>>();
      for (const [visitor, version, shown, hidden] of [
        [canaryVisitor, canary, CANARY_TITLE, STABLE_TITLE],
        [stableVisitor, stable, STABLE_TITLE, CANARY_TITLE],
      ] as const) {
        const still = await withoutScripts(1280, visitor);
        opened.push(still.context);
        await still.page.goto(`${baseUrl}/`);
        const scope = `#sq-first-content[data-owner="${REMOTE}"][data-version="${version}"]`;
        await title(still.page, scope, shown).waitFor();
        expect(await title(still.page, '#sq-first-content', hidden).count()).toBe(0);
        painted.set(version, await inRoot(still.page, title(still.page, scope, shown)));
      }

      // With scripts: the remote of the visitor's version takes over from it, asking nothing, moving nothing.
      for (const [visitor, version, shown] of [
        [canaryVisitor, canary, CANARY_TITLE],
        [stableVisitor, stable, STABLE_TITLE],
      ] as const) {
        const { page, context } = await newPage(browser, { width: 1280 });
        opened.push(context);
        await actAs(context, baseUrl, visitor);
        await watchTakeover(page);
        let apiGets: string[] = [];
        page.on('request', (request) => {
          if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/api/'))
            apiGets.push(request.url());
        });
        for (let load = 0; load < 2; load += 1) {
          apiGets = [];
          await (load === 0 ? page.goto(`${baseUrl}/`) : page.reload());
          const remote = `[data-remote="${REMOTE}"][data-version="${version}"]`;
          await title(page, remote, shown).waitFor();
          await page.waitForLoadState('networkidle');
          expect(await page.locator('#sq-first-content').count()).toBe(0);
          // The remote rendered from the answers that came with the HTML: the same version's content.
          expect(apiGets).toEqual([]);
          expect(await layoutShift(page)).toBeLessThan(0.01);
          expect(await inRoot(page, title(page, remote, shown))).toEqual(painted.get(version));
        }
      }
    } finally {
      for (const context of opened) await context.close().catch(() => {});
      // Other files share the site: the stable version stays live with no canary.
      await siteApi(baseUrl, `/releases/${REMOTE}/rollback`, { token, body: {} });
    }
  });
});
