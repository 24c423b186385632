import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@sq/contracts/messages';
import { ROOT } from '@sq/stack/paths';
import { launchBrowser, newPage } from '../src/browser';
import { registryAs, visitorIdIn, visitorOf } from '../src/visitors';

const baseUrl = inject('baseUrl');
const cdnDir = inject('cdnDir');
const databaseUrl = inject('databaseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** mfe_itskill in the registry as a new visitor's browser reads it (served from PostgreSQL by the gateway). */
const itskill = async () => (await registryAs(baseUrl, 'mfe_itskill')).entry;

/** The shell's own script URLs: a remote release must never change them. */
async function shellScripts(page: Page): Promise<string[]> {
  return page
    .locator('script[src]')
    .evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('src') ?? '').filter((src) => !src.startsWith('/bundles/')),
    );
}

function cli(...args: string[]): void {
  const result = spawnSync(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    [path.join(ROOT, 'packages/stack/src/cli.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, CDN_DIR: cdnDir, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

describe('a remote that cannot load', () => {
  it('shows the Korean fallback inside the layout while the rest of the site works, and retries', async () => {
    const entry = await itskill();
    const published = path.join(cdnDir, 'bundles', 'mfe-itskill', entry.version);
    const hidden = `${published}.hidden`;
    fs.renameSync(published, hidden);
    const { page, context } = await newPage(browser);
    try {
      await page.goto(`${baseUrl}/itskillcheckup`);
      await page.getByText(MESSAGES.remoteLoadFailed).waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-header]').count()).toBe(1);
      expect(await page.locator('footer').count()).toBe(1);

      // The rest of the site keeps working in the same page.
      await page.evaluate(() => window.history.pushState(null, '', '/projects'));
      await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
      await page.getByRole('heading', { name: '모아보기' }).waitFor();

      fs.renameSync(hidden, published);
      await page.evaluate(() => window.history.pushState(null, '', '/itskillcheckup'));
      await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
      // Back on the page whose load failed: the fallback (or, if single-spa already retried, the remote)
      // shows; the fallback's retry must then load the restored files.
      const retry = page.getByRole('button', { name: MESSAGES.retry });
      const remote = page.locator('[data-remote="mfe_itskill"]');
      await remote.or(retry).first().waitFor({ timeout: 30_000 });
      if (await retry.isVisible()) await retry.click();
      await remote.waitFor({ timeout: 30_000 });
    } finally {
      if (fs.existsSync(hidden)) fs.renameSync(hidden, published);
      await context.close();
    }
  });
});

describe('releasing one remote alone', () => {
  it('publishes a new version the running site picks up without touching the shell, and rolls it back', async () => {
    const before = (await itskill()).version;
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/itskillcheckup`);
    const remote = page.locator('[data-remote="mfe_itskill"]');
    await remote.waitFor();
    expect(await remote.getAttribute('data-version')).toBe(before);
    const scripts = await shellScripts(page);

    cli('release', 'mfe-itskill', '--version', 'e2e-2');
    // Other files release versions of this remote too (canary-rollback.e2e.ts): the history holds more than this one.
    await vi.waitFor(async () =>
      expect(await itskill()).toMatchObject({
        version: 'e2e-2',
        history: expect.arrayContaining([expect.objectContaining({ version: before })]),
      }),
    );
    await page.reload();
    await page.locator('[data-remote="mfe_itskill"][data-version="e2e-2"]').waitFor();
    expect(await shellScripts(page)).toEqual(scripts);

    cli('rollback', 'mfe-itskill');
    await vi.waitFor(async () => expect((await itskill()).version).toBe(before));
    await page.reload();
    await page.locator(`[data-remote="mfe_itskill"][data-version="${before}"]`).waitFor();
    await context.close();
  });
});

describe('a canary release', () => {
  it('serves the canary to its share of visitors, each keeping their version across loads, until it is rolled back', async () => {
    const stable = (await itskill()).version;
    cli('release', 'mfe-itskill', '--version', 'e2e-canary', '--canary', '50');
    // Served within the registry cache lifetime: some new visitor is given the canary.
    await vi.waitFor(() => visitorOf(baseUrl, 'mfe_itskill', 'e2e-canary'), { timeout: 10_000 });

    // New visitors (each a fresh browser profile, so a fresh anonymous id) until both versions were seen.
    const seen = new Map<string, Awaited<ReturnType<typeof newPage>>>();
    const versionOn = async (page: Page) => {
      const remote = page.locator('[data-remote="mfe_itskill"]');
      await remote.waitFor();
      return (await remote.getAttribute('data-version'))!;
    };
    try {
      for (let visitor = 0; visitor < 16 && seen.size < 2; visitor += 1) {
        const opened = await newPage(browser);
        await opened.page.goto(`${baseUrl}/itskillcheckup`);
        const version = await versionOn(opened.page);
        if (seen.has(version)) await opened.context.close();
        else seen.set(version, opened);
      }
      expect([...seen.keys()].sort()).toEqual(['e2e-canary', stable].sort());
      // Sticky: each visitor gets the same version on the next loads, the one the gateway decides for their id.
      for (const [version, { page, context }] of seen) {
        for (let load = 0; load < 2; load += 1) {
          await page.reload();
          expect(await versionOn(page)).toBe(version);
        }
        expect((await registryAs(baseUrl, 'mfe_itskill', (await visitorIdIn(context, baseUrl))!)).entry.version).toBe(
          version,
        );
      }

      cli('rollback', 'mfe-itskill');
      const canaryVisitor = (await visitorIdIn(seen.get('e2e-canary')!.context, baseUrl))!;
      await vi.waitFor(async () =>
        expect((await registryAs(baseUrl, 'mfe_itskill', canaryVisitor)).entry.version).toBe(stable),
      );
      for (const { page } of seen.values()) {
        await page.reload();
        expect(await versionOn(page)).toBe(stable);
      }
    } finally {
      for (const { context } of seen.values()) await context.close();
    }
  });
});
