import type { Browser } from 'playwright-core';
import { newPage } from '../src/browser';

/** Largest contentful paint of a fresh load (ms after navigation start), as Chromium reports it. */
export async function largestContentfulPaint(browser: Browser, url: string): Promise<number> {
  const { page, context } = await newPage(browser);
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  await context.close();
  return lcp;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
