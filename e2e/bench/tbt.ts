import type { Browser } from 'playwright-core';
import { LONG_TASK_MS, mainThreadCpu, type MainThreadCpu, type TraceEvent } from '@sq/stack/bench/trace';
import { newPage } from '../src/browser';

/**
 * What the load's Chromium trace records: the timeline (the scheduler's tasks and what runs in them, with thread
 * times), script execution and compile, and the paint and navigation marks.
 */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
];

export interface BlockingTime {
  /** Total Blocking Time: the long tasks' time beyond 50 ms, from the first contentful paint until the page settles. */
  tbt: number; // the long tasks' time beyond LONG_TASK_MS (the Web Vitals definition)
  /** The longest task, and how many long tasks there were (where to look when TBT is over). */
  longest: number;
  longTasks: number;
  /** The main thread's CPU time in the same load, from its Chromium trace. */
  cpu: MainThreadCpu;
}

/**
 * Total Blocking Time and the main thread's CPU time (from a Chromium trace of the same load) of a fresh load on a slow phone: the CPU throttled `cpuSlowdown`× through the DevTools
 * protocol (Emulation.setCPUThrottlingRate), a phone-sized viewport. Long tasks are observed from navigation on;
 * those that start after the first contentful paint count, until the network has been idle and the page has had
 * `settleMs` more to finish its work (lab TBT runs to time-to-interactive; this ends when no more work comes).
 */
export async function blockingTime(
  browser: Browser,
  url: string,
  options: { cpuSlowdown: number; settleMs?: number },
): Promise<BlockingTime> {
  const { page, context } = await newPage(browser, { width: 390, height: 844 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  await page.addInitScript(() => {
    const w = window as unknown as { __tasks: { start: number; duration: number }[]; __fcp: number };
    w.__tasks = [];
    w.__fcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntriesByName('first-contentful-paint')) w.__fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.waitForTimeout(options.settleMs ?? 2_000);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const { tasks, fcp } = await page.evaluate(() => {
    const w = window as unknown as { __tasks: { start: number; duration: number }[]; __fcp: number };
    return { tasks: w.__tasks, fcp: w.__fcp };
  });
  await context.close();
  const counted = tasks.filter((task) => task.start >= fcp);
  return {
    tbt: counted.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0),
    longest: Math.max(0, ...tasks.map((task) => task.duration)),
    longTasks: counted.length,
    cpu: mainThreadCpu(trace.traceEvents),
  };
}
