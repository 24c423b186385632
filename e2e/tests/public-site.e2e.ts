import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@sq/contracts/messages';
import type {
  CohortResponse,
  CohortSummary,
  FaqResponse,
  MainPageResponse,
  ProductDetail,
  ProductDetailResponse,
  StoryDetailResponse,
  StoryListResponse,
} from '@sq/contracts';
import type { CohortApplicantsResponse } from '@sq/contracts/api/applicants';
import { launchBrowser, newPage } from '../src/browser';
import { siteData } from '../src/site-data';
import { siteApi } from '../src/api';

/**
 * The public routes in Chromium at a phone (375 px) and a desktop (1280 px) width: what PostgreSQL
 * holds (read through the API) appears, the apply buttons lead to the wizards' paths, unknown ids show the
 * error page, and the apply prompt appears once.
 */
const baseUrl = inject('baseUrl');
const data = siteData(inject('databaseUrl'));
let browser: Browser;
beforeAll(async () => {
  // What these tests need, whatever day the demo calendar is on: a cohort recruiting now for every program,
  // and more stories than one list page holds.
  for (const slug of ['bside', 'planx', 'potenday', 'portfolio-review']) await data.recruitingCohort(slug);
  await data.publishedStories(10);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await data.close();
});

const api = async <T>(path: string): Promise<T> => (await siteApi<T>(baseUrl, path)).body;
const product = async (key: string | number) => (await api<ProductDetailResponse>(`/products/${key}`)).product;

/** Korean calendar day of an ISO instant or date, as the site shows it (YYYY.MM.DD). */
function seoulDay(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? value
    : new Date(Date.parse(value) + 9 * 3_600_000).toISOString().slice(0, 10);
  return day.replace(/-/g, '.');
}
const krw = (n: number) => `${n.toLocaleString('en-US')}원`;
const remote = (page: Page) => page.locator('[data-remote="mfe_programs"]');

/** The apply button a program page must show, worked out from the API's cohorts. */
function expectedCta(p: ProductDetail, applyPath: (oddId: number) => string): { href: string } | { disabled: string } {
  const open = p.cohorts
    .filter((c) => c.status === 'RECRUITING')
    .sort((a, b) => Date.parse(a.recruitEnd) - Date.parse(b.recruitEnd))[0];
  if (open) return { href: applyPath(open.oddId) };
  const next = p.cohorts
    .filter((c) => c.status === 'UPCOMING')
    .sort((a, b) => Date.parse(a.recruitStart) - Date.parse(b.recruitStart))[0];
  return { disabled: next ? `${seoulDay(next.recruitStart)} 모집 시작` : '모집이 마감되었어요' };
}

async function checkCta(page: Page, expected: { href: string } | { disabled: string }) {
  const cta = page.getByTestId('apply-cta').filter({ visible: true });
  expect(await cta.count()).toBe(1);
  if ('href' in expected) {
    const link = cta.getByRole('link', { name: '지원하기' });
    expect(await link.getAttribute('href')).toBe(expected.href);
    await link.click();
    // A wizard step that needs sign-in sends a visitor to sign-in, to come back to that step.
    await page.waitForURL(
      (url) =>
        url.pathname === expected.href || (url.pathname === '/signin' && url.searchParams.get('to') === expected.href),
    );
  } else {
    const button = cta.getByRole('button', { name: expected.disabled });
    expect(await button.isDisabled()).toBe(true);
  }
}

async function expectNotFound(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await remote(page).getByRole('alert').getByText(MESSAGES.pageNotFound).waitFor();
}

describe.each([375, 1280])('public site at %i px', (width) => {
  const open = async () => newPage(browser, { width });

  it('/ shows banners for this width, programs with their cohorts, featured projects and stories; the apply prompt appears once', async () => {
    const { mainPage } = await api<MainPageResponse>('/open/main-page');
    const { page, context } = await open();
    await page.goto(`${baseUrl}/`);
    const dialog = page.getByRole('dialog', { name: '지금 모집 중인 프로그램이 있어요' });
    await dialog.waitFor();

    const programs = mainPage.programs!;
    for (const p of programs) {
      const card = remote(page).locator(`[data-testid=program-card][data-slug="${p.slug}"]`);
      await card.getByRole('heading', { name: p.name }).waitFor({ state: 'attached' });
      expect(await card.textContent()).toContain(krw(p.feeKrw));
      for (const c of p.cohorts.filter((x) => x.status === 'RECRUITING' || x.status === 'UPCOMING'))
        expect(await card.textContent()).toContain(c.name);
    }
    const recruiting = programs.filter((p) => p.recruiting);
    for (const p of recruiting) await dialog.getByText(p.name, { exact: true }).waitFor();

    // The banner image of this width, only where displayable.
    const desktop = width >= 1200;
    const shown = mainPage.banners.filter((b) => (desktop ? b.pcDisplayable : b.moDisplayable));
    const images = page.getByTestId('home-banners').locator('img');
    expect(await images.count()).toBe(shown.length);
    expect(await images.first().getAttribute('src')).toBe(desktop ? shown[0]!.pcImgUrl : shown[0]!.moImgUrl);
    expect(await images.first().getAttribute('width')).toBe(
      String(desktop ? shown[0]!.pcImgWidth : shown[0]!.moImgWidth),
    );

    for (const project of mainPage.featuredProjects)
      await remote(page).getByText(project.title, { exact: true }).first().waitFor({ state: 'attached' });
    for (const story of mainPage.featuredStories)
      await remote(page).getByText(story.title, { exact: true }).first().waitFor({ state: 'attached' });
    expect(await remote(page).locator('img[loading="lazy"]').count()).toBeGreaterThanOrEqual(
      mainPage.featuredProjects.length + mainPage.featuredStories.length,
    );

    // Closed: the flags remember it, and the next visit shows no prompt.
    await dialog.getByRole('button', { name: '닫기' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    const flags = await page.evaluate(() => [
      localStorage.getItem('introModal'),
      localStorage.getItem('introModalClosed'),
    ]);
    const openIds = programs
      .flatMap((p) => p.cohorts.filter((c) => c.recruiting).map((c) => c.oddId))
      .sort((a, b) => a - b);
    expect(flags).toEqual([openIds.join(','), 'true']);
    await page.reload();
    await remote(page).getByTestId('home-programs').waitFor();
    await page.waitForTimeout(1_000);
    expect(await dialog.count()).toBe(0);
    await context.close();
  });

  it('the apply prompt leads to the open cohort apply path', async () => {
    const bside = await product('bside');
    const openCohort = bside.cohorts.find((c) => c.recruiting)!;
    expect(openCohort).toBeDefined();
    const { page, context } = await open();
    await page.goto(`${baseUrl}/`);
    const dialog = page.getByRole('dialog', { name: '지금 모집 중인 프로그램이 있어요' });
    await dialog.locator('li', { hasText: bside.name }).getByRole('link', { name: '지원하기' }).click();
    await page.waitForURL(`${baseUrl}/bside/apply/${openCohort.oddId}`);
    expect(await page.evaluate(() => localStorage.getItem('introModalClosed'))).toBe('true');
    await context.close();
  });

  it.each([
    ['/bside', 'bside', (p: ProductDetail, oddId: number) => `/${p.slug}/apply/${oddId}`],
    ['/planx', 'planx', (_p: ProductDetail, oddId: number) => `/planx/apply/${oddId}`],
    ['/potenday', 'potenday', (_p: ProductDetail, oddId: number) => `/potenday/apply/${oddId}/required`],
    ['/product/4', '4', (_p: ProductDetail, oddId: number) => `/product/apply/${oddId}/required`],
  ] as const)(
    '%s shows schedule, fee, team make-up, eligibility and refund rules from the programs data, and the right apply button',
    async (path, key, applyPath) => {
      const p = await product(key);
      const { page, context } = await open();
      await page.goto(`${baseUrl}${path}`);
      const intro = remote(page).getByTestId('program-intro');
      await intro.getByRole('heading', { level: 1, name: p.name }).waitFor();
      expect(await intro.getByTestId('fee').textContent()).toBe(krw(p.feeKrw));
      const team = (await intro.getByTestId('team-makeup').textContent())!;
      expect(team).toContain(
        p.teamMakeup ? `${p.teamMakeup.minSize}~${p.teamMakeup.maxSize}명` : '팀 빌딩 없이 개인으로 참여해요',
      );
      expect(await intro.getByTestId('eligibility').textContent()).toBe(p.eligibility);
      const head: CohortSummary | undefined =
        p.cohorts.find((c) => c.status === 'RECRUITING') ??
        p.cohorts
          .filter((c) => c.status === 'UPCOMING')
          .sort((a, b) => a.recruitStart.localeCompare(b.recruitStart))[0] ??
        p.cohorts[0];
      expect(head).toBeDefined();
      const schedule = (await intro.getByTestId('schedule').textContent())!;
      expect(schedule).toContain(`${seoulDay(head!.recruitStart)} ~ ${seoulDay(head!.recruitEnd)}`);
      expect(schedule).toContain(seoulDay(head!.startDate));
      const refunds = (await intro.getByTestId('refund-rules').textContent())!;
      for (const rule of p.refundRules) expect(refunds).toContain(rule.phase);
      if (p.slug === 'bside') {
        expect(refunds).toContain('전액 환불(300,000원)');
        expect(refunds).toContain('80% 환불(240,000원)');
      }
      await checkCta(
        page,
        expectedCta(p, (oddId) => applyPath(p, oddId)),
      );
      await context.close();
    },
  );

  it('unknown programs, products, cohorts and stories show the error page', async () => {
    const { page, context } = await open();
    for (const path of [
      '/no-such-program',
      '/projects/detail/99999',
      '/product/99999',
      '/product/abc',
      '/planx/recruit/99999',
      '/potenday/recruit/112',
      '/story/detail/99999',
      '/story/detail/abc',
      '/nosuch/recruit',
    ]) {
      await expectNotFound(page, path);
    }
    await context.close();
  });

  it('/planx/recruit/{oddId} and /bside/recruit/{oddId} show the cohort and its live applicants per role', async () => {
    const { page, context } = await open();
    for (const [slug, key] of [
      ['planx', 'planx'],
      ['bside', 'bside'],
    ] as const) {
      const p = await product(key);
      const cohort = p.cohorts.find((c) => c.recruiting)!;
      expect(cohort, slug).toBeDefined();
      const { applicants } = await api<CohortApplicantsResponse>(`/cohorts/${cohort.oddId}/applicants`);
      await page.goto(`${baseUrl}/${slug}/recruit/${cohort.oddId}`);
      const recruit = remote(page).getByTestId('recruit');
      await recruit.getByRole('heading', { level: 1, name: cohort.name }).waitFor();
      const board = recruit.getByTestId('applicants');
      await board.waitFor();
      expect(await board.getByTestId('applicants-total').textContent()).toBe(`${applicants.total}명`);
      for (const role of applicants.roles) {
        expect(await board.locator(`[data-role="${role.role}"]`).getByTestId('role-count').textContent()).toBe(
          `${role.applicants}명`,
        );
        if (role.seatsPerTeam)
          expect(await board.locator(`[data-role="${role.role}"]`).textContent()).toContain(
            `팀당 ${role.seatsPerTeam}명`,
          );
      }
      await checkCta(page, {
        href: slug === 'planx' ? `/planx/apply/${cohort.oddId}` : `/bside/apply/${cohort.oddId}`,
      });
    }
    await context.close();
  });

  it('/potenday/recruit/{oddId} shows an old cohort as closed, with where to go next', async () => {
    const p = await product('potenday');
    const old = p.cohorts.find((c) => c.status === 'ENDED')!;
    const { cohort } = await api<CohortResponse>(`/cohorts/${old.oddId}`);
    const { page, context } = await open();
    await page.goto(`${baseUrl}/potenday/recruit/${old.oddId}`);
    const recruit = remote(page).getByTestId('recruit');
    await recruit.getByRole('heading', { level: 1, name: old.name }).waitFor();
    await recruit.getByText('모집이 끝난 기수의 지난 모집 안내예요.').waitFor();
    expect(await recruit.getByTestId('applicants').count()).toBe(0);
    expect(await recruit.getByTestId('schedule').textContent()).toContain(
      `${seoulDay(cohort.startDate)} ~ ${seoulDay(cohort.endDate)}`,
    );
    await checkCta(page, { disabled: '모집이 마감되었어요' });
    await context.close();
  });

  it('/planx/recruit, /potenday/recruit and /{product}/recruit/* without info show the public fallback', async () => {
    const { page, context } = await open();
    for (const path of [
      '/planx/recruit',
      '/potenday/recruit',
      '/bside/recruit',
      '/bside/recruit/notes/old',
      '/bside/recruit/99999',
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await remote(page).getByTestId('recruit-no-info').getByText('모집 정보가 없어요').waitFor();
    }
    // The fallback points to the cohort recruiting now.
    const bside = await product('bside');
    const openCohort = bside.cohorts.find((c) => c.recruiting)!;
    expect(openCohort).toBeDefined();
    await remote(page)
      .getByRole('link', { name: `${openCohort.name} 모집 보기` })
      .click();
    await page.waitForURL(`${baseUrl}/bside/recruit/${openCohort.oddId}`);
    await remote(page).getByTestId('recruit').waitFor();
    await context.close();
  });

  it('/story lists stories by page and program, and a story leads to its program', async () => {
    const first = (await api<StoryListResponse>('/stories?page=1&size=9')).stories;
    const { page, context } = await open();
    await page.goto(`${baseUrl}/story`);
    const list = remote(page).getByTestId('story-list');
    for (const s of first.items) await list.getByRole('heading', { name: s.title }).waitFor({ state: 'attached' });
    await remote(page).getByText(`총 ${first.total}개의 후기`).waitFor();
    expect(first.total).toBeGreaterThan(first.size);
    const second = (await api<StoryListResponse>('/stories?page=2&size=9')).stories;
    await remote(page).getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL(/page=2/);
    for (const s of second.items) await list.getByRole('heading', { name: s.title }).waitFor({ state: 'attached' });
    const sprint = await product('potenday');
    const filtered = (await api<StoryListResponse>(`/stories?productId=${sprint.productId}&page=1&size=9`)).stories;
    await remote(page).getByRole('tab', { name: sprint.name }).click();
    await page.waitForURL(new RegExp(`productId=${sprint.productId}`));
    await remote(page).getByText(`총 ${filtered.total}개의 후기`).waitFor();
    expect(await list.getByRole('heading').allTextContents()).toEqual(filtered.items.map((s) => s.title));

    const { story } = await api<StoryDetailResponse>(`/stories/${filtered.items[0]!.storyId}`);
    await list.getByRole('heading', { name: story.title }).click();
    await page.waitForURL(`${baseUrl}/story/detail/${story.storyId}`);
    const detail = remote(page).getByTestId('story-detail');
    await detail.getByRole('heading', { level: 1, name: story.title }).waitFor();
    await detail.getByText(story.body[0]!.paragraphs[0]!).waitFor({ state: 'attached' });
    await detail.getByTestId('story-cta').getByRole('link', { name: story.cta.label }).click();
    await page.waitForURL(`${baseUrl}${story.cta.url}`);
    await remote(page)
      .getByTestId('program-intro')
      .getByRole('heading', { level: 1, name: story.productName })
      .waitFor();
    await context.close();
  });

  it('/faq has a tab per program with the answers from the API, refund answers included', async () => {
    const { categories } = await api<FaqResponse>('/faq');
    // The programs' refund answers are part of the FAQ: at least one is opened and read below.
    expect(categories.some((c) => c.productId !== null && c.entries.some((e) => e.kind === 'REFUND'))).toBe(true);
    const { page, context } = await open();
    await page.goto(`${baseUrl}/faq`);
    const tabs = remote(page).getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual(categories.map((c) => c.name));
    for (const category of categories.filter((c) => c.productId !== null)) {
      await remote(page).getByRole('tab', { name: category.name }).click();
      const panel = remote(page).locator(`[data-testid=faq-panel][data-category="${category.slug}"]`);
      await panel.waitFor();
      expect(await panel.locator('summary').allTextContents()).toEqual(category.entries.map((e) => `Q${e.question}`));
      const refund = category.entries.find((e) => e.kind === 'REFUND');
      if (refund) {
        await panel.locator('summary', { hasText: refund.question }).click();
        for (const line of refund.answer) await panel.getByText(line, { exact: true }).first().waitFor();
      }
    }
    await context.close();
  });
});
