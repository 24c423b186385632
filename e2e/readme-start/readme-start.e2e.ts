import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { BoardResponse, PublishResponse } from '@sq/contracts/api/operators/board';
import type { GroupRefundPreview } from '@sq/contracts/api/operators/team-changes';
import type { BookResponse, PaymentConfirmResponse } from '@sq/contracts/api/applications';
import { SERVICE_PORTS } from '@sq/service-kit';
import type { SandboxPgState } from '@sq/stack/peers/sandbox-pg';
import { TEST_CARDS } from '@sq/stack/peers/sandbox-pg';
import { DATA_DIR, KEYS_DIR, clusterDir } from '@sq/stack/paths';
import { EMBEDDED_PG_PORT, GATEWAY_PORT, PEER_PORTS } from '@sq/stack/ports';
import { siteApi } from '../src/api';
import { history, newMember, openCohort, signedInPage } from '../src/apply-flow';
import { launchBrowser } from '../src/browser';
import { DEMO_ADMIN, signInToken } from '../src/session';
import {
  groupAlive,
  groupLeftovers,
  killGroup,
  listening,
  npmStart,
  READY_LINE,
  STOP_TIMEOUT_MS,
  type NpmStart,
} from './npm-start';

/**
 * The README's start as a newcomer runs it on a fresh clone (as root in CI): `npm start`, the ready line, one
 * whole business flow through the gateway on its fixed port, then Ctrl+C. The sandbox PG on a port fetch
 * refuses, or a `.data` the postgres OS user cannot enter, fails here.
 */
const SITE = `http://localhost:${GATEWAY_PORT}`;
const FIXED_PORTS = [GATEWAY_PORT, EMBEDDED_PG_PORT, ...Object.values(SERVICE_PORTS), ...Object.values(PEER_PORTS)];
const mode = (dir: string) => (fs.statSync(dir).mode & 0o777).toString(8);

let start: NpmStart | null = null;
let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close();
  if (start && groupAlive(start.child)) killGroup(start.child, 'SIGKILL');
});

async function ok<T>(route: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const { status, body } = await siteApi<T>(SITE, route, init);
  expect(
    [200, 201],
    `${init.method ?? (init.body === undefined ? 'GET' : 'POST')} ${route}: ${status} ${JSON.stringify(body)}`,
  ).toContain(status);
  return body;
}

describe('npm start, as the README says', () => {
  it('starts on a fresh clone, takes a member from sign-up to a charged seat and a company-ended refund, and stops on Ctrl+C', async () => {
    expect(fs.existsSync(DATA_DIR), `${DATA_DIR} must not exist yet: this is the start of a fresh clone`).toBe(false);
    for (const port of FIXED_PORTS) expect(await listening(port), `port ${port} is already taken`).toBe(false);

    const began = Date.now();
    start = await npmStart();
    const readyAfterMs = Date.now() - began;
    console.log(`[readme-start] ${READY_LINE} after ${(readyAfterMs / 1000).toFixed(1)} s`);
    const paymentUrl = start.printed('결제 샌드박스');
    expect(start.printed('사이트가 준비되었습니다')).toBe(SITE);
    expect(paymentUrl).toBe(`http://127.0.0.1:${PEER_PORTS.pg}`);
    // The layout a root start needs: .data passable by PostgreSQL's OS user, only the keys private.
    expect({ data: mode(DATA_DIR), keys: mode(KEYS_DIR) }).toEqual({ data: '755', keys: '700' });
    const pgState = async () => (await (await fetch(`${paymentUrl}/api/state`)).json()) as SandboxPgState;

    // A new member applies to the 14-week project's recruiting cohort through the wizard's API steps.
    const member = await newMember(SITE, '시작회원');
    const oddId = await openCohort(SITE, 'bside');
    const token = member.token;
    await ok(`/apply/${oddId}/draft`, { method: 'POST', token });
    const steps: [string, unknown][] = [
      [
        'required',
        {
          contactEmail: member.email,
          phone: member.phone,
          jobGroup: 'JG_DEV',
          position: 'POS_BACKEND',
          careerYears: 'CY_1_3Y',
          experienceMonths: 18,
          role: 'DEVELOPER',
        },
      ],
      [
        'aside',
        {
          portfolioUrl: 'https://portfolio.example.com/me',
          githubUrl: 'https://github.com/example',
          wantToBuild: '동네 이웃과 물건을 나누는 서비스',
          availableTime: '평일 저녁 9시 이후, 주말 오후',
          friendCareerCardIds: [],
        },
      ],
      [
        'product',
        {
          kind: 'TEAM_PROJECT',
          motivation: '출시까지 해 보고 싶어요',
          roleQuestions: { role: 'DEVELOPER', stack: ['React', 'Spring'], shippedExperience: '사내 서비스 운영 2년' },
        },
      ],
    ];
    for (const [step, answers] of steps)
      await ok(`/apply/${oddId}/steps/${step}`, { method: 'PUT', body: answers, token });
    const book = await ok<BookResponse>(`/apply/${oddId}/book`, {
      body: { agreeTerms: true, agreePrivacy: true, agreeRefundPolicy: true, device: 'desktop' },
      token,
    });
    const joinId = book.application.joinId;
    expect(new URL(book.payment.paymentPageUrl).origin).toBe(paymentUrl);

    // The sandbox PG's hosted card page in Chromium (which refuses the same bad ports fetch does).
    browser = await launchBrowser();
    const { page } = await signedInPage(browser, member);
    await page.goto(book.payment.paymentPageUrl);
    await page.getByLabel('카드 번호').fill(TEST_CARDS.ok);
    await page.getByLabel('유효기간').fill('12/30');
    await page.getByLabel('생년월일 6자리').fill('900101');
    await page.getByLabel('비밀번호 앞 2자리').fill('12');
    await page.getByRole('button', { name: '카드 등록하기' }).click();
    await page.waitForURL((url) => url.href.startsWith(book.payment.redirectUrl));
    const query = Object.fromEntries(new URL(page.url()).searchParams);
    // The wizard's last call with what the PG sent back (the page makes the same one; it is idempotent).
    const confirmed = await ok<PaymentConfirmResponse>(`/apply/${oddId}/payment/confirm`, { body: query, token });
    expect(confirmed.result).toBe('RESERVED');
    expect((await history(SITE, member)).find((a) => a.joinId === joinId)?.state).toBe('RESERVED');
    expect(
      (await pgState()).billingKeys.filter(
        (k) =>
          k.customerId === new URL(book.payment.paymentPageUrl).searchParams.get('customerId') && k.status === 'ISSUED',
      ),
    ).toHaveLength(1);

    // The operator builds the teams with the member on one and publishes; the member is charged at the PG.
    const admin = await signInToken(SITE, DEMO_ADMIN);
    const board = await ok<BoardResponse>(`/admin/cohorts/${oddId}/board/run`, { body: { seed: 1 }, token: admin });
    const team = board.teams.find((t) => t.members.some((m) => m.joinId === joinId)) ?? board.teams[0]!;
    if (!team.members.some((m) => m.joinId === joinId))
      await ok(`/admin/cohorts/${oddId}/board/move`, { body: { joinId, toTeam: team.key }, token: admin });
    // The cohort's other reservations are the demo data's example applicants, who never registered a card: their
    // charge jobs fail and retry, one at a time, ahead of the member's. The operator waitlists them.
    for (const other of board.teams.flatMap((t) => t.members).filter((m) => m.joinId !== joinId)) {
      await ok(`/admin/cohorts/${oddId}/board/move`, { body: { joinId: other.joinId, toTeam: null }, token: admin });
    }
    const preview = await ok<{ charges: { joinId: number; amountKrw: number }[] }>(
      `/admin/cohorts/${oddId}/board/preview`,
      { token: admin },
    );
    const fee = preview.charges.find((c) => c.joinId === joinId)?.amountKrw;
    expect(fee, 'the member is charged at publishing').toBeGreaterThan(0);
    const published = await ok<PublishResponse>(`/admin/cohorts/${oddId}/board/publish`, {
      method: 'POST',
      token: admin,
    });
    expect(published).toMatchObject({ chargeJobs: 1, teams: 1 });
    await expect
      .poll(async () => (await history(SITE, member)).find((a) => a.joinId === joinId)?.state, {
        timeout: 60_000,
        interval: 1_000,
      })
      .toBe('ASSIGNED');
    const charged = (await pgState()).payments.filter((p) => p.id.startsWith(`sq-${joinId}-`));
    expect(charged.map((p) => ({ status: p.status, paid: p.amount.paid }))).toEqual([{ status: 'PAID', paid: fee }]);

    // The company ends the cohort: the refund is previewed, then confirmed with the previewed total.
    const refund = await ok<GroupRefundPreview>(`/admin/cohorts/${oddId}/refunds/preview`, {
      body: { refundCase: 'COMPANY_ENDED' },
      token: admin,
    });
    const line = refund.lines.find((l) => l.joinId === joinId);
    expect(line?.paidKrw).toBe(fee);
    expect(refund.totalKrw).toBe(line!.refundKrw);
    expect(refund.totalKrw).toBeGreaterThan(0);
    await ok(`/admin/cohorts/${oddId}/refunds`, {
      body: { refundCase: 'COMPANY_ENDED', expectedTotalKrw: refund.totalKrw },
      token: admin,
    });
    await expect
      .poll(
        async () =>
          (await pgState()).payments.flatMap((p) =>
            p.cancellations.map((c) => ({ payment: p.id, amount: c.totalAmount })),
          ),
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([{ payment: charged[0]!.id, amount: refund.totalKrw }]);

    // Ctrl+C: every process of the start ends, every port is free, PostgreSQL shut down (no postmaster.pid).
    await browser.close();
    browser = null;
    const stopBegan = Date.now();
    const printedBefore = start.output().length;
    const exit = await start.interrupt();
    // npm itself ends on the terminal's SIGINT as at any Ctrl+C; what matters is that everything it started stops.
    expect(
      exit.signal === 'SIGINT' || exit.code === 0,
      `npm ended with ${exit.signal ?? exit.code}:\n${start.output()}`,
    ).toBe(true);
    const stopped = await expect
      .poll(() => groupAlive(start!.child), { timeout: STOP_TIMEOUT_MS, interval: 250 })
      .toBe(false)
      .then(
        () => '',
        () => groupLeftovers(start!.child),
      );
    expect(stopped, 'every process of the start ends after Ctrl+C').toBe('');
    const stopMs = Date.now() - stopBegan;
    const afterCtrlC = start.output().slice(printedBefore);
    expect(afterCtrlC, 'the stop printed a failure').not.toMatch(/error|fatal|undefined/i);
    for (const port of FIXED_PORTS)
      expect(await listening(port), `port ${port} still answers after Ctrl+C`).toBe(false);
    expect(fs.existsSync(path.join(clusterDir(EMBEDDED_PG_PORT), 'postmaster.pid'))).toBe(false);
    expect(start.output()).not.toMatch(/^undefined$/m);
    console.log(
      `[readme-start] flow and stop ${((Date.now() - began - readyAfterMs) / 1000).toFixed(1)} s (stop ${(stopMs / 1000).toFixed(1)} s)`,
    );
  });
});
