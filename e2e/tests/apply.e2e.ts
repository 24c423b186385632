import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ProductDetailResponse } from '@sq/contracts';
import type { JoinHistoryResponse } from '@sq/contracts/api/applications';
import { launchBrowser, newPage } from '../src/browser';

/**
 * Issue 8's member screens in Chromium against the whole site and the sandbox PG: new members apply to the
 * three programs through every wizard step and the hosted card page, see the reservation (team programs)
 * or the payment (course) in my page, cancel and see the refund; a declined card lands on the fail page
 * with the answers kept; a visitor at a member step signs in and comes back; the mobile callback at 375 px.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

let serial = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${(serial++).toString(36)}`;

async function api<T>(path: string, init: { body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
}

interface Member {
  email: string;
  password: string;
  phone: string;
  token: string;
}

/** A fresh member made through the sign-up API (developer, 1 to 3 years). */
async function newMember(): Promise<Member> {
  const id = unique('ap');
  const phone = `010-${String(2000 + (serial % 7000)).padStart(4, '0')}-${String(Date.now() % 10000).padStart(4, '0')}`;
  const member = { email: `${id}@example.com`, password: 'sidequest1!', phone };
  const { status, body } = await api<{ userData: { token: string } }>('/signUp', {
    body: {
      email: member.email, contactEmail: member.email, password: member.password, pw_confirm: member.password,
      username: '지원회원', useralias: id, careerCardId: id, userphone: phone,
      jobGroup: 'JG_DEV', position: 'POS_BACKEND', careerYears: 'CY_1_3Y', termsAgreed: true, privacyAgreed: true,
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return { ...member, token: body.userData.token };
}

async function signedInPage(member: Member, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, { width });
  await context.addInitScript((value) => window.localStorage.setItem('sq.token', value), member.token);
  return { context, page };
}

/** The cohort of a program recruiting now (the e2e site runs the demo calendar live). */
async function openCohort(slug: string): Promise<number> {
  const { body } = await api<ProductDetailResponse>(`/products/${slug}`);
  const cohort = body.product.cohorts.find((c) => c.status === 'RECRUITING');
  expect(cohort, `${slug} has a cohort recruiting`).toBeTruthy();
  return cohort!.oddId;
}

const wizard = (page: Page) => page.getByTestId('apply-wizard');
/** A select by its field name (a label wrapping a select is named with the chosen option too). */
const select = (page: Page, name: string) => wizard(page).locator(`select[name="${name}"]`);
async function atStep(page: Page, step: string) {
  await page.locator(`[data-testid="apply-wizard"][data-step="${step}"]`).waitFor();
}

type Program = 'bside' | 'potenday' | 'planx';

/** required → aside → {product}: fills each step and checks the account's contact details were prefilled. */
async function answerSteps(page: Page, program: Program, member: Member) {
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
async function payWith(page: Page, card: string) {
  await page.getByLabel('전체 동의').check();
  await page.getByRole('button', { name: /결제(하기| 예약하기)$/ }).click();
  await page.waitForURL((url) => url.pathname === '/billing-keys/issue');
  await page.getByLabel('카드 번호').fill(card);
  await page.getByLabel('유효기간').fill('12/30');
  await page.getByLabel('생년월일 6자리').fill('900101');
  await page.getByLabel('비밀번호 앞 2자리').fill('12');
  await page.getByRole('button', { name: '카드 등록하기' }).click();
}

async function history(member: Member) {
  return (await api<JoinHistoryResponse>('/join/history', { token: member.token })).body.applications;
}

describe('apply and pay', () => {
  it('14-week project (desktop): intro → dupcheck → every step → card → reserved; my page shows it; cancelling releases it', async () => {
    const member = await newMember();
    const oddId = await openCohort('bside');
    const { context, page } = await signedInPage(member);
    await page.goto(`${baseUrl}/bside/apply/${oddId}`);
    await page.getByTestId('apply-start').click();
    await page.waitForURL(`${baseUrl}/bside/apply/${oddId}/required`);
    await answerSteps(page, 'bside', member);
    expect(await page.getByTestId('order-fee').textContent()).toBe('300,000원');
    expect(await page.getByTestId('charge-when').textContent()).toMatch(/\d{4}\.\d{2}\.\d{2}/);
    expect(await page.getByTestId('refund-schedule').textContent()).toContain('전액 환불(300,000원)');
    await payWith(page, '4242 4242 4242 4242');

    await page.waitForURL((url) => url.pathname.startsWith('/bside/book/success/'));
    await page.getByTestId('book-success').waitFor();
    expect(await page.getByTestId('application-state').textContent()).toBe('결제 예약');
    const [application] = await history(member);
    expect(application?.state).toBe('RESERVED');

    // A second try at the same cohort shows that application instead of a second wizard.
    await page.goto(`${baseUrl}/bside/apply/${oddId}/dupcheck`);
    await page.getByTestId('dupcheck-applied').waitFor();
    expect(await page.getByRole('link', { name: '지원 내역 보기' }).getAttribute('href')).toBe(`/mypage/history/${application!.joinId}`);

    await page.goto(`${baseUrl}/mypage/history`);
    const item = page.locator(`[data-testid="application-item"][data-join-id="${application!.joinId}"]`);
    expect(await item.getByTestId('state-badge').textContent()).toBe('결제 예약');
    await item.click();
    await page.getByTestId('payment-timeline').getByTestId('reserved-at').waitFor();
    await page.getByTestId('cancel-open').click();
    await page.getByTestId('cancel-confirm').click();
    expect(await page.getByTestId('cancel-done').textContent()).toBe('지원이 취소되었어요.');
    expect((await history(member))[0]?.state).toBe('CANCELLED');
    await context.close();
  });

  it('planner course (desktop): paid at purchase; cancelling in my page refunds the engine’s amount', async () => {
    const member = await newMember();
    const oddId = await openCohort('planx');
    const { context, page } = await signedInPage(member);
    await page.goto(`${baseUrl}/planx/apply/${oddId}`);
    await page.getByTestId('apply-start').click();
    await answerSteps(page, 'planx', member);
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL((url) => url.pathname.startsWith('/planx/book/success/'));
    expect(await page.getByTestId('application-state').textContent()).toBe('결제 완료');
    const [application] = await history(member);
    expect(application?.state).toBe('PAID');

    await page.goto(`${baseUrl}/mypage/history/${application!.joinId}`);
    const today = page.getByTestId('refundable-today');
    const quoted = (await today.textContent())!;
    expect(quoted).toMatch(/^[\d,]+원 환불/);
    await page.getByTestId('cancel-open').click();
    await page.getByTestId('cancel-confirm').click();
    const done = (await page.getByTestId('cancel-done').textContent())!;
    expect(done).toContain(quoted.split(' ')[0]!);
    await page.getByTestId('refunded').waitFor();
    expect((await history(member))[0]?.state).toMatch(/REFUNDED/);
    await context.close();
  });

  it('10-day sprint at 375 px: the PG returns through the mobile callback /potenday/cb/{oddId} and the reservation shows in my page', async () => {
    const member = await newMember();
    const oddId = await openCohort('potenday');
    const { context, page } = await signedInPage(member, 375);
    await page.goto(`${baseUrl}/potenday/apply/${oddId}/required`);
    await answerSteps(page, 'potenday', member);
    await page.getByLabel('전체 동의').check();
    const returned = page.waitForRequest((request) => new URL(request.url()).pathname === `/potenday/cb/${oddId}`);
    await page.getByRole('button', { name: /결제 예약하기$/ }).click();
    await page.getByLabel('카드 번호').fill('4242424242424242');
    await page.getByLabel('유효기간').fill('12/30');
    await page.getByLabel('생년월일 6자리').fill('900101');
    await page.getByLabel('비밀번호 앞 2자리').fill('12');
    await page.getByRole('button', { name: '카드 등록하기' }).click();
    expect(new URL((await returned).url()).searchParams.get('billingKey')).toBeTruthy();
    await page.waitForURL((url) => url.pathname.startsWith('/potenday/book/success/'));
    expect(await page.getByTestId('application-state').textContent()).toBe('결제 예약');
    await page.goto(`${baseUrl}/mypage`);
    const current = page.getByTestId('current-applications').getByTestId('application-item');
    await current.first().waitFor();
    expect(await current.getByTestId('state-badge').allTextContents()).toEqual(['결제 예약']);
    await context.close();
  });

  it('a declined card lands on the fail page with the PG reason; retrying keeps every answer', async () => {
    const member = await newMember();
    const oddId = await openCohort('bside');
    const { context, page } = await signedInPage(member);
    await page.goto(`${baseUrl}/bside/apply/${oddId}/required`);
    await answerSteps(page, 'bside', member);
    await payWith(page, '4000 0000 0000 0002');
    await page.waitForURL((url) => url.pathname === `/bside/book/fail/${oddId}`);
    expect(await page.getByTestId('fail-reason').textContent()).toContain('거절');
    await page.getByTestId('fail-retry').click();
    await atStep(page, 'book');
    await page.getByRole('button', { name: '이전' }).click();
    await atStep(page, 'product');
    expect(await page.getByLabel('주로 쓰는 기술 스택').inputValue()).toBe('React, Spring');
    await page.getByRole('button', { name: '이전' }).click();
    await atStep(page, 'aside');
    expect(await page.getByLabel('만들고 싶은 서비스').inputValue()).toBe('동네 이웃과 물건을 나누는 서비스');
    await page.reload();
    await atStep(page, 'aside');
    expect(await page.getByLabel('참여 가능한 시간').inputValue()).toBe('평일 저녁 9시 이후, 주말 오후');
    expect((await history(member))[0]?.state).toBe('PAYMENT_FAILED');
    await context.close();
  });

  it('a visitor at a member step goes to /signin?to=... and comes back to the same step', async () => {
    const member = await newMember();
    const oddId = await openCohort('bside');
    const { context, page } = await newPage(browser, { width: 1280 });
    const step = `/bside/apply/${oddId}/required`;
    await page.goto(`${baseUrl}${step}`);
    await page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('to') === step);
    await page.getByLabel('이메일').fill(member.email);
    await page.getByLabel('비밀번호').fill(member.password);
    await page.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL(`${baseUrl}${step}`);
    await atStep(page, 'required');
    expect(await wizard(page).getByLabel('연락받을 이메일').inputValue()).toBe(member.email);
    await context.close();
  });
});
