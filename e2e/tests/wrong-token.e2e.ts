import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@sq/contracts/messages';
import { alerts, launchBrowser, newPage } from '../src/browser';
import { DEMO_MEMBER, signInToken } from '../src/session';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const stored = (page: Page) =>
  page.evaluate(() => [window.localStorage.getItem('sq.token'), window.localStorage.getItem('sq.user')] as const);

/** A real member token whose payload was edited to claim the admin role, re-labelled HS256: a forgery. */
async function forgedToken(): Promise<string> {
  const [, payload, signature] = (await signInToken(baseUrl, DEMO_MEMBER)).split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, role: 'ROLE_ADMIN' })}.${signature}`;
}

describe('a malformed or forged stored token on a route change (spec: 잘못된 접근입니다. 메인페이지로 이동합니다.)', () => {
  it('alerts, forgets the stored user and goes to / when the user moves to another page', async () => {
    const token = await forgedToken();
    const { page, context } = await newPage(browser);
    const seen = alerts(page);
    await page.goto(`${baseUrl}/projects`);
    await page.getByRole('heading', { name: '모아보기' }).waitFor();
    await page.evaluate((value) => {
      window.localStorage.setItem('sq.token', value);
      window.localStorage.setItem('sq.user', JSON.stringify({ userId: 1, userAlias: '민지' }));
    }, token);

    await page.getByRole('heading', { name: '한입레시피' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => seen).toContain(MESSAGES.wrongTokenOnRouting);
    expect(await stored(page)).toEqual([null, null]);
    // Signed out: the header offers sign-in, and the home page is shown.
    await page.locator('[data-header]').getByRole('link', { name: '로그인' }).waitFor();
    await page.locator('[data-remote="mfe_programs"] [data-testid=home-programs]').waitFor();
    await context.close();
  });

  it('does the same on a page load with a garbage token, instead of the sign-in page', async () => {
    const { page, context } = await newPage(browser);
    const seen = alerts(page);
    await context.addInitScript(() => {
      if (!window.sessionStorage.getItem('e2e.seeded')) {
        window.sessionStorage.setItem('e2e.seeded', '1');
        window.localStorage.setItem('sq.token', 'not.a-real.token');
        window.localStorage.setItem('sq.user', JSON.stringify({ userAlias: '민지' }));
      }
    });
    await page.goto(`${baseUrl}/mypage`);
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => seen).toEqual([MESSAGES.wrongTokenOnRouting]);
    expect(await stored(page)).toEqual([null, null]);
    await page.locator('[data-header]').getByRole('link', { name: '로그인' }).waitFor();
    await context.close();
  });
});
