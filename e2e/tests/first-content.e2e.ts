import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { MainPageResponse } from '@sq/contracts';
import { launchBrowser, newPage } from '../src/browser';

/**
 * The home page's server-rendered first content (@sq/contracts/first-content): its content is in the HTML
 * (readable with no script at all), the programs remote takes the page over from it without asking the API
 * again and without moving anything, and the page works on as before.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let mainPage: MainPageResponse['mainPage'];
beforeAll(async () => {
  browser = await launchBrowser();
  mainPage = ((await (await fetch(`${baseUrl}/api/open/main-page`)).json()) as MainPageResponse).mainPage;
});
afterAll(() => browser?.close());

describe('home page first content', () => {
  it('is in the HTML: the programs, projects and stories show with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, locale: 'ko-KR' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const first = page.locator('#sq-first-content[data-owner="mfe_programs"]');
    for (const program of mainPage.programs ?? []) await first.locator(`[data-testid=program-card][data-slug="${program.slug}"]`).getByRole('heading', { name: program.name }).waitFor();
    for (const project of mainPage.featuredProjects) await first.getByText(project.title, { exact: true }).first().waitFor();
    for (const story of mainPage.featuredStories) await first.getByText(story.title, { exact: true }).first().waitFor();
    // Styled before any script: the remote's CSS Modules classes have their rules (cards in a grid of two).
    expect(await first.locator('[data-testid=home-programs]').evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    await context.close();
  });

  it.each([375, 1280])('at %i px the remote takes over in place: no API request, no layout shift, one copy of the content', async (width) => {
    const { page, context } = await newPage(browser, { width });
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The apply prompt stays closed (dismissed for the cohorts open now), so it covers nothing below.
    const openIds = (mainPage.programs ?? []).flatMap((p) => p.cohorts.filter((c) => c.recruiting).map((c) => c.oddId));
    await page.addInitScript((key) => {
      localStorage.setItem('introModal', key);
      localStorage.setItem('introModalClosed', 'true');
    }, openIds.sort((a, b) => a - b).join(','));
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
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
    // The server's markup, painted alone (no script), boxes the banner as the remote does at this width
    // (measured from the top of #root: with scripts off, the <noscript> line sits above it).
    const inRoot = async (p: typeof page, selector: string) => {
      const [box, root] = await Promise.all([p.locator(selector).boundingBox(), p.locator('#root').boundingBox()]);
      return box && root && { ...box, y: box.y - root.y };
    };
    const live = await inRoot(page, '[data-remote="mfe_programs"] [data-testid=home-banners]');
    const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 }, locale: 'ko-KR' });
    const plain = await still.newPage();
    await plain.goto(`${baseUrl}/`);
    const painted = await inRoot(plain, '#sq-first-content [data-testid=home-banners]');
    await still.close();
    expect(live).not.toBeNull();
    expect(painted).toEqual(live);
    // And the page is live: the remote's links navigate inside the single page.
    const program = mainPage.programs![0]!;
    await page.locator(`[data-remote="mfe_programs"] [data-testid=program-card][data-slug="${program.slug}"]`).getByRole('link', { name: '자세히 보기' }).click();
    await page.locator('[data-remote="mfe_programs"] [data-testid=program-intro] h1').waitFor();
    await context.close();
  });

  it('a page without first content is served as before', async () => {
    const html = await (await fetch(`${baseUrl}/faq`)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-api-response');
  });
});
