import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../src/browser';
import {
  answerSteps,
  atStep,
  history as historyOn,
  newMember as newMemberOn,
  openCohort as openCohortOn,
  payWith,
  signedInPage as signedInPageOn,
  wizard,
  type Member,
} from '../src/apply-flow';

/**
 * The members' apply screens in Chromium against the whole site and the sandbox PG: new members apply to the
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

const newMember = () => newMemberOn(baseUrl);
const openCohort = (slug: string) => openCohortOn(baseUrl, slug);
const signedInPage = (member: Member, width?: number) => signedInPageOn(browser, member, width);
const history = (member: Member) => historyOn(baseUrl, member);

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
    expect(await page.getByRole('link', { name: '지원 내역 보기' }).getAttribute('href')).toBe(
      `/mypage/history/${application!.joinId}`,
    );

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
