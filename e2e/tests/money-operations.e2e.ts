import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../src/browser';
import { DEMO_ADMIN, signInContext } from '../src/session';
import { answerSteps, history, newMember, openCohort, payWith, signedInPage } from '../src/apply-flow';

/**
 * Money operations in Chromium against the whole site and the sandbox PG: a member buys the planner course; the
 * operator runs the reconciliation on /admin/money and sees it clean; an operator of the PG gives part of it back in
 * the sandbox PG's own console (its webhook lost); the next run shows the mismatch in the exceptions queue, which
 * "PG 기록 반영" fixes; the run after is clean again.
 */
const baseUrl = inject('baseUrl');
const paymentUrl = inject('paymentUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('money operations (/admin/money)', () => {
  it('an operator runs the reconciliation, sees a PG-console cancellation appear as an exception and books it from the queue', async () => {
    const member = await newMember(baseUrl, '대사회원');
    const oddId = await openCohort(baseUrl, 'planx');
    const buyer = await signedInPage(browser, member);
    await buyer.page.goto(`${baseUrl}/planx/apply/${oddId}`);
    await buyer.page.getByTestId('apply-start').click();
    await answerSteps(buyer.page, 'planx', member);
    await payWith(buyer.page, '4242 4242 4242 4242');
    await buyer.page.waitForURL((url) => url.pathname.startsWith('/planx/book/success/'));
    const [application] = await history(baseUrl, member);
    expect(application?.state).toBe('PAID');
    await buyer.context.close();

    const { context, page } = await newPage(browser, { width: 1440 });
    await signInContext(context, baseUrl, DEMO_ADMIN);
    await page.goto(`${baseUrl}/admin/money`);
    const runNow = page.getByRole('button', { name: '대사 실행' });
    await runNow.click();
    const notice = page.getByTestId('money-notice');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toMatch(/^대사를 마쳤어요\. 결제 \d+건이 모두 일치해요\.$/);
    await page.getByText('열린 예외가 없어요').waitFor();

    // The PG's own console: 50,000원 back, without its webhook.
    const pg = await context.newPage();
    await pg.goto(paymentUrl);
    const cancelForm = pg.locator(`form[action="/console/payments/sq-${application!.joinId}-charge/cancel"]`);
    await cancelForm.waitFor();
    await cancelForm.getByLabel('취소 금액').fill('50000');
    await cancelForm.getByLabel('취소 사유').fill('상담 후 일부 환불');
    await cancelForm.getByRole('button', { name: '취소' }).click();
    const paymentId = `sq-${application!.joinId}-charge`;
    const cancelledAtPg = async () => {
      const state = (await (await fetch(`${paymentUrl}/api/state`)).json()) as {
        payments: { id: string; amount: { cancelled: number } }[];
      };
      return state.payments.find((p) => p.id === paymentId)?.amount.cancelled;
    };
    await expect.poll(cancelledAtPg, { timeout: 10_000 }).toBe(50_000);
    await pg.close();

    await runNow.click();
    const row = page.getByTestId('money-exception');
    await row.waitFor({ timeout: 60_000 });
    expect(await row.locator('td').nth(0).textContent()).toBe('금액 불일치');
    expect(await row.locator('td').nth(2).textContent()).toBe('50,000원');
    expect(await row.locator('td').nth(4).textContent()).toContain(`#${application!.joinId}`);
    await row.getByRole('button', { name: 'PG 기록 반영' }).click();
    await page.getByText('처리했어요. 장부가 PG 기록과 맞아 예외를 닫았어요.').waitFor();
    await page.getByText('열린 예외가 없어요').waitFor();

    await runNow.click();
    await page.getByText(/^대사를 마쳤어요\. 결제 \d+건이 모두 일치해요\.$/).waitFor({ timeout: 60_000 });
    await context.close();
  });
});
