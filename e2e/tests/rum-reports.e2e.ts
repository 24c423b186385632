import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@sq/contracts/messages';
import type { RumBeacon } from '@sq/contracts/rum';
import { launchBrowser, newPage } from '../src/browser';

/**
 * Field figures count only from the site's own pages, for the versions the gateway gave their visitor: the
 * reports an outsider can make (anonymous, from another site's page, naming a version the visitor was not
 * given) are refused by the started site and store nothing.
 */
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

/** A route pattern no real page reports: the rows of this file's reports and no others. */
const ROUTE = '/e2e-forged/:n';
const REMOTE = 'mfe_programs';
const EVIL = 'http://evil.example';

const storedRows = async () =>
  Number(
    (await pool.query<{ n: string }>('select count(*) as n from gateway.rum_event where route = $1', [ROUTE])).rows[0]!
      .n,
  );

/** A visitor's page of the site: its signed assignment and the version of mfe_programs it runs. */
async function sitePage(): Promise<{ page: Page; close: () => Promise<void>; assignment: string; version: string }> {
  const { context, page } = await newPage(browser);
  await page.goto(`${baseUrl}/`);
  const assignment = await page.locator('meta[name="sq-rum"]').getAttribute('data-assignment');
  // The registry as this visitor runs it (the same visitor cookie): the version the page was given.
  const version = await page.evaluate(async (remote) => {
    const registry = (await (await fetch('/remotes.json')).json()) as { remotes: { name: string; version: string }[] };
    return registry.remotes.find((entry) => entry.name === remote)!.version;
  }, REMOTE);
  expect(assignment).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  return { page, close: () => context.close(), assignment: assignment!, version };
}

const report = (assignment: string | undefined, shellVersion: string, remoteVersion: string): Partial<RumBeacon> => ({
  ...(assignment ? { assignment } : {}),
  shellVersion,
  events: Array.from({ length: 50 }, () => ({
    kind: 'error' as const,
    navigation: 'load' as const,
    route: ROUTE,
    remote: REMOTE,
    remoteVersion,
    message: 'forged',
    stack: '',
  })),
});

/** Posts as sendBeacon does (text/plain, no preflight) from the page's own origin; the gateway's answer. */
async function postFrom(page: Page, url: string, body: unknown): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ([target, text]) => {
      const response = await fetch(target!, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: text });
      return { status: response.status, text: await response.text() };
    },
    [url, JSON.stringify(body)],
  );
}

describe('reports to /api/rum', () => {
  it("are refused anonymous, from another site's page, or naming a version the visitor was not given, storing nothing; the site's own page is heard", async () => {
    const site = await sitePage();
    try {
      const shellVersion = await site.page.evaluate(async () => {
        // The shell's version is the one the gateway signed in (its shell-version.json).
        const response = await fetch('/shell-version.json');
        return ((await response.json()) as { version: string }).version;
      });
      const before = await storedRows();

      // Anonymous: no assignment, as any client on the internet can post.
      const anonymous = await fetch(`${baseUrl}/api/rum`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(report(undefined, shellVersion, site.version)),
      });
      expect(anonymous.status).toBe(403);
      expect(((await anonymous.json()) as { message: string }).message).toBe(MESSAGES.rumAssignmentInvalid);

      // Another site's page makes its visitor's browser post a real visitor's assignment: what the browser sends
      // then (a simple text/plain POST with the other site's Origin and Sec-Fetch-Site: cross-site).
      const crossSite = await fetch(`${baseUrl}/api/rum`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          origin: EVIL,
          'sec-fetch-site': 'cross-site',
          'sec-fetch-mode': 'no-cors',
        },
        body: JSON.stringify(report(site.assignment, shellVersion, site.version)),
      });
      expect(crossSite.status).toBe(403);
      expect(await crossSite.json()).toEqual({ ErrorCode: '43', message: MESSAGES.rumCrossSite });

      // The site's own page, naming a version of mfe_programs its visitor was not given.
      const notGiven = await postFrom(
        site.page,
        `${baseUrl}/api/rum`,
        report(site.assignment, shellVersion, `${site.version}-not-given`),
      );
      expect(notGiven.status).toBe(403);
      expect(JSON.parse(notGiven.text)).toEqual({ ErrorCode: '43', message: MESSAGES.rumVersionNotAssigned });
      expect(await storedRows()).toBe(before);

      // The same report from the site's own page, for the version it runs: stored.
      const own = await postFrom(site.page, `${baseUrl}/api/rum`, report(site.assignment, shellVersion, site.version));
      expect(own.status).toBe(204);
      expect(await storedRows()).toBe(before + 50);
    } finally {
      await pool.query('delete from gateway.rum_event where route = $1', [ROUTE]);
      await site.close();
    }
  });
});
