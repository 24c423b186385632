import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../src/browser';
import { consoleFilesIn, readConsoleBuild, type ConsoleBuild } from '../src/console-code';
import { FIRST_LOAD_BUDGET, measureFirstLoad } from '../src/first-load';
import { CONSOLE_FIRST_LOAD, REAL_ROUTES } from '../src/real-routes';
import { DEMO_ADMIN, signInContext } from '../src/session';

const baseUrl = inject('baseUrl');
let browser: Browser;
let consoleBuild: ConsoleBuild;
beforeAll(async () => {
  browser = await launchBrowser();
  consoleBuild = await readConsoleBuild(baseUrl);
});
afterAll(() => browser?.close());

const listing = (files: { url: string; gzip: number }[]) => files.map((f) => `${f.url} ${f.gzip}`).join('\n');

describe('first-load JavaScript', () => {
  it.each(REAL_ROUTES)('$path stays within 170 KB gzip and downloads no operator code', async (route) => {
    const { page, context } = await newPage(browser);
    if (route.member) await signInContext(context, baseUrl);
    const measured = await measureFirstLoad(page, baseUrl, route.path, (p) => p.locator(route.ready).first().waitFor());
    await context.close();
    expect(measured.files.length).toBeGreaterThan(1);
    expect(measured.gzipBytes, listing(measured.files)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    expect(consoleFilesIn(measured, consoleBuild), listing(measured.files)).toEqual([]);
  });

  it("the operators' console loads its own entry, and not the public one, within 170 KB gzip", async () => {
    expect(consoleBuild.files.has(consoleBuild.entryFile)).toBe(true);
    const { page, context } = await newPage(browser);
    await signInContext(context, baseUrl, DEMO_ADMIN);
    const measured = await measureFirstLoad(page, baseUrl, CONSOLE_FIRST_LOAD.path, (p) =>
      p.locator(CONSOLE_FIRST_LOAD.ready).first().waitFor(),
    );
    await context.close();
    const loaded = measured.files.map((f) => f.url.split('/').pop());
    expect(loaded).toContain(consoleBuild.entryFile);
    expect(loaded).not.toContain(consoleBuild.publicEntryFile);
    expect(measured.files.some((f) => f.console)).toBe(true);
    expect(measured.gzipBytes, listing(measured.files)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });
});
