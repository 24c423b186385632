import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@sq/contracts/messages';
import { formatKrw } from '@sq/contracts/format';
import type { ApplicationDetail, JoinHistoryOneResponse } from '@sq/contracts/api/applications';
import { alerts, launchBrowser, newPage } from '../src/browser';
import { siteApi } from '../src/api';
import { answerSteps, history, newMember, openCohort, payWith, signedInPage, type Member } from '../src/apply-flow';
import { DEMO_ADMIN, signInContext, signInThroughForm, signInToken } from '../src/session';

/**
 * Withdrawal with money involved, in Chromium against the whole site and the sandbox PG: a member
 * reserves the 14-week project's fee and pays for the planner course through the wizard and the hosted card
 * page; withdrawing then is refused with the reason and nothing changes; after cancelling both in my page
 * (reservation released, course refunded) the member withdraws at /mypage/info after the notice of what is
 * deleted and what the law keeps, can no longer sign in, the contact details and answers kept with the
 * applications are erased, and an operator still sees both payment records (states, charged and refunded
 * amounts, the timeline) in the console.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const detail = async (member: Member, joinId: number): Promise<ApplicationDetail> => {
  const { status, body } = await siteApi<JoinHistoryOneResponse>(baseUrl, '/join/history/one', {
    body: { joinId },
    token: member.token,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.application;
};

/** /mypage/info: a reason, the withdraw button, the notice (checked), consent, confirm. */
async function withdrawAtMyInfo(page: Page) {
  await page.goto(`${baseUrl}/mypage/info`);
  await page.getByLabel('탈퇴 사유').selectOption('LOW_USE');
  await page.getByTestId('withdraw').click();
  const dialog = page.getByRole('dialog', { name: '정말 탈퇴할까요?' });
  // What is deleted at once and what the law keeps (spec section 9: payment records 5 years, complaints 3 years, log-ins 3 months).
  await dialog.getByText('바로 삭제되는 정보').waitFor();
  await dialog.getByText('이름, 연락처, 이메일(가입·수신용·Notion·Slack), 비밀번호').waitFor();
  await dialog.getByText('법에 따라 보관되는 정보').waitFor();
  await dialog.getByText('계약 및 결제 기록: 5년').waitFor();
  await dialog.getByText('소비자 불만 및 분쟁 처리 기록: 3년').waitFor();
  await dialog.getByText('로그인 기록: 3개월').waitFor();
  await page.getByTestId('withdraw-agree').check();
  await page.getByTestId('withdraw-confirm').click();
}

/** Applies through every wizard step and the card page; answers the application's state as the success page shows it. */
async function applyAndPay(page: Page, program: 'bside' | 'planx', oddId: number, member: Member): Promise<string> {
  await page.goto(`${baseUrl}/${program}/apply/${oddId}/required`);
  await answerSteps(page, program, member);
  await payWith(page, '4242 4242 4242 4242');
  await page.waitForURL((url) => url.pathname.startsWith(`/${program}/book/success/`));
  return (await page.getByTestId('application-state').textContent())!;
}

/** Cancels in my page's application detail; answers what the page says was done. */
async function cancelInMyPage(page: Page, joinId: number): Promise<string> {
  await page.goto(`${baseUrl}/mypage/history/${joinId}`);
  await page.getByTestId('cancel-open').click();
  await page.getByTestId('cancel-confirm').click();
  return (await page.getByTestId('cancel-done').textContent())!;
}

describe('withdrawal of a member who paid', () => {
  it('is refused while a reservation and a payment are live; after cancelling, the member withdraws and operators still see the payment records', async () => {
    const member = await newMember(baseUrl, '탈퇴회원후보');
    const bside = await openCohort(baseUrl, 'bside');
    const planx = await openCohort(baseUrl, 'planx');
    const { context, page } = await signedInPage(browser, member);
    const seen = alerts(page);

    expect(await applyAndPay(page, 'bside', bside, member)).toBe('결제 예약');
    expect(await applyAndPay(page, 'planx', planx, member)).toBe('결제 완료');
    const applications = await history(baseUrl, member);
    const reserved = applications.find((a) => a.oddId === bside)!;
    const paid = applications.find((a) => a.oddId === planx)!;
    expect([reserved.state, paid.state]).toEqual(['RESERVED', 'PAID']);

    // Withdrawing now is refused with the service's reason on the page; nothing changes.
    await withdrawAtMyInfo(page);
    expect(await page.getByTestId('withdraw-refused').textContent()).toBe(MESSAGES.withdrawalLiveApplications);
    expect(new URL(page.url()).pathname).toBe('/mypage/info');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(seen).toEqual([]);
    expect((await siteApi(baseUrl, '/meOauth', { token: member.token })).status).toBe(200);
    expect((await history(baseUrl, member)).map((a) => [a.joinId, a.state]).sort()).toEqual(
      [
        [reserved.joinId, 'RESERVED'],
        [paid.joinId, 'PAID'],
      ].sort(),
    );
    const stillIn = await siteApi<{ userData: { userId: number } }>(baseUrl, '/signin', {
      body: { email: member.email, password: member.password },
    });
    expect(stillIn.status).toBe(200);
    expect(stillIn.body.userData.userId).toBe(member.userId);

    // The member cancels both in my page: the reservation is released, the course refunded by the engine's amount.
    expect(await cancelInMyPage(page, reserved.joinId)).toBe('지원이 취소되었어요.');
    const refundText = await cancelInMyPage(page, paid.joinId);
    await page.getByTestId('refunded').waitFor();
    const course = await detail(member, paid.joinId);
    expect(course.state).toMatch(/^(REFUNDED|PARTIALLY_REFUNDED)$/);
    expect(course.payment.chargedKrw).toBeGreaterThan(0);
    expect(course.payment.refundedKrw).toBeGreaterThan(0);
    expect(refundText).toContain(formatKrw(course.payment.refundedKrw));
    // The key's release is confirmed by the PG right after the cancellation (else by the release job).
    await expect
      .poll(async () => (await detail(member, reserved.joinId)).payment.events.map((e) => e.type), {
        timeout: 30_000,
        interval: 500,
      })
      .toEqual(['RESERVED', 'RELEASED']);
    const project = await detail(member, reserved.joinId);
    expect(project.state).toBe('CANCELLED');

    // Until the member goes, operators see the contact details the wizard kept with the applications.
    const adminToken = await signInToken(baseUrl, DEMO_ADMIN);
    const answersOf = (joinId: number) =>
      siteApi<{ answers: Record<string, unknown>; erasedAt: string | null }>(
        baseUrl,
        `/admin/applications/${joinId}/answers`,
        { token: adminToken },
      );
    for (const joinId of [reserved.joinId, paid.joinId]) {
      const { status, body } = await answersOf(joinId);
      expect(status).toBe(200);
      expect(body.erasedAt).toBeNull();
      expect(JSON.stringify(body.answers)).toContain(member.email);
      expect(JSON.stringify(body.answers)).toContain(member.phone);
    }

    // Now the withdrawal goes through: signed out, back home with the spec's farewell.
    await withdrawAtMyInfo(page);
    await page.waitForURL(`${baseUrl}/`);
    expect(seen).toEqual([MESSAGES.withdrawalDone]);
    expect(await page.evaluate(() => window.localStorage.getItem('sq.token'))).toBeNull();
    await context.close();

    // The withdrawn member can no longer sign in: the sign-in page shows the spec's message.
    const visitor = await newPage(browser);
    await visitor.page.goto(`${baseUrl}/signin`);
    await signInThroughForm(visitor.page, member.email, member.password);
    await visitor.page.getByRole('alert').getByText(MESSAGES.badLogin).waitFor();
    expect(new URL(visitor.page.url()).pathname).toBe('/signin');
    expect((await siteApi(baseUrl, '/meOauth', { token: member.token })).status).toBe(401);
    await visitor.context.close();

    // Programs erased the member's contact details and answers from both applications (the account's outbox,
    // delivered in the withdrawal's request).
    for (const joinId of [reserved.joinId, paid.joinId]) {
      const { body } = await answersOf(joinId);
      expect(body.answers).toEqual({});
      expect(body.erasedAt).not.toBeNull();
    }

    // An operator still sees both payment records in the console, under the member's number (no name is kept).
    const operator = await newPage(browser, { width: 1440 });
    await signInContext(operator.context, baseUrl, DEMO_ADMIN);
    const records = async (oddId: number) => {
      await operator.page.goto(`${baseUrl}/admin/cohorts/${oddId}/applicants`);
      await operator.page
        .getByRole('navigation', { name: '기수 메뉴' })
        .getByRole('link', { name: '결제 기록' })
        .click();
      await operator.page.waitForURL(`${baseUrl}/admin/cohorts/${oddId}/payments`);
      await operator.page.getByTestId('payment-table').waitFor();
    };
    const row = (joinId: number) => operator.page.locator(`[data-testid="payment-row"][data-join-id="${joinId}"]`);
    const events = (joinId: number) =>
      row(joinId)
        .getByTestId('payment-event')
        .evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.type));

    await records(planx);
    const courseRow = row(paid.joinId);
    expect(await courseRow.getAttribute('data-user-id')).toBe(String(member.userId));
    expect(await courseRow.getByTestId('payment-name').textContent()).toBe('-');
    expect(await courseRow.getByTestId('payment-state').textContent()).toBe(course.stateName);
    expect(await courseRow.getByTestId('payment-charged').textContent()).toBe(formatKrw(course.payment.chargedKrw));
    expect(await courseRow.getByTestId('payment-refunded').textContent()).toBe(formatKrw(course.payment.refundedKrw));
    // A charged purchase's billing key is given back to the PG by the reservation-release job queued with the
    // charge (and the repair job's sweep): its RELEASED line comes whenever that job runs, before or after the
    // refund, or not yet.
    expect(['CHARGED REFUNDED', 'CHARGED RELEASED REFUNDED', 'CHARGED REFUNDED RELEASED']).toContain(
      (await events(paid.joinId)).join(' '),
    );

    await records(bside);
    const projectRow = row(reserved.joinId);
    expect(await projectRow.getAttribute('data-user-id')).toBe(String(member.userId));
    expect(await projectRow.getByTestId('payment-state').textContent()).toBe('지원 취소');
    expect(await projectRow.getByTestId('payment-reserved').textContent()).toMatch(
      /^\d{4}\.\d{2}\.\d{2} \(\d{4}\.\d{2}\.\d{2} 해제\)$/,
    );
    expect(await projectRow.getByTestId('payment-charged').textContent()).toBe('-');
    expect(await projectRow.getByTestId('payment-refunded').textContent()).toBe('-');
    expect(await events(reserved.joinId)).toEqual(['RESERVED', 'RELEASED']);
    // Nowhere on the payment records page: the withdrawn member's e-mail or phone.
    const pageText = (await operator.page.locator('body').textContent())!;
    expect(pageText).not.toContain(member.email);
    expect(pageText).not.toContain(member.phone);
    await operator.context.close();
  });
});
