import type { Browser } from 'playwright-core';
import { newPage } from '../src/browser';

export interface PaintMetrics {
  /** Largest contentful paint, ms after navigation start, as Chromium reports it. */
  lcp: number;
  /** Cumulative layout shift of the load (shifts without recent input). */
  cls: number;
}

/** Largest contentful paint and layout shift of a fresh load. */
export async function paintMetrics(
  browser: Browser,
  url: string,
  options: { bypassCSP?: boolean } = {},
): Promise<PaintMetrics> {
  const { page, context } = await newPage(browser, options);
  await page.addInitScript(() => {
    const w = window as unknown as PaintMetrics & { __paint: PaintMetrics };
    w.__paint = { lcp: 0, cls: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__paint.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__paint.cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const metrics = await page.evaluate(() => (window as unknown as { __paint: PaintMetrics }).__paint);
  await context.close();
  return metrics;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
