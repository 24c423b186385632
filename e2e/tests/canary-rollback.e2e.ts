import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from '@sq/contracts/messages';
import type { ReleasesResponse } from '@sq/contracts/rum';
import { siteApi } from '../src/api';
import { launchBrowser, newPage } from '../src/browser';
import { REAL_ROUTES } from '../src/real-routes';
import { DEMO_ADMIN, signInContext, signInToken } from '../src/session';
import { registryAs, visitorIdIn, visitorOf } from '../src/visitors';

const baseUrl = inject('baseUrl');
const cdnDir = inject('cdnDir');
const mailboxUrl = inject('mailboxUrl');
const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await pool.end();
});

const REMOTE = 'mfe_itskill';
const FOLDER = 'mfe-itskill';
const PAGE = '/itskillcheckup';
const READY = REAL_ROUTES.find((route) => route.path === PAGE)!.ready;
/** What the broken release throws when single-spa mounts it (no quotes: the shell's report would blank them). */
const FAULT = 'e2e broken release fails to mount';
/** Where `npm start` (and so the e2e stack) mails the owners of every remote (RELEASE_OWNERS). */
const OWNERS = 'releases@sidequest.local';
/** New visitors at most before the watcher (6 views, 1 s, e2e/src/test-site.ts) must have decided. */
const MAX_VISITORS = 40;

/** The remote's pointer as the registry in PostgreSQL holds it: its live version and running canary, if any. */
async function pointer(): Promise<{ live: string; canary: string | null }> {
  const { rows } = await pool.query<{ live_version: string; canary_version: string | null }>(
    'select live_version, canary_version from gateway.remote_pointer where remote = $1',
    [REMOTE],
  );
  return { live: rows[0]!.live_version, canary: rows[0]!.canary_version };
}

/**
 * A new immutable version made from the live version's published files, whose exposed app module's `mount`
 * throws: what a team's bad release looks like to the shell, without any fault path in the product's sources.
 */
function publishBrokenCopy(liveVersion: string, version: string): string {
  const live = path.join(cdnDir, 'bundles', FOLDER, liveVersion);
  const target = path.join(cdnDir, 'bundles', FOLDER, version);
  fs.cpSync(live, target, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(target, 'mf-manifest.json'), 'utf8')) as {
    exposes: { path: string; assets: { js: { sync: string[] } } }[];
  };
  const exposed = manifest.exposes.find((expose) => expose.path === './app')!.assets.js.sync;
  // The module's export getters (webpack's `__webpack_require__.d(exports, {bootstrap:()=>…, mount:()=>…})`).
  const getter = /([,{])mount:\(\)=>[A-Za-z_$][\w$]*/g;
  const patched = exposed.filter((file) => {
    const code = fs.readFileSync(path.join(target, file), 'utf8');
    if ((code.match(getter) ?? []).length !== 1) return false;
    fs.writeFileSync(
      path.join(target, file),
      code.replace(getter, `$1mount:()=>()=>{throw new Error(${JSON.stringify(FAULT)})}`),
    );
    return true;
  });
  expect(patched, 'the exposed app module exports mount once').toHaveLength(1);
  return target;
}

/** One visitor: a fresh browser profile (a fresh anonymous id), its uncaught errors, and what it was shown. */
interface Visitor {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  saw: 'stable' | 'fallback';
}

const remoteRoot = (page: Page) => page.locator(`[data-remote="${REMOTE}"]`);
const fallback = (page: Page) => page.getByRole('alert').filter({ hasText: MESSAGES.remoteLoadFailed });

async function visit(): Promise<Visitor> {
  const { context, page } = await newPage(browser);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${baseUrl}${PAGE}`);
  await remoteRoot(page).or(fallback(page)).first().waitFor({ timeout: 30_000 });
  const saw = (await fallback(page).count()) > 0 ? 'fallback' : 'stable';
  return { context, page, pageErrors, saw };
}

/** Leaving the page sends its queued field figures (the shell's beacon on pagehide). */
async function leave(visitor: Visitor): Promise<void> {
  await visitor.page.goto('about:blank');
}

describe('a canary that throws on mount', () => {
  it('is rolled back by itself, logged with its reason, mailed to the owners, and every visitor is back on the working stable version', async () => {
    const token = await signInToken(baseUrl, DEMO_ADMIN);
    const before = await pointer();
    expect(before.canary).toBeNull();
    const stable = before.live;
    const broken = `e2e-throws-on-mount-${Date.now()}`;
    const bundle = publishBrokenCopy(stable, broken);
    const routes = (JSON.parse(fs.readFileSync(path.join(bundle, 'routes.json'), 'utf8')) as { routes: unknown[] })
      .routes;
    const shared = (
      JSON.parse(fs.readFileSync(path.join(bundle, 'shared-deps.json'), 'utf8')) as { requires: Record<string, string> }
    ).requires;
    const since = (await pool.query<{ now: Date }>('select now()')).rows[0]!.now;

    const kept: Visitor[] = [];
    const visitors: Visitor[] = [];
    try {
      // Released as a team's CI does: the operator API, to half the visitors.
      const released = await siteApi<{ event: string; canary: { version: string; percent: number } | null }>(
        baseUrl,
        `/releases/${REMOTE}`,
        {
          token,
          body: {
            version: broken,
            manifestUrl: `/bundles/${FOLDER}/${broken}/mf-manifest.json`,
            routes,
            shared,
            canaryPercent: 50,
          },
        },
      );
      expect(released).toMatchObject({
        status: 200,
        body: { event: 'canary', canary: { version: broken, percent: 50 } },
      });
      // Served within the registry cache lifetime: some new visitor is given the canary.
      const canaryVisitor = await vi.waitFor(() => visitorOf(baseUrl, REMOTE, broken), { timeout: 10_000 });

      // New visitors until the watcher has seen enough of the canary's views and errors to end it.
      for (let n = 0; n < MAX_VISITORS && (await pointer()).canary; n += 1) {
        const visitor = await visit();
        visitors.push(visitor);
        if (visitor.saw === 'stable') expect(await remoteRoot(visitor.page).getAttribute('data-version')).toBe(stable);
        const keep = kept.filter((k) => k.saw === visitor.saw).length < 2;
        // The first canary visitor stays on the fallback it was shown, to retry once the canary is gone.
        const waitsOnFallback = visitor.saw === 'fallback' && !kept.some((k) => k.saw === 'fallback');
        if (!waitsOnFallback) await leave(visitor);
        if (keep) kept.push(visitor);
        else await visitor.context.close();
      }
      expect(
        visitors.some((v) => v.saw === 'fallback'),
        'some visitors got the canary',
      ).toBe(true);
      expect(
        visitors.some((v) => v.saw === 'stable'),
        'some visitors got the stable version',
      ).toBe(true);
      await vi.waitFor(async () => expect((await pointer()).canary).toBeNull(), { timeout: 15_000, interval: 500 });
      expect((await pointer()).live).toBe(stable);
      // And served so: a visitor the canary was given is given the stable version again.
      await vi.waitFor(async () =>
        expect((await registryAs(baseUrl, REMOTE, canaryVisitor)).entry.version).toBe(stable),
      );

      // The release log: the automatic rollback, by the watcher, with the figures that decided it.
      // /admin/releases reads the registry through its own cache (REGISTRY_CACHE_MS, 1 s): within that second it
      // may still show the canary.
      const itskill = await vi.waitFor(
        async () => {
          const figures = (await siteApi<ReleasesResponse>(baseUrl, '/admin/releases?window=1h', { token })).body;
          const remote = figures.remotes.find((r) => r.name === REMOTE)!;
          expect(remote.canary).toBeNull();
          return remote;
        },
        { timeout: 10_000, interval: 250 },
      );
      expect(itskill.live?.version).toBe(stable);
      expect(itskill.events[0]).toMatchObject({
        kind: 'auto_rollback',
        actor: 'release-watcher',
        before: { live: stable, canary: { version: broken, percent: 50 } },
        after: { live: stable, canary: null },
      });
      expect(itskill.events[0]!.reason).toMatch(
        /^카나리 오류율 \d+\.\d% \(페이지뷰 \d+, 오류 \d+\)이 안정 버전 0\.0% .*자동으로 되돌렸어요\.$/,
      );
      const { rows: logged } = await pool.query<{ kind: string; reason: string }>(
        "select kind, reason from gateway.remote_release_event where remote = $1 and at >= $2 and kind = 'auto_rollback'",
        [REMOTE, since],
      );
      expect(logged).toEqual([{ kind: 'auto_rollback', reason: itskill.events[0]!.reason }]);

      // The errors were the canary's own, thrown in its mount; the stable version's visitors reported none.
      const { rows: errors } = await pool.query<{ remote_version: string; message: string }>(
        "select remote_version, message from gateway.rum_event where remote = $1 and kind = 'error' and received_at >= $2",
        [REMOTE, since],
      );
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((error) => error.remote_version === broken && error.message.includes(FAULT))).toBe(true);
      const brokenFigures = itskill.versions.find((v) => v.version === broken)!;
      expect(brokenFigures.errorRate).toBeGreaterThan(0.5);
      for (const visitor of visitors.filter((v) => v.saw === 'stable')) expect(visitor.pageErrors).toEqual([]);

      // The owners' mail.
      await vi.waitFor(
        async () => {
          const { messages } = (await (await fetch(`${mailboxUrl}/api/messages`)).json()) as {
            messages: { to: string[]; subject: string; text: string }[];
          };
          const mail = messages.find((m) => m.to.includes(OWNERS) && m.subject.includes(broken));
          expect(mail?.subject).toContain('자동으로 되돌려졌어요');
          expect(mail?.text).toContain(`안정 버전 ${stable}`);
          expect(mail?.text).toContain(itskill.events[0]!.reason!);
        },
        { timeout: 15_000, interval: 500 },
      );

      // What the operators see at /admin/releases: the remote's versions with their figures, and the automatic
      // rollback first in its release log with the reason (printed, for the release notes).
      const operator = await newPage(browser);
      try {
        await signInContext(operator.context, baseUrl, DEMO_ADMIN);
        await operator.page.goto(`${baseUrl}/admin/releases?window=1h`);
        const section = operator.page.locator(`[data-testid=release-remote][data-remote=${REMOTE}]`);
        const rolledBack = section.locator('[data-testid=release-log] tbody tr').first();
        await rolledBack.waitFor({ timeout: 30_000 });
        expect(await rolledBack.getAttribute('data-kind')).toBe('auto_rollback');
        expect(await rolledBack.textContent()).toContain(`${stable} + 카나리 ${broken} (50%) → ${stable}`);
        expect(await section.locator(`[data-testid=release-version][data-version="${broken}"]`).count()).toBe(1);
        console.log(`[admin/releases after the canary test]\n${await section.innerText()}`);
      } finally {
        await operator.context.close();
      }

      // Nothing lost: the canary visitor still on the fallback retries and gets the working page; every kept
      // visitor, canary or not, loads the stable version as the same anonymous visitor.
      const waiting = kept.find((k) => k.saw === 'fallback')!;
      const id = await visitorIdIn(waiting.context, baseUrl);
      expect(id).not.toBeNull();
      await waiting.page.getByRole('button', { name: MESSAGES.retry }).click();
      await waiting.page
        .locator(`[data-remote="${REMOTE}"][data-version="${stable}"] ${READY}`)
        .waitFor({ timeout: 30_000 });
      expect(await visitorIdIn(waiting.context, baseUrl)).toBe(id);
      for (const visitor of kept.filter((k) => k !== waiting)) {
        await visitor.page.goto(`${baseUrl}${PAGE}`);
        await visitor.page
          .locator(`[data-remote="${REMOTE}"][data-version="${stable}"] ${READY}`)
          .waitFor({ timeout: 30_000 });
        expect(await fallback(visitor.page).count()).toBe(0);
      }
      expect(kept.filter((k) => k.saw === 'fallback').length).toBeGreaterThan(0);
    } finally {
      for (const visitor of kept) await visitor.context.close().catch(() => {});
      // Other files share the site: the stable version stays live with no canary, whatever happened here.
      if ((await pointer()).canary) await siteApi(baseUrl, `/releases/${REMOTE}/rollback`, { token, body: {} });
    }
  });
});
