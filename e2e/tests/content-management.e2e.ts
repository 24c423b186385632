import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MainPageResponse, ProgramIntroResponse, StoryDetailResponse, StoryListResponse } from '@sq/contracts';
import { MESSAGES } from '@sq/contracts/messages';
import { launchBrowser, newPage } from '../src/browser';
import { DEMO_ADMIN, signInContext } from '../src/session';
import { siteApi } from '../src/api';

/**
 * Content management in Chromium against the whole site: an operator edits a story and a program intro in the console
 * (a bad field first: the Korean message, nothing lost), saves a draft that visitors do not see, opens its
 * preview link, and publishes; the public pages, and the link preview messengers read, show the new text at
 * once (the gateway's first-content cache is FIRST_CONTENT_CACHE_MS, 2 s by default).
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const storyTitle = async (storyId: number) =>
  (await siteApi<StoryDetailResponse>(baseUrl, `/stories/${storyId}`)).body.story.title;
async function ogTag(path: string, property: 'title' | 'description'): Promise<string | null> {
  const html = await (
    await fetch(`${baseUrl}${path}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } })
  ).text();
  return html.match(new RegExp(`<meta property="og:${property}" content="([^"]*)"`))?.[1] ?? null;
}
const ogTitle = (path: string) => ogTag(path, 'title');
const remote = (page: Page) => page.locator('[data-remote="mfe_programs"]');
const introSummary = async (slug: string) =>
  (await siteApi<ProgramIntroResponse>(baseUrl, `/program-intros/${slug}`)).body.intro?.summary;
const cardSummary = async (slug: string) =>
  (await siteApi<MainPageResponse>(baseUrl, '/open/main-page')).body.mainPage.programs?.find((p) => p.slug === slug)
    ?.summary;

describe('content management', () => {
  it(
    'an operator edits a story: the draft stays private, its preview shows it, publishing makes it public at once',
    { timeout: 120_000 },
    async () => {
      const { stories } = (await siteApi<StoryListResponse>(baseUrl, '/stories?size=1')).body;
      const { storyId, title: before } = stories.items[0]!;
      const title = `운영자가 고친 후기 ${Date.now().toString(36)}`;

      const { context, page } = await newPage(browser, { width: 1440 });
      await signInContext(context, baseUrl, DEMO_ADMIN);
      await page.goto(`${baseUrl}/admin/content/story/${storyId}`);
      const form = page.getByTestId('content-form');
      await form.waitFor();
      const titleField = page.getByRole('textbox', { name: '제목' });
      expect(await titleField.inputValue()).toBe(before);

      // A bad image address: the message under its field, and the title typed is still there.
      await titleField.fill(title);
      const cover = page.getByRole('textbox', { name: '표지 이미지' });
      const coverUrl = await cover.inputValue();
      await cover.fill('https://elsewhere.example/cover.png');
      await page.getByTestId('content-save').click();
      await expect.poll(() => form.textContent()).toContain(MESSAGES.contentImageInvalid);
      expect(await titleField.inputValue()).toBe(title);
      await cover.fill(coverUrl);

      await page.getByTestId('content-save').click();
      const preview = page.getByTestId('content-preview');
      await preview.waitFor();
      expect(await storyTitle(storyId)).toBe(before);

      const href = (await preview.getAttribute('href'))!;
      expect(href).toMatch(new RegExp(`^/story/detail/${storyId}\\?preview=`));
      const previewPage = await context.newPage();
      await previewPage.goto(`${baseUrl}${href}`);
      await expect.poll(() => previewPage.locator('h1, h2').allTextContents(), { timeout: 30_000 }).toContain(title);

      // A visitor (no operator session) with the same link sees the published story.
      const visitor = await newPage(browser);
      await visitor.page.goto(`${baseUrl}${href}`);
      await expect.poll(() => visitor.page.locator('h1, h2').allTextContents(), { timeout: 30_000 }).toContain(before);

      await page.getByTestId('content-publish').click();
      await expect.poll(() => page.getByTestId('content-notice').textContent()).toContain('게시했어요');
      expect(await storyTitle(storyId)).toBe(title);
      // A page the gateway rendered before the publish may be served for up to FIRST_CONTENT_CACHE_MS: load again until it shows.
      await expect
        .poll(
          async () => {
            await visitor.page.goto(`${baseUrl}/story/detail/${storyId}`);
            return visitor.page
              .locator('h1', { hasText: title })
              .waitFor({ timeout: 5_000 })
              .then(
                () => true,
                () => false,
              );
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await expect.poll(() => ogTitle(`/story/detail/${storyId}`), { timeout: 10_000 }).toBe(title);

      // Put the demo story back as it was, through the console's API (the other suites read it).
      await page.getByRole('textbox', { name: '제목' }).fill(before);
      await page.getByTestId('content-publish').click();
      await expect.poll(() => storyTitle(storyId)).toBe(before);
      await visitor.context.close();
      await context.close();
    },
  );

  it(
    'an operator edits a program intro: the draft stays private, publishing shows it on the program page, its recruit page, the home card and the link preview',
    { timeout: 180_000 },
    async () => {
      const before = (await introSummary('potenday'))!;
      const stamp = Date.now().toString(36);
      const summary = `운영자가 고친 스프린트 소개 ${stamp}`;
      const paragraph = `운영자가 더한 문단 ${stamp}`;

      const { context, page } = await newPage(browser, { width: 1440 });
      await signInContext(context, baseUrl, DEMO_ADMIN);
      await page.goto(`${baseUrl}/admin/content/program-intro`);
      await page.getByRole('link', { name: '10일 팀 스프린트' }).click();
      const form = page.getByTestId('content-form');
      await form.waitFor();
      const lead = page.getByRole('textbox', { name: '소개 문구' });
      expect(await lead.inputValue()).toBe(before);
      const body = page.getByRole('textbox', { name: '본문' });
      const bodyBefore = await body.inputValue();

      // An empty lead: the Korean message under it, and the text typed in the body is still there.
      await lead.fill('');
      await body.fill(`${bodyBefore}\n\n## 운영자가 더한 소제목\n\n${paragraph}`);
      await page.getByTestId('content-save').click();
      await expect.poll(() => form.textContent()).toContain(MESSAGES.contentIntroSummaryRequired);
      expect(await body.inputValue()).toContain(paragraph);
      await lead.fill(summary);
      await page.getByTestId('content-save').click();
      const preview = page.getByTestId('content-preview');
      await preview.waitFor();
      expect(await introSummary('potenday')).toBe(before);

      const href = (await preview.getAttribute('href'))!;
      expect(href).toMatch(/^\/potenday\?preview=/);
      const previewPage = await context.newPage();
      await previewPage.goto(`${baseUrl}${href}`);
      await expect
        .poll(() => remote(previewPage).getByTestId('program-summary').textContent(), { timeout: 30_000 })
        .toBe(summary);
      expect(await remote(previewPage).getByTestId('program-intro-text').textContent()).toContain(paragraph);
      const visitor = await newPage(browser);
      await visitor.page.goto(`${baseUrl}${href}`);
      await expect
        .poll(() => remote(visitor.page).getByTestId('program-summary').textContent(), { timeout: 30_000 })
        .toBe(before);

      await page.getByTestId('content-publish').click();
      await expect.poll(() => page.getByTestId('content-notice').textContent()).toContain('게시했어요');
      expect(await introSummary('potenday')).toBe(summary);
      await visitor.page.goto(`${baseUrl}/potenday`);
      await expect
        .poll(() => remote(visitor.page).getByTestId('program-summary').textContent(), { timeout: 30_000 })
        .toBe(summary);
      expect(await remote(visitor.page).getByTestId('program-intro-text').textContent()).toContain(paragraph);
      // The recruit page of a cohort leads with the same text; the home card and the link preview read it too.
      const { body: products } = await siteApi<{ product: { cohorts: { oddId: number }[] } }>(
        baseUrl,
        '/products/potenday',
      );
      await visitor.page.goto(`${baseUrl}/potenday/recruit/${products.product.cohorts[0]!.oddId}`);
      await expect
        .poll(() => remote(visitor.page).getByTestId('program-summary').textContent(), { timeout: 30_000 })
        .toBe(summary);
      expect(await cardSummary('potenday')).toBe(summary);
      await expect.poll(() => ogTag('/potenday', 'description'), { timeout: 10_000 }).toBe(summary);

      // Put the seeded intro back through the console (the other suites read it).
      await lead.fill(before);
      await body.fill(bodyBefore);
      await page.getByTestId('content-publish').click();
      await expect.poll(() => introSummary('potenday')).toBe(before);
      await visitor.context.close();
      await context.close();
    },
  );
});
