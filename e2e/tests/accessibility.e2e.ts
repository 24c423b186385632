import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { siteApi } from '../src/api';
import { CONSOLE_COHORT, MAIN_ROUTES, type Role } from '../src/real-routes';
import { DEMO_ADMIN, DEMO_MEMBER, signInContext, signInToken } from '../src/session';

/**
 * Accessibility: axe-core's WCAG 2.1 A and AA rules on every main page of the shell and the four
 * remotes, as a visitor, the demo member and the demo operator, each page checked once its content is there.
 * A serious or critical violation fails the test; every one found is printed with its rule, impact and the
 * first targets, so one run lists all the work.
 */
const baseUrl = inject('baseUrl');
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * One context per role, reused for all its pages. `bypassCSP: true` for this test only: the gateway's policy
 * allows no inline script but the built index.html's own (by hash), so `addScriptTag({ content })` is
 * refused (security-headers.e2e.ts proves an injected inline script does not run). The policy changes
 * nothing axe looks at; the security-headers test browses the same pages with it enforced.
 */
async function contextFor(role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'ko-KR',
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  if (role === 'member') await signInContext(context, baseUrl, DEMO_MEMBER);
  if (role === 'operator') await signInContext(context, baseUrl, DEMO_ADMIN);
  return { context, page: await context.newPage() };
}

/** Loads the page, waits for its content (the ready mark, then no spinner), runs axe; returns the failing violations as lines. */
async function check(page: Page, route: { path: string; ready: string }): Promise<string[]> {
  await page.goto(`${baseUrl}${route.path}`);
  await page.locator(route.ready).first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector('.sq-spinner'), undefined, { timeout: 10_000 });
  // Colour transitions (0.15 s) and web fonts settle before contrast is measured.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200);
  await page.addScriptTag({ content: axeSource });
  const results = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    WCAG_21_AA,
  )) as AxeResults;
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => {
      const targets = v.nodes
        .slice(0, 4)
        .map((node) => node.target.join(' '))
        .join(' | ');
      const more = v.nodes.length > 4 ? ` (+${v.nodes.length - 4})` : '';
      // Contrast failures name their colours (fg on bg = ratio), which the hashed class names do not.
      const colours = [
        ...new Set(
          v.nodes
            .map(
              (node) => node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined,
            )
            .filter((d) => d?.fgColor)
            .map((d) => `${d!.fgColor} on ${d!.bgColor} = ${d!.contrastRatio}`),
        ),
      ].join(', ');
      return `${route.path} — ${v.id} [${v.impact}] ${v.nodes.length} element(s): ${targets}${more}${colours ? ` (${colours})` : ''}`;
    });
}

describe('accessibility (axe-core, WCAG 2.1 A/AA) of the main pages', () => {
  it.each(['visitor', 'member', 'operator'] as const)(
    'as %s: no serious or critical violation',
    async (role) => {
      const routes = MAIN_ROUTES.filter((route) => route.role === role);
      if (role === 'operator') {
        // The board's team cards (where contrast failures were found before) exist once the matcher has run: a
        // draft board, nothing published or charged.
        const run = await siteApi(baseUrl, `/admin/cohorts/${CONSOLE_COHORT}/board/run`, {
          method: 'POST',
          body: {},
          token: await signInToken(baseUrl, DEMO_ADMIN),
        });
        expect(run.status, JSON.stringify(run.body)).toBeLessThan(300);
      }
      const started = Date.now();
      const { context, page } = await contextFor(role);
      const found: string[] = [];
      for (const route of routes) found.push(...(await check(page, route)));
      await context.close();
      console.log(
        `accessibility as ${role}: ${routes.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s, ${found.length} failing violation(s)`,
      );
      expect(found, `\n${found.join('\n')}\n`).toEqual([]);
    },
    240_000,
  );

  it('shows the focus ring on everything the keyboard reaches (pages of the shell and three remotes)', async () => {
    const { context, page } = await contextFor('visitor');
    const unringed: string[] = [];
    for (const route of MAIN_ROUTES.filter(
      (r) => r.role === 'visitor' && ['/', '/signin', '/itskillcheckup', '/careercard/minji'].includes(r.path),
    )) {
      await page.goto(`${baseUrl}${route.path}`);
      await page.locator(route.ready).first().waitFor({ timeout: 20_000 });
      for (let step = 0; step < 20; step += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return null;
          const style = getComputedStyle(element);
          return {
            what: `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 20) || element.getAttribute('aria-label') || ''}"`,
            style: style.outlineStyle,
            width: Number.parseFloat(style.outlineWidth),
          };
        });
        if (focused && (focused.style === 'none' || focused.width < 2))
          unringed.push(`${route.path}: ${focused.what} (outline ${focused.style} ${focused.width}px)`);
      }
    }
    await context.close();
    expect(unringed).toEqual([]);
  }, 120_000);
});
