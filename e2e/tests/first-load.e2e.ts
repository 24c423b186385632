import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../src/browser';
import { FIRST_LOAD_BUDGET, measureFirstLoad } from '../src/first-load';
import { REAL_ROUTES } from '../src/real-routes';
import { signInContext } from '../src/session';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('first-load JavaScript', () => {
  it.each(REAL_ROUTES)('$path stays within 170 KB gzip', async (route) => {
    const { page, context } = await newPage(browser);
    if (route.member) await signInContext(context, baseUrl);
    const measured = await measureFirstLoad(page, baseUrl, route.path, (p) => p.locator(route.ready).first().waitFor());
    await context.close();
    expect(measured.files.length).toBeGreaterThan(1);
    expect(measured.gzipBytes, measured.files.map((f) => `${f.url} ${f.gzip}`).join('\n')).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });
});
