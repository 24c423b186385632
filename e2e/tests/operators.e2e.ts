import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ApplicationDetail, BookResponse, JoinHistoryOneResponse } from '@sq/contracts/api/applications';
import type { AdminCohort } from '@sq/contracts/api/operators/cohorts';
import type { BoardResponse } from '@sq/contracts/api/operators/board';
import { launchBrowser, newPage } from '../src/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInContext, signInToken } from '../src/session';
import { siteApi } from '../src/api';

/**
 * The operators' console in Chromium against the whole site and the sandbox PG: an operator signs in through the
 * sign-in page, opens a sprint cohort whose applicants reserved their fee with a real card on the sandbox PG
 * (made here through the API: the demo cohorts' applicants have no cards), runs the matcher, moves a member
 * to the other team and locks them, re-runs around the lock, sees who is charged and the total, publishes;
 * the moved member then sees the charge and the assigned state in my page; a member at /admin lands on /.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The sprint's fee (seeds: 10일 팀 스프린트). */
const SPRINT_FEE_KRW = 30_000;
/** Applicants made for the cohort: two teams of three (the sprint matches groups of at least 3, at most 4). */
const APPLICANTS = 6;

let serial = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${(serial++).toString(36)}`;

const api = <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  siteApi<T>(baseUrl, path, init);

async function ok<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const { status, body } = await api<T>(path, init);
  expect(
    status,
    `${init.method ?? (init.body === undefined ? 'GET' : 'POST')} ${path}: ${JSON.stringify(body)}`,
  ).toBeLessThan(300);
  return body;
}

/** A Korean calendar day, `days` after the Korean day of `at`. */
const seoulDay = (at: number, days = 0) => new Date(at + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A sprint cohort recruiting now, made by the operator through the console's API. */
async function openSprintCohort(adminToken: string): Promise<AdminCohort> {
  const now = Date.now();
  const input = {
    productId: 2,
    name: `E2E 팀 스프린트 ${unique('c')}`,
    recruitStart: new Date(now - 3_600_000).toISOString(),
    recruitEnd: new Date(now + 2 * 86_400_000).toISOString(),
    teamBuildingAnnounceDate: seoulDay(now, 3),
    kickoffDate: null,
    startDate: seoulDay(now, 4),
    endDate: seoulDay(now, 13),
    capacity: 40,
    roleSeats: null,
  };
  return (await ok<{ cohort: AdminCohort }>('/admin/cohorts', { body: input, token: adminToken })).cohort;
}

interface Applicant {
  name: string;
  email: string;
  password: string;
  token: string;
  joinId: number;
}

/** A new member who applies to the cohort and reserves the fee with a card on the sandbox PG's hosted page. */
async function applicant(oddId: number, index: number): Promise<Applicant> {
  const id = unique('op');
  const name = `운영테스트${index + 1}`;
  const phone = `010-${String(3000 + index).padStart(4, '0')}-${String(Date.now() % 10000).padStart(4, '0')}`;
  const email = `${id}@example.com`;
  const password = 'sidequest1!';
  const signUp = await ok<{ userData: { token: string } }>('/signUp', {
    body: {
      email,
      contactEmail: email,
      password,
      pw_confirm: password,
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
  const token = signUp.userData.token;
  const role = index % 3 === 2 ? 'DESIGNER' : 'DEVELOPER';
  await ok(`/apply/${oddId}/draft`, { body: {}, token });
  await ok(`/apply/${oddId}/steps/required`, {
    method: 'PUT',
    token,
    body: {
      contactEmail: email,
      phone,
      jobGroup: role === 'DESIGNER' ? 'JG_DESIGN' : 'JG_DEV',
      position: role === 'DESIGNER' ? 'POS_UXUI' : 'POS_BACKEND',
      careerYears: 'CY_1_3Y',
      experienceMonths: 12 + index * 6,
      role,
    },
  });
  await ok(`/apply/${oddId}/steps/aside`, {
    method: 'PUT',
    token,
    body: { wantToBuild: '회의록을 요약해 주는 서비스', availableTime: '평일 저녁', friendCareerCardIds: [] },
  });
  await ok(`/apply/${oddId}/steps/product`, {
    method: 'PUT',
    token,
    body: { kind: 'SPRINT', idea: '회의록 요약 봇', stack: ['TypeScript'] },
  });
  const booked = await ok<BookResponse>(`/apply/${oddId}/book`, {
    body: { agreeTerms: true, agreePrivacy: true, agreeRefundPolicy: true, device: 'desktop' },
    token,
  });
  const form = new URLSearchParams(new URL(booked.payment.paymentPageUrl).searchParams);
  for (const [key, value] of Object.entries({
    cardNumber: '4242424242424242',
    expiry: '12/30',
    birth: '900101',
    password: '12',
  }))
    form.set(key, value);
  const card = await fetch(new URL('/billing-keys/issue', booked.payment.paymentPageUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(card.status).toBe(303);
  const query = Object.fromEntries(new URL(card.headers.get('location')!).searchParams);
  const confirmed = await ok<{ application: { joinId: number; state: string } }>(`/apply/${oddId}/payment/confirm`, {
    body: query,
    token,
  });
  expect(confirmed.application.state).toBe('RESERVED');
  return { name, email, password, token, joinId: confirmed.application.joinId };
}

const member = (page: Page, joinId: number) => page.locator(`[data-testid="board-member"][data-join-id="${joinId}"]`);
const team = (page: Page, key: string) => page.locator(`[data-testid="board-team"][data-team-key="${key}"]`);

/** The team keys on the board and each team's members, as the page shows them. */
async function boardOnPage(page: Page): Promise<Map<string, number[]>> {
  const teams = new Map<string, number[]>();
  for (const el of await page.getByTestId('board-team').all()) {
    const ids = await el
      .getByTestId('board-member')
      .evaluateAll((nodes) => nodes.map((n) => Number((n as HTMLElement).dataset.joinId)));
    teams.set((await el.getAttribute('data-team-key'))!, ids);
  }
  return teams;
}

describe('operators console', () => {
  it('an operator runs the matcher, moves and locks a member, publishes after the charge preview; the member sees the charge in my page', async () => {
    const adminToken = await signInToken(baseUrl, DEMO_ADMIN);
    const cohort = await openSprintCohort(adminToken);
    const applicants: Applicant[] = [];
    for (let i = 0; i < APPLICANTS; i++) applicants.push(await applicant(cohort.oddId, i));
    const byJoin = new Map(applicants.map((a) => [a.joinId, a]));

    // The operator signs in through the sign-in page and comes back to the console.
    const { context, page } = await newPage(browser, { width: 1440 });
    await page.goto(`${baseUrl}/admin/cohorts`);
    await page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('to') === '/admin/cohorts');
    await page.getByLabel('이메일').fill(DEMO_ADMIN.email);
    await page.getByLabel('비밀번호').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/cohorts`);

    // The cohort with its live counts; its board.
    const row = page.locator(`[data-testid="cohort-row"][data-odd-id="${cohort.oddId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('total-count').textContent()).toBe(String(APPLICANTS));
    expect(await row.getByTestId('state-counts').textContent()).toBe(`결제 예약 ${APPLICANTS}`);
    expect(await row.locator('[data-role="DESIGNER"]').textContent()).toBe('디자이너 2');
    expect(await row.locator('[data-role="DEVELOPER"]').textContent()).toBe('개발자 4');
    await row.getByTestId('open-board').click();
    await page.waitForURL(`${baseUrl}/admin/cohorts/${cohort.oddId}/board`);

    // Run the matcher: teams with explanations for every member.
    await page.getByTestId('run-matcher').click();
    await page.getByTestId('board').waitFor();
    const proposed = await boardOnPage(page);
    expect(proposed.size).toBeGreaterThanOrEqual(2);
    const placed = [...proposed.values()].flat();
    expect(placed.length + (await page.getByTestId('waitlist').getByTestId('board-member').count())).toBe(APPLICANTS);
    for (const joinId of placed)
      expect((await member(page, joinId).getByTestId('explanation').textContent())!.length).toBeGreaterThan(5);

    // Move one member of the first team into the second, and lock them there.
    const [firstKey, secondKey] = [...proposed.keys()] as [string, string];
    const moved = proposed.get(firstKey)![0]!;
    await member(page, moved).getByTestId('move-select').selectOption(secondKey);
    await team(page, secondKey).locator(`[data-testid="board-member"][data-join-id="${moved}"]`).waitFor();
    expect(await member(page, moved).getByTestId('explanation').textContent()).toBe('운영자가 이 팀으로 옮겼어요.');
    await member(page, moved).getByTestId('lock-member').click();
    await page.locator(`[data-testid="board-member"][data-join-id="${moved}"][data-locked="true"]`).waitFor();

    // A re-run keeps the locked member where the operator put them.
    await page.getByTestId('run-matcher').click();
    await expect.poll(async () => (await boardOnPage(page)).get(secondKey)?.includes(moved)).toBe(true);
    expect(await member(page, moved).getAttribute('data-locked')).toBe('true');
    const board = await ok<BoardResponse>(`/admin/cohorts/${cohort.oddId}/board`, { token: adminToken });
    expect(board.teams.find((t) => t.key === secondKey)!.members.find((m) => m.joinId === moved)!.locked).toBe(true);
    const onTeams = board.teams.flatMap((t) => t.members.map((m) => m.joinId));

    // Before publishing: who is charged and the total; then publish once.
    await page.getByTestId('publish-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('publish-preview').waitFor();
    const charged = await dialog
      .getByTestId('preview-charge')
      .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.joinId)));
    expect(charged.sort()).toEqual([...onTeams].sort());
    expect(await dialog.getByTestId('preview-total').textContent()).toBe(
      `${(onTeams.length * SPRINT_FEE_KRW).toLocaleString('ko-KR')}원`,
    );
    await dialog.getByTestId('publish-confirm').click();
    expect(await page.getByTestId('board-published').textContent()).toContain(`결제 작업 ${onTeams.length}건`);
    expect(await page.getByTestId('run-matcher').count()).toBe(0);

    // The audit log in the console has the operator's actions on this cohort.
    await page.goto(`${baseUrl}/admin/audit?oddId=${cohort.oddId}`);
    await page.getByTestId('audit-table').waitFor();
    const actions = await page
      .getByTestId('audit-row')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.action));
    expect(actions).toEqual(['BOARD_PUBLISH', 'BOARD_RUN', 'BOARD_LOCK', 'BOARD_MOVE', 'BOARD_RUN', 'COHORT_CREATE']);
    await context.close();

    // The moved member is charged by the job queue, then sees the charge and the state in my page.
    const mover = byJoin.get(moved)!;
    await expect
      .poll(
        async () =>
          (await api<JoinHistoryOneResponse>('/join/history/one', { body: { joinId: moved }, token: mover.token })).body
            .application?.state,
        { timeout: 30_000, interval: 500 },
      )
      .toBe('ASSIGNED');
    const detail: ApplicationDetail = (
      await ok<JoinHistoryOneResponse>('/join/history/one', { body: { joinId: moved }, token: mover.token })
    ).application;
    expect(detail.payment.chargedKrw).toBe(SPRINT_FEE_KRW);
    const mine = await newPage(browser);
    await signInContext(mine.context, baseUrl, { email: mover.email, password: mover.password });
    await mine.page.goto(`${baseUrl}/mypage/history/${moved}`);
    await mine.page.getByTestId('history-detail').waitFor();
    expect(await mine.page.getByTestId('state-badge').first().textContent()).toBe('팀 배정 완료');
    expect(await mine.page.getByTestId('payment-timeline').getByTestId('charged-at').textContent()).toContain(
      '30,000원',
    );
    // Their team section: the team the operator moved them into, its members, and why they are there.
    await mine.page.getByTestId('team-section').getByTestId('team-members').waitFor();
    const teammates = await mine.page
      .getByTestId('team-member')
      .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.joinId)));
    // The board as published (the snapshot above may predate the re-run's rebalancing of the other seats).
    const final = await ok<BoardResponse>(`/admin/cohorts/${cohort.oddId}/board`, { token: adminToken });
    const publishedTeam = final.teams.find((t) => t.members.some((m) => m.joinId === moved))!.members;
    expect(teammates.sort()).toEqual(publishedTeam.map((m) => m.joinId).sort());
    expect(await mine.page.getByTestId('team-explanation').textContent()).toContain(
      publishedTeam.find((m) => m.joinId === moved)!.explanation,
    );
    await mine.context.close();
  });

  it('a member at /admin lands on /, and the admin API answers them 403', async () => {
    const { context, page } = await newPage(browser);
    await signInContext(context, baseUrl, DEMO_MEMBER);
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.getByTestId('admin-console').count()).toBe(0);
    await page.goto(`${baseUrl}/admin/cohorts`);
    await page.waitForURL(`${baseUrl}/`);
    const token = await signInToken(baseUrl, DEMO_MEMBER);
    const refused = await api<{ message: string }>('/admin/cohorts', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('접근 권한이 없습니다.');
    await context.close();
  });
});
