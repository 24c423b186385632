import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ProductDetailResponse } from '@sq/contracts';
import type { JoinHistoryResponse } from '@sq/contracts/api/applications';
import { siteApi } from './api';
import { newPage } from './browser';

/**
 * A new member applying through the real wizard and the sandbox PG's hosted card page, as apply.e2e.ts and the
 * tests built on an application (withdrawal, payment records) drive it.
 */

let serial = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${(serial++).toString(36)}`;

export interface Member {
  email: string;
  password: string;
  phone: string;
  token: string;
  userId: number;
}

/** A fresh member made through the sign-up API (developer, 1 to 3 years). */
export async function newMember(baseUrl: string, name = '지원회원'): Promise<Member> {
  const id = unique('ap');
  const phone = `010-${String(2000 + (serial % 7000)).padStart(4, '0')}-${String(Date.now() % 10000).padStart(4, '0')}`;
  const member = { email: `${id}@example.com`, password: 'sidequest1!', phone };
  const { status, body } = await siteApi<{ userData: { token: string; userId: number } }>(baseUrl, '/signUp', {
    body: {
      email: member.email,
      contactEmail: member.email,
      password: member.password,
      pw_confirm: member.password,
      username: name,
      useralias: id,
      careerCardId: id,
      userphone: phone,
      jobGroup: 'JG_DEV',
      position: 'POS_BACKEND',
      careerYears: 'CY_1_3Y',
      termsAgreed: true,
      privacyAgreed: true,
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return { ...member, token: body.userData.token, userId: body.userData.userId };
}

/** A page whose every load starts signed in as the member (the api-client's storage key). */
export async function signedInPage(
  browser: Browser,
  member: Member,
  width = 1280,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, { width });
  await context.addInitScript((value) => window.localStorage.setItem('sq.token', value), member.token);
  return { context, page };
}

/** The cohort of a program recruiting now (the e2e site runs the demo calendar live). */
export async function openCohort(baseUrl: string, slug: string): Promise<number> {
  const { body } = await siteApi<ProductDetailResponse>(baseUrl, `/products/${slug}`);
  const cohort = body.product.cohorts.find((c) => c.status === 'RECRUITING');
  expect(cohort, `${slug} has a cohort recruiting`).toBeTruthy();
  return cohort!.oddId;
}

export const wizard = (page: Page) => page.getByTestId('apply-wizard');
/** A select by its field name (a label wrapping a select is named with the chosen option too). */
const select = (page: Page, name: string) => wizard(page).locator(`select[name="${name}"]`);
export async function atStep(page: Page, step: string) {
  await page.locator(`[data-testid="apply-wizard"][data-step="${step}"]`).waitFor();
}

export type Program = 'bside' | 'potenday' | 'planx';

/** required → aside → {product}: fills each step and checks the account's contact details were prefilled. */
export async function answerSteps(page: Page, program: Program, member: Member) {
  await atStep(page, 'required');
  const email = page.getByLabel('연락받을 이메일');
  await expect.poll(() => email.inputValue()).toBe(member.email);
  expect(await page.getByLabel('휴대폰 번호').inputValue()).toBe(member.phone);
  if (program === 'planx') {
    await select(page, 'jobGroup').selectOption('JG_PLAN');
    await select(page, 'position').selectOption('POS_PM');
  } else {
    await select(page, 'jobGroup').selectOption('JG_DEV');
    await select(page, 'position').selectOption('POS_BACKEND');
    await select(page, 'role').selectOption('DEVELOPER');
  }
  await select(page, 'careerYears').selectOption('CY_1_3Y');
  await page.getByLabel('IT 실무 경력(개월)').fill('18');
  await page.getByRole('button', { name: '다음' }).click();

  await atStep(page, 'aside');
  await page.getByLabel('만들고 싶은 서비스').fill('동네 이웃과 물건을 나누는 서비스');
  await page.getByLabel('참여 가능한 시간').fill('평일 저녁 9시 이후, 주말 오후');
  await page.getByRole('button', { name: '다음' }).click();

  await atStep(page, 'product');
  if (program === 'bside') {
    await page.getByLabel('이번 팀 프로젝트에 지원하는 이유').fill('출시까지 해 보고 싶어요');
    await page.getByLabel('주로 쓰는 기술 스택').fill('React, Spring');
    await page.getByLabel('출시하거나 운영해 본 경험').fill('사내 서비스 운영 2년');
  } else if (program === 'potenday') {
    await page.getByLabel('10일 동안 만들고 싶은 아이디어').fill('회의록 요약 봇');
    await page.getByLabel('사용할 기술 스택').fill('Next.js, OpenAI');
  } else {
    await page.getByLabel('이번 과정에서 이루고 싶은 목표').fill('기획 포트폴리오 완성');
    await page.getByLabel('지금까지의 기획 경험').fill('사이드 프로젝트 기획 1회');
  }
  await page.getByRole('button', { name: '다음' }).click();
  await atStep(page, 'book');
}

/** book: consents, then the sandbox PG's hosted card page with the given card. */
export async function payWith(page: Page, card: string) {
  await page.getByLabel('전체 동의').check();
  await page.getByRole('button', { name: /결제(하기| 예약하기)$/ }).click();
  await page.waitForURL((url) => url.pathname === '/billing-keys/issue');
  await page.getByLabel('카드 번호').fill(card);
  await page.getByLabel('유효기간').fill('12/30');
  await page.getByLabel('생년월일 6자리').fill('900101');
  await page.getByLabel('비밀번호 앞 2자리').fill('12');
  await page.getByRole('button', { name: '카드 등록하기' }).click();
}

/** The member's applications as my page reads them, newest first. */
export async function history(baseUrl: string, member: Member) {
  return (await siteApi<JoinHistoryResponse>(baseUrl, '/join/history', { token: member.token })).body.applications;
}
