import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '@sq/contracts/messages';
import { launchBrowser, newPage } from '../src/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInContext } from '../src/session';
import { siteApi } from '../src/api';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const api = async <T>(path: string): Promise<T> => (await siteApi<T>(baseUrl, path)).body;

describe('real routes render inside the shell with data from PostgreSQL', () => {
  it('/projects lists past projects and opens one, whose members link to career cards', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/projects`);
    await page.getByRole('heading', { name: '모아보기' }).waitFor();
    expect(await page.locator('[data-header]').count()).toBe(1);
    expect(await page.locator('[data-remote="mfe_programs"]').count()).toBe(1);
    await page.getByRole('heading', { name: '한입레시피' }).click();
    await page.waitForURL(/\/projects\/detail\/\d+$/);
    await page.getByText('냉장고 사진을 찍으면').waitFor();
    await page.getByRole('link', { name: /민지/ }).first().click();
    await page.waitForURL(`${baseUrl}/careercard/minji`);
    const { profile } = await api<{ profile: { intro: string } }>('/profile/minji');
    await page.locator('[data-remote="mfe_careercard"]').getByText(profile.intro.slice(0, 20)).first().waitFor();
    expect(await page.title()).toContain('사이드퀘스트');
    await context.close();
  });

  it('/itskillcheckup shows the check-up from the itskill service', async () => {
    const { checkup } = await api<{ checkup: { title: string; questionCount: number } }>('/itskill/checkup');
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/itskillcheckup`);
    await page.locator('[data-remote="mfe_itskill"]').getByText(checkup.title).first().waitFor();
    await context.close();
  });

  it('/mypage greets the signed-in member by name', async () => {
    const { page, context } = await newPage(browser);
    await signInContext(context, baseUrl, DEMO_MEMBER);
    await page.goto(`${baseUrl}/mypage`);
    await page.locator('[data-remote="mfe_mypage"]').getByText('김민지').first().waitFor();
    await context.close();
  });
});

describe('route guard', () => {
  it('sends a visitor at /mypage to sign-in and back after signing in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/mypage`);
    await page.waitForURL(/\/signin\?to=/);
    expect(new URL(page.url()).searchParams.get('to')).toBe('/mypage');
    await page.getByLabel('이메일').fill(DEMO_MEMBER.email);
    await page.getByLabel('비밀번호').fill('wrong-password1!');
    await page.getByRole('button', { name: '로그인' }).click();
    await page.getByRole('alert').getByText(MESSAGES.badLogin).waitFor();
    expect(await page.getByLabel('이메일').inputValue()).toBe(DEMO_MEMBER.email);
    await page.getByLabel('비밀번호').fill(DEMO_MEMBER.password);
    await page.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL(`${baseUrl}/mypage`);
    await page.locator('[data-remote="mfe_mypage"]').getByText('김민지').first().waitFor();
    await context.close();
  });

  it('sends a member at an admin path home, and lets an admin in', async () => {
    const member = await newPage(browser);
    await signInContext(member.context, baseUrl, DEMO_MEMBER);
    await member.page.goto(`${baseUrl}/admin/teams`);
    await member.page.waitForURL(`${baseUrl}/`);
    await member.context.close();

    const admin = await newPage(browser);
    await signInContext(admin.context, baseUrl, DEMO_ADMIN);
    await admin.page.goto(`${baseUrl}/admin/teams`);
    await admin.page.locator('[data-remote="mfe_programs"]').waitFor();
    expect(new URL(admin.page.url()).pathname).toBe('/admin/teams');
    await admin.context.close();
  });

  it('shows the public error page for an unknown path', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByRole('alert').getByText(MESSAGES.pageNotFound).waitFor();
    expect(await page.locator('[data-header]').count()).toBe(1);
    await context.close();
  });
});

describe('one page, one React', () => {
  it('loads exactly one copy of React while the shell and a remote render', async () => {
    const { page, context } = await newPage(browser);
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (/javascript/.test(response.headers()['content-type'] ?? '')) bodies.push(response.text().catch(() => ''));
    });
    await page.goto(`${baseUrl}/projects`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: '모아보기' }).waitFor();
    // react-dom's client marks its root containers with this key; a second copy would ship it again.
    const copies = (await Promise.all(bodies)).filter((body) => body.includes('__reactContainer$')).length;
    expect(copies).toBe(1);
    await context.close();
  });
});

describe('header', () => {
  it('is the mobile header at 1199 px and the desktop header from 1200 px', async () => {
    const { page, context } = await newPage(browser, { width: 1199 });
    await page.goto(`${baseUrl}/projects`);
    await page.locator('[data-header="mobile"]').waitFor();
    expect(await page.locator('[data-header="desktop"]').count()).toBe(0);
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.locator('[data-header="desktop"]').waitFor();
    expect(await page.locator('[data-header="mobile"]').count()).toBe(0);
    await context.close();
  });
});
