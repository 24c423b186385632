import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES, type FaqResponse, type LegalResponse, type MainPageResponse } from '@sq/contracts';
import { contentService } from '../src/service';
import { closedPortUrl, startFakePrograms } from './support/programs';

/** Content built against a given programs URL (read when the app is built). */
async function contentWith(url: string, timeoutMs = '3000'): Promise<TestService> {
  process.env.PROGRAMS_SERVICE_URL = url;
  process.env.PROGRAMS_TIMEOUT_MS = timeoutMs;
  return build(contentService);
}

const scenarios: { name: string; content?: TestService; close?: () => Promise<void> }[] = [
  { name: 'programs unreachable' },
  { name: 'programs answering errors and wrong shapes' },
  { name: 'programs not answering in time' },
];

beforeAll(async () => {
  scenarios[0]!.content = await contentWith(await closedPortUrl());

  const broken = await startFakePrograms((request, response) => {
    if (request.url?.startsWith('/internal/products/1/')) {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ErrorCode: '00', refundRules: 'none' }));
    } else if (request.url?.startsWith('/internal/products/2/')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
    } else {
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ErrorCode: '50', message: '에러입니다.' }));
    }
  });
  scenarios[1]!.content = await contentWith(broken.url);
  scenarios[1]!.close = broken.close;

  // Accepts the connection and never answers.
  const silent = await startFakePrograms(() => undefined);
  scenarios[2]!.content = await contentWith(silent.url, '300');
  scenarios[2]!.close = silent.close;
});

afterAll(async () => {
  for (const scenario of scenarios) {
    await scenario.content?.close();
    await scenario.close?.();
  }
  delete process.env.PROGRAMS_TIMEOUT_MS;
});

describe.each(scenarios)('with $name', (scenario) => {
  const get = (url: string) => scenario.content!.app.inject({ method: 'GET', url });

  it('answers the FAQ without the refund schedules, with a Korean notice, never a 500', async () => {
    const started = Date.now();
    const response = await get('/api/faq');
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(response.statusCode).toBe(200);
    const { categories } = response.json<FaqResponse>();
    expect(categories).toHaveLength(4);
    const refunds = categories.flatMap((c) => c.entries).filter((e) => e.kind === 'REFUND');
    expect(refunds.length).toBeGreaterThanOrEqual(7);
    for (const entry of refunds) {
      expect(entry.notice).toBe(MESSAGES.refundRulesUnavailable);
      expect(entry.answer.some((line) => line.startsWith('· '))).toBe(false);
      expect(entry.answer.length).toBeGreaterThan(0);
    }
    const fee = categories[0]!.entries.find((e) => e.question === '참가비는 얼마이고 언제 결제되나요?')!;
    expect(fee.notice).toBe(MESSAGES.programsUnavailable);
    expect(fee.answer).toEqual(['팀이 꾸려지지 않으면 결제 예약은 자동으로 취소되고, 비용은 청구되지 않아요.']);
    const general = categories[3]!.entries;
    expect(general.every((e) => e.notice === null)).toBe(true);
    expect(JSON.stringify(categories)).not.toMatch(/\{\{/);
  });

  it('answers the terms with a notice in the refund sections', async () => {
    const response = await get('/api/legal/terms');
    expect(response.statusCode).toBe(200);
    const { sections } = response.json<LegalResponse>().document;
    const refundSections = sections.filter((s) => s.notice !== null);
    expect(refundSections.map((s) => s.heading)).toEqual([
      '제9조 (14주 팀 프로젝트의 환불)',
      '제10조 (10일 팀 스프린트의 환불)',
      '제11조 (플래너 코스의 환불)',
    ]);
    expect(refundSections.every((s) => s.notice === MESSAGES.refundRulesUnavailable && s.paragraphs.length === 1)).toBe(
      true,
    );
    expect((await get('/api/legal/privacy')).statusCode).toBe(200);
  });

  it('answers the main page without the programs, with a Korean notice', async () => {
    const response = await get('/api/open/main-page');
    expect(response.statusCode).toBe(200);
    const page = response.json<MainPageResponse>().mainPage;
    expect(page.programs).toBeNull();
    expect(page.programsNotice).toBe(MESSAGES.programsUnavailable);
    expect(page.banners).toHaveLength(2);
    expect(page.featuredProjects).toHaveLength(6);
    expect(page.featuredStories).toHaveLength(4);
    expect((await get('/api/getBanner')).statusCode).toBe(200);
  });
});
