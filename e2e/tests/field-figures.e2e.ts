import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ReleasesResponse } from '@sq/contracts/rum';
import { siteApi } from '../src/api';
import { launchBrowser, newPage } from '../src/browser';
import { REAL_ROUTES } from '../src/real-routes';
import { DEMO_ADMIN, signInContext, signInToken } from '../src/session';

const baseUrl = inject('baseUrl');
const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await pool.end();
});

const ready = (path: string) => REAL_ROUTES.find((route) => route.path === path)!.ready;

describe('field figures from a real browser', () => {
  it("a visit to a program page and an in-app move to /faq reach the operators' figures, by route pattern and remote version", async () => {
    const token = await signInToken(baseUrl, DEMO_ADMIN);
    const figures = async () => (await siteApi<ReleasesResponse>(baseUrl, '/admin/releases?window=1h', { token })).body;
    const before = await figures();
    const programs = before.remotes.find((remote) => remote.name === 'mfe_programs')!;
    const live = programs.live!.version;
    const viewsBefore = programs.versions.find((v) => v.version === live)?.views ?? 0;
    const since = new Date();

    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/product/4`);
    await page.locator(ready('/product/4')).first().waitFor();
    // In-app, as a link would: single-spa routes it, the shell counts a second view.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/faq');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.locator(ready('/faq')).first().waitFor();
    // web-vitals loads RUM_VITALS_DELAY_MS (3 s) after load, at idle; leaving the page then sends everything (pagehide).
    await page.waitForTimeout(5_000);
    await page.goto('about:blank');
    await context.close();

    await vi.waitFor(
      async () => {
        const { rows } = await pool.query<{
          kind: string;
          navigation: string;
          route: string;
          remote_version: string;
          metric: string | null;
        }>(
          `select kind, navigation, route, remote_version, metric from gateway.rum_event
          where remote = 'mfe_programs' and received_at >= $1 and route in ('/product/:productId', '/faq')`,
          [since],
        );
        expect(rows).toEqual(
          expect.arrayContaining([
            { kind: 'view', navigation: 'load', route: '/product/:productId', remote_version: live, metric: null },
            { kind: 'view', navigation: 'spa', route: '/faq', remote_version: live, metric: null },
            expect.objectContaining({
              kind: 'vital',
              navigation: 'load',
              route: '/product/:productId',
              metric: 'TTFB',
            }),
          ]),
        );
      },
      { timeout: 15_000, interval: 500 },
    );
    // Never the real path, and the shell names its own version.
    const { rows: paths } = await pool.query<{ route: string; shell_version: string }>(
      'select distinct route, shell_version from gateway.rum_event where received_at >= $1',
      [since],
    );
    expect(paths.some((row) => /\/\d/.test(row.route))).toBe(false);
    expect(paths.every((row) => /^1\.\d+\.\d+-[0-9a-f]{8}$/.test(row.shell_version))).toBe(true);

    const after = await figures();
    const version = after.remotes
      .find((remote) => remote.name === 'mfe_programs')!
      .versions.find((v) => v.version === live)!;
    expect(version.views).toBeGreaterThanOrEqual(viewsBefore + 2);
  });

  it('operators read them at /admin/releases', async () => {
    const { page, context } = await newPage(browser);
    await signInContext(context, baseUrl, DEMO_ADMIN);
    await page.goto(`${baseUrl}/admin/releases`);
    const remote = page.locator('[data-testid=release-remote][data-remote=mfe_programs]');
    await remote.waitFor({ timeout: 30_000 });
    expect(await remote.locator('[data-testid=release-version]').count()).toBeGreaterThan(0);
    expect(await remote.textContent()).toContain('운영 중');
    await context.close();
  });
});
