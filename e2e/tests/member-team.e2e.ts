import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TeamHealthResponse } from '@sq/contracts/api/operators/teams';
import { launchBrowser, newPage } from '../src/browser';
import { seoulDay, sprintTeams, type Sprinter } from '../src/sprint-team';

/**
 * The members' side of a sprint in Chromium against the whole site: an operator creates a sprint cohort, three new
 * members apply and reserve through the sandbox PG, the operator runs the matcher and publishes; one member
 * sees the team in my page, checks in on a sprint day, submits the final project with an uploaded image,
 * finds it read-only after 15:00 on the last day; the operator scores and publishes the judging; the member
 * sees the scores and the project shows on /projects. The programs service's clock is moved to the sprint's
 * days (PUT /internal/clock on the e2e site) so the 22:00 check-in close never depends on the hour of the run.
 */
const baseUrl = inject('baseUrl');
const programsUrl = inject('programsUrl');
const internalSecret = inject('internalSecret');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await setClock(null);
  await browser?.close();
});

/** A 1×1 PNG (the upload service checks the bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const { ok, setClock, runningTeam } = sprintTeams({ baseUrl, programsUrl, internalSecret });

describe('the members’ side of a sprint team', () => {
  it('team in my page, check-in, final submission, read-only after the deadline, judging results, and the project on /projects', async () => {
    const { admin, oddId, start, end, members } = await runningTeam(['김팀원', '박팀원', '이팀원']);
    const [me, ...mates] = members as [Sprinter, ...Sprinter[]];

    // Day 2 of the sprint, 10:00 in Korea.
    await setClock(`${seoulDay(10)}T10:00:00+09:00`);
    const { context, page } = await newPage(browser);
    await context.addInitScript((value) => window.localStorage.setItem('sq.token', value), me.token);
    await page.goto(`${baseUrl}/mypage/history/${me.joinId}`);
    const section = page.getByTestId('team-section');
    await section.getByTestId('team-members').waitFor();
    const names = await section.getByTestId('team-member').allTextContents();
    expect(names).toHaveLength(3);
    for (const member of members) expect(names.some((n) => n.includes(member.name))).toBe(true);
    const mateCard = section
      .locator(`[data-testid="team-member"][data-join-id="${mates[0]!.joinId}"]`)
      .getByRole('link', { name: '커리어 카드' });
    expect(await mateCard.getAttribute('href')).toBe(`/careercard/${mates[0]!.careerCardId}`);
    expect((await section.getByTestId('team-explanation').textContent())!.length).toBeGreaterThan('배정 이유'.length);
    expect(await section.getByTestId('team-schedule').textContent()).toContain(
      `${start.replaceAll('-', '.')} ~ ${end.replaceAll('-', '.')}`,
    );

    // The daily check-in.
    await section.getByTestId('checkin-button').click();
    await section.getByTestId('checkin-done').waitFor();
    expect(await section.getByTestId('checkin-streak').textContent()).toBe('연속 체크인1일');

    // The final submission: a Korean message for a missing field, nothing lost, then saved with an image.
    await page.getByLabel('프로젝트 이름', { exact: true }).fill('회의록 요약 봇');
    await page.getByLabel('저장소 링크', { exact: true }).fill('https://github.com/example/minutes-bot');
    await page.getByTestId('submission-submit').click();
    await page.getByText('프로젝트 설명을 입력해 주세요.').waitFor();
    expect(await page.getByLabel('프로젝트 이름', { exact: true }).inputValue()).toBe('회의록 요약 봇');
    await page
      .getByLabel('프로젝트 설명', { exact: true })
      .fill('회의 녹음을 올리면 결정과 할 일을 정리해 주는 봇이에요.');
    await page.getByLabel('데모 링크 (선택)').fill('https://minutes-bot.example.com');
    await page.locator('#submission-image').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('[data-testid=submission-image][src^="/media/uploads/"]').waitFor();
    await page.getByTestId('submission-submit').click();
    await page.getByTestId('submission-saved').waitFor();

    // The team's submission is saved: after reloading it is there; after 15:00 on the last day it is read-only.
    await page.reload();
    expect(await page.getByLabel('프로젝트 이름', { exact: true }).inputValue()).toBe('회의록 요약 봇');
    await page.getByTestId('checkin-done').waitFor();
    await setClock(`${end}T15:00:00+09:00`);
    await page.reload();
    await page.getByTestId('submission-readonly').waitFor();
    expect(await page.getByTestId('submission-readonly').textContent()).toBe(
      '최종 제출은 마지막 날 오후 3시에 마감되었어요.',
    );
    expect(await page.getByTestId('submission-project-name').textContent()).toBe('회의록 요약 봇');
    expect(await page.getByTestId('submission-form').count()).toBe(0);
    await setClock(null);

    // The operator scores the team and publishes the judging.
    const health = await ok<TeamHealthResponse>('GET', `/admin/cohorts/${oddId}/team-health`, admin);
    const teamId = health.teams[0]!.teamId;
    await ok('PUT', `/admin/teams/${teamId}/score`, admin, {
      scores: { problem: 8, execution: 9, design: 7, teamwork: 10 },
      feedback: '문제 정의가 분명하고 완성도가 높아요.',
    });
    await ok('POST', `/admin/cohorts/${oddId}/results/publish`, admin, {
      memberPrizes: [{ joinId: me.joinId, amountKrw: 100_000 }],
    });

    await page.reload();
    const results = page.getByTestId('team-results');
    await results.waitFor();
    expect(await results.getByTestId('results-total').textContent()).toBe('855 / 1,000');
    expect(await results.getByTestId('results-feedback').textContent()).toBe('문제 정의가 분명하고 완성도가 높아요.');
    expect(await results.getByTestId('results-prizes').textContent()).toContain('400,000원');
    expect(await results.getByTestId('results-prizes').textContent()).toContain(`${me.name} 개인 상금100,000원`);
    await context.close();

    // A visitor finds the project on /projects.
    const visitor = await newPage(browser);
    await visitor.page.goto(`${baseUrl}/projects`);
    const card = visitor.page.locator(`[data-testid="sprint-project"][data-team-id="${teamId}"]`);
    await card.waitFor();
    expect(await card.getByRole('heading').textContent()).toBe('회의록 요약 봇');
    expect(await card.getByTestId('sprint-project-winner').textContent()).toBe('우승');
    expect(await card.getByRole('link', { name: '데모' }).getAttribute('href')).toBe('https://minutes-bot.example.com');
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/media\/uploads\//);
    await visitor.context.close();
  });
});
