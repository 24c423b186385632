import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { CONSOLE_MARKER } from './console-code';

/** The JS budget per real route: 170 KB of gzip, counted in thousands so it holds in either reading. */
export const FIRST_LOAD_BUDGET = 170_000;

export interface FirstLoad {
  path: string;
  /** `console`: the file carries the operators' console's marker (console-code.ts). */
  files: { url: string; bytes: number; gzip: number; console: boolean }[];
  gzipBytes: number;
}

/**
 * Every JavaScript file a fresh page load fetches until the network settles, with its gzip -9 size (the
 * figure is deterministic for the same bundles, unlike timings).
 */
export async function measureFirstLoad(
  page: Page,
  baseUrl: string,
  path: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<FirstLoad> {
  const files = new Map<string, Buffer>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) || response.status() !== 200) return;
    pending.push(
      response
        .body()
        .then((body) => void files.set(response.url(), body))
        .catch(() => {}),
    );
  };
  page.on('response', onResponse);
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.off('response', onResponse);
  const list = [...files.entries()].map(([url, body]) => ({
    url: url.replace(baseUrl, ''),
    bytes: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    console: body.includes(CONSOLE_MARKER),
  }));
  return { path, files: list, gzipBytes: list.reduce((sum, file) => sum + file.gzip, 0) };
}
