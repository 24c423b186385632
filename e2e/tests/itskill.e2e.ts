import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '@sq/contracts/messages';
import { launchBrowser, newPage } from '../src/browser';
import { siteApi } from '../src/api';

/**
 * The IT skill check-up end to end in Chromium: a new member takes it (answers kept across a refresh), the
 * service scores it, the result URL opens in a fresh browser with its link preview, the skill point lands
 * once however often it is claimed, and the trends show the member's result.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const api = (path: string, init: { body?: unknown; token?: string } = {}) => siteApi(baseUrl, path, init);

async function newMember(): Promise<string> {
  const id = `sk${Date.now().toString(36).slice(-6)}`;
  const { status, body } = await api('/signUp', {
    body: {
      email: `${id}@example.com`,
      contactEmail: `${id}@example.com`,
      password: 'sidequest1!',
      pw_confirm: 'sidequest1!',
      username: '체크업회원',
      useralias: id,
      careerCardId: id,
      userphone: `010-7${String(Date.now() % 1000).padStart(3, '0')}-${String(Date.now() % 10000).padStart(4, '0')}`,
      jobGroup: 'JG_DEV',
      position: 'POS_FRONTEND',
      careerYears: 'CY_1_3Y',
      termsAgreed: true,
      privacyAgreed: true,
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return (body.userData as { token: string }).token;
}

describe('IT skill check-up', () => {
  it('a member takes it, shares the result, receives the point once and reads the trends', async () => {
    const token = await newMember();
    const { context, page } = await newPage(browser);
    await context.addInitScript((value) => window.localStorage.setItem('sq.token', value), token);

    // Intro -> step A (base info).
    await page.goto(`${baseUrl}/itskillcheckup`);
    await page.getByTestId('itskill-start').click();
    await page.getByTestId('itskill-step-a').waitFor();
    // The base info may come prefilled from the member's career card; the choices below set it either way
    // (the required-field messages are covered by step A's component test).
    await page.getByTestId('itskill-step-a').getByText('개발', { exact: true }).click();
    await page.locator('select[name="positionCode"]').selectOption('POS_FRONTEND');
    await page.locator('select[name="yearCode"]').selectOption('CY_1_3Y');
    await page.getByTestId('itskill-step-a-next').click();

    // Step B: one question a screen; answers are kept on the server across a refresh.
    await page.getByTestId('itskill-step-b').waitFor();
    const total = Number((await page.getByTestId('itskill-progress').textContent())!.match(/\/ (\d+)/)![1]);
    expect(total).toBe(14);
    const answer = async (index: number, option: number) => {
      await expect
        .poll(() => page.getByTestId('itskill-progress').textContent())
        .toMatch(new RegExp(`^${index + 1} / ${total}`));
      await page.getByTestId('itskill-step-b').getByRole('radio').nth(option).click();
    };
    for (let i = 0; i < 3; i += 1) await answer(i, 3);
    await expect.poll(() => page.url()).toContain('q=4');
    await page.reload();
    await page.getByTestId('itskill-step-b').waitFor();
    await expect.poll(() => page.getByTestId('itskill-progress').textContent()).toMatch(/^4 \/ 14/);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    for (let i = 3; i < total; i += 1) await answer(i, i < 7 ? 1 : 2);
    await expect.poll(() => page.getByTestId('itskill-submit').isEnabled()).toBe(true);
    await page.getByTestId('itskill-submit').click();

    // Loading -> the result at its own shareable URL.
    await page.waitForURL(/\/itskillcheckup\/result\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const resultUrl = page.url();
    await page.getByTestId('itskill-result').waitFor();
    expect(await page.getByTestId('itskill-level').textContent()).toMatch(/^Lv\.[1-5] (입문|초급|중급|숙련|전문가)$/);
    expect(await page.getByTestId('itskill-area-chart').locator('li').count()).toBe(4);
    expect(await page.getByTestId('itskill-learn-next').textContent()).toBeTruthy();

    // The point: once from the button; it says so after a reload; 20 more claims at once grant nothing.
    await page.getByTestId('itskill-point-claim').click();
    await expect.poll(() => page.getByTestId('itskill-point').textContent()).toMatch(/포인트를 받았어요\./);
    await page.reload();
    await expect.poll(() => page.getByTestId('itskill-point').textContent()).toContain(MESSAGES.pointAlreadyGranted);
    expect(await page.getByTestId('itskill-point-claim').isDisabled()).toBe(true);
    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('/point/skill', {
          token,
          body: { reasonCode: 'SKILL_CHECKUP', reasonText: 'IT 스킬 체크업 완료', entry: 'e2e' },
        }),
      ),
    );
    expect(claims.map((c) => c.status)).toEqual(Array(20).fill(409));
    const status = await api('/point/skill?reasonCode=SKILL_CHECKUP', { token });
    expect(status.body).toMatchObject({ received: 'Y' });
    await context.close();

    // A fresh browser (nobody signed in) opens the shared URL: the same result, no point button.
    const visitor = await newPage(browser);
    await visitor.page.goto(resultUrl);
    await visitor.page.getByTestId('itskill-result').waitFor();
    expect(await visitor.page.getByTestId('itskill-ranking').textContent()).toBeTruthy();
    expect(await visitor.page.getByTestId('itskill-point').count()).toBe(0);
    // Messengers read the link preview from the HTML.
    const html = await (await fetch(resultUrl)).text();
    expect(html).toMatch(/<meta property="og:title" content="IT 스킬 체크업 [^"]* 결과"/);

    // Trends: public, with the member's result counted and a table for screen readers.
    await visitor.page.goto(`${baseUrl}/itskilltrends`);
    await visitor.page.getByTestId('itskill-trends').waitFor();
    expect(await visitor.page.getByTestId('itskill-trends-participants').textContent()).toMatch(/참여자 [1-9]\d*명/);
    expect(
      await visitor.page.getByRole('table', { name: '직군·경력별 평균 점수 (100점 만점)' }).textContent(),
    ).toContain('개발');
    await visitor.page.locator('.recharts-surface').first().waitFor();
    await visitor.context.close();
  });
});
