import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '@sq/service-kit/testing';
import { MESSAGES, type FaqResponse, type LegalResponse, type ProgramRefundRulesResponse } from '@sq/contracts';
import type { ContentItem, FaqEntryBody } from '@sq/contracts/api/content-admin';
import { refundLines } from '@sq/contracts/refund-text';
import { contentService } from '../src/service';
import { startContentWithPrograms } from './support/programs';

let content: TestService;
let programs: TestService;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ content, programs, close } = await startContentWithPrograms(contentService));
});
afterAll(() => close?.());

const get = (url: string) => content.app.inject({ method: 'GET', url });
const faq = async (query = '') => (await get(`/api/faq${query}`)).json<FaqResponse>().categories;
const entry = async (slug: string, question: string) =>
  (await faq(`?category=${slug}`))[0]!.entries.find((e) => e.question === question)!;
const terms = async () => (await get('/api/legal/terms')).json<LegalResponse>().document;
const faqRows = async () =>
  Number((await content.app.knex('faq_entry').count<{ count: string }[]>({ count: '*' }))[0]!.count);

describe('FAQ', () => {
  it('has a category per program plus a general one, at least 8 entries per program', async () => {
    const response = await get('/api/faq');
    expect(response.statusCode).toBe(200);
    expect(response.json().ErrorCode).toBe('00');
    const categories = response.json<FaqResponse>().categories;
    expect(categories.map((c) => [c.slug, c.name, c.productId])).toEqual([
      ['bside', '14주 팀 프로젝트', 1],
      ['potenday', '10일 팀 스프린트', 2],
      ['planx', '플래너 코스', 3],
      ['general', '계정·결제', null],
    ]);
    for (const category of categories.slice(0, 3))
      expect(category.entries.length, category.slug).toBeGreaterThanOrEqual(8);
    for (const entry of categories.flatMap((c) => c.entries)) {
      expect(entry.answer.length, entry.question).toBeGreaterThan(0);
      expect(entry.notice, entry.question).toBeNull();
      expect(entry.answer.join(' '), entry.question).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('states the 14-week refund schedule of the terms, composed from the programs rows, with the open cohort dates', async () => {
    const individual = await entry('bside', '중도에 그만두면 환불받을 수 있나요?');
    expect(individual).toMatchObject({ kind: 'REFUND', productId: 1, notice: null });
    // The operators' introduction, the table from the rules, the open cohort's days, the operators' closing text.
    expect(individual.answer.slice(1)).toEqual([
      '· 팀 빌딩 결과 발표 전날까지 — 전액 환불(300,000원)',
      '· 킥오프 모임 당일까지 — 80% 환불(240,000원)',
      '· 프로젝트 시작 전날까지 — 70% 환불(210,000원)',
      '· 프로젝트 시작 후 2주가 지나기 전까지 — 50% 환불(150,000원)',
      '· 프로젝트 시작 후 2주가 지난 뒤 — 환불 불가',
      '14주 팀 프로젝트 12기(모집 중) 기준: 2026.12.15까지 전액, 2027.01.02까지 80%, 2027.01.03까지 70%, 2027.01.17까지 50% 환불',
      '팀 빌딩이 시작되기 전에는 마이페이지의 신청 내역에서 직접 취소할 수 있고, 팀 빌딩이 진행 중일 때는 채팅 상담 채널로 취소를 요청해 주세요.',
    ]);
    const teamStop = await entry('bside', '팀 활동이 중단되면 환불되나요?');
    expect(teamStop.answer.slice(1, 5)).toEqual([
      '· 팀 활동 중단: 1~4주차 — 80% 환불(240,000원)',
      '· 팀 활동 중단: 5~8주차 — 40% 환불(120,000원)',
      '· 팀 활동 중단: 9~12주차 — 20% 환불(60,000원)',
      '· 팀 활동 중단: 13주차부터 — 환불 불가',
    ]);
    const ended = await entry('bside', '운영사 사정으로 프로젝트가 끝나면 어떻게 되나요?');
    expect(ended.answer.slice(1, 5).map((line) => line.split(' — ')[1])).toEqual([
      '90% 환불(270,000원)',
      '50% 환불(150,000원)',
      '20% 환불(60,000원)',
      '환불 불가',
    ]);
    const reward = await entry('bside', '14주를 완주하면 참가비를 돌려받을 수 있나요?');
    expect(reward.answer[1]).toContain('참가비 전액(300,000원) 환급');
  });

  it('states the sprint and planner course rules', async () => {
    const sprint = await entry('potenday', '환불 규정이 어떻게 되나요?');
    expect(sprint.answer.slice(1, -1)).toEqual([
      '· 결제일을 포함해 7일째까지 — 전액 환불(30,000원)',
      '· 결제일을 포함해 8일째부터 — 환불 불가',
    ]);
    const invite = await entry('potenday', '팀 초대를 받은 뒤 참여가 어려워졌어요.');
    expect(invite.answer).toContain('· 팀 초대를 받은 뒤 시작 전에 그만두는 경우 — 50% 환불(15,000원)');
    const planx = await entry('planx', '환불 규정이 어떻게 되나요?');
    expect(planx.answer.slice(1, 5)).toEqual([
      '· 결제 후 7일 이내, VOD 수강 10% 이하 — 전액 환불(350,000원)',
      '· 수강 기간의 1/3이 지나기 전 — 3분의 2 환불(233,333원)',
      '· 수강 기간의 1/2이 지나기 전 — 50% 환불(175,000원)',
      '· 수강 기간의 1/2이 지난 뒤 — 환불 불가',
    ]);
    const perks = await entry('planx', '친구 추천이나 우수 수료생 혜택이 있나요?');
    expect(perks.answer.slice(1)).toEqual([
      '· 친구 추천 환급 — 50,000원 환급 (조건: 추천한 친구가 결제를 마친 경우)',
      '· 우수 수료생 환급 — 참가비의 50%(175,000원) 환급 (조건: 우수 수료생으로 선정된 경우)',
    ]);
  });

  it('names fees and team sizes from the programs data', async () => {
    expect((await entry('bside', '팀은 어떻게 구성되나요?')).answer[0]).toContain(
      '한 팀은 6~8명으로, 기획자 2명, 디자이너 2명, 개발자 4명을 기준으로',
    );
    expect((await entry('bside', '참가비는 얼마이고 언제 결제되나요?')).answer[0]).toContain(
      '참가비는 300,000원입니다.',
    );
    expect((await entry('bside', '친구와 같은 팀이 될 수 있나요?')).answer[0]).toContain('최대 2명까지');
    expect((await entry('bside', '누가 참여할 수 있나요?')).answer[0]).toContain('IT 실무 경력 6개월 이상');
    expect((await entry('potenday', '팀은 몇 명으로 꾸려지나요?')).answer[0]).toContain('2~4명');
    expect((await entry('planx', '팀 과제는 몇 명이 함께하나요?')).answer[0]).toContain('1~3명');
  });

  it('follows a change of the refund rows and the fee without a content change (one source)', async () => {
    const knex = programs.app.knex;
    const kickoff = await knex('refund_rule').where({ product_id: 1, phase: '킥오프 모임 당일까지' }).first();
    try {
      await knex('refund_rule').where({ rule_id: kickoff.rule_id }).update({ refund_numerator: 75 });
      await knex('product').where({ product_id: 1 }).update({ fee_krw: 320_000 });
      const individual = await entry('bside', '중도에 그만두면 환불받을 수 있나요?');
      expect(individual.answer).toContain('· 킥오프 모임 당일까지 — 75% 환불(240,000원)');
      expect(individual.answer).toContain('· 팀 빌딩 결과 발표 전날까지 — 전액 환불(320,000원)');
      expect((await entry('bside', '참가비는 얼마이고 언제 결제되나요?')).answer[0]).toContain('320,000원');
      const refundSection = (await terms()).sections.find((s) => s.heading.includes('14주 팀 프로젝트'))!;
      expect(refundSection.paragraphs).toContain('· 킥오프 모임 당일까지 — 75% 환불(240,000원)');
    } finally {
      await knex('refund_rule').where({ rule_id: kickoff.rule_id }).update({ refund_numerator: 80 });
      await knex('product').where({ product_id: 1 }).update({ fee_krw: 300_000 });
    }
  });

  it("lets operators write the text around a refund table and pick its cases; the figures stay the refund rules'", async () => {
    const OPERATOR = { userId: 900, role: 'ROLE_ADMIN' as const, sid: 'operator-session' };
    const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
      content.app.inject({
        method,
        url: `/api/admin/content${url}`,
        headers: content.as(OPERATOR),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const question = '팀 활동이 중단되면 환불되나요?';
    const { entryId } = await entry('bside', question);
    const original = (await admin('GET', `/faq-entry/${entryId}`)).json<{ item: ContentItem }>().item
      .body as FaqEntryBody;
    expect(original).toMatchObject({ kind: 'REFUND', productId: 1, refundCases: ['TEAM_STOP'], answerAfter: [] });
    const published = await entry('bside', question);
    const save = (body: unknown) => admin('PUT', `/faq-entry/${entryId}/draft`, { body });

    // What the program's rules do not have, what a refund answer needs, and what only a refund answer has: refused, nothing saved.
    const missing = await save({ ...original, refundCases: ['TEAM_STOP', 'LEFT_AFTER_INVITE'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ refundCases: MESSAGES.contentRefundCasesMissing });
    expect((await save({ ...original, refundCases: [] })).json().fields).toEqual({
      refundCases: MESSAGES.contentRefundCasesRequired,
    });
    expect((await save({ ...original, refundCases: null })).json().fields).toEqual({
      refundCases: MESSAGES.contentRefundCasesRequired,
    });
    const text = await save({ ...original, kind: 'TEXT', refundCases: null, answerAfter: ['표 아래 문단'] });
    expect(text.json().fields).toEqual({ answerAfter: MESSAGES.contentAnswerAfterRefundOnly });
    expect(
      await content.app.knex('content_draft').where({ kind: 'faq-entry', item_id: entryId }).first(),
    ).toBeUndefined();

    const edited = {
      ...original,
      answer: ['팀이 멈추면 이렇게 돌려드려요.'],
      answerAfter: ['참가비 {{fee}} 기준이에요.'],
      refundCases: ['TEAM_STOP', 'COMPANY_ENDED'],
    };
    expect((await save(edited)).statusCode).toBe(200);
    expect(await entry('bside', question)).toEqual(published);
    expect((await admin('POST', `/faq-entry/${entryId}/publish`)).statusCode).toBe(200);
    try {
      const answer = (await entry('bside', question)).answer;
      expect(answer[0]).toBe('팀이 멈추면 이렇게 돌려드려요.');
      expect(answer.at(-1)).toBe('참가비 300,000원 기준이에요.');
      expect(answer).toEqual(
        expect.arrayContaining([
          '[팀 활동이 중단된 경우]',
          '· 팀 활동 중단: 1~4주차 — 80% 환불(240,000원)',
          '[회사 사정으로 프로그램이 끝나는 경우]',
          '· 회사 사정으로 종료: 시작 후 1개월 이내 — 90% 환불(270,000원)',
        ]),
      );
      // The lines members read are the refund rules' (the ones the payment engine refunds by), never typed.
      const rules = (
        await programs.app.inject({
          method: 'GET',
          url: '/internal/products/1/refund-rules',
          headers: programs.internalHeaders,
        })
      ).json<ProgramRefundRulesResponse>();
      expect(answer.filter((line) => line.startsWith('· '))).toEqual(
        refundLines(rules, ['TEAM_STOP', 'COMPANY_ENDED']).filter((line) => line.startsWith('· ')),
      );
    } finally {
      await save(original);
      await admin('POST', `/faq-entry/${entryId}/publish`);
    }
    expect(await entry('bside', question)).toEqual(published);
  });

  it('answers one category by slug', async () => {
    const only = await faq('?category=potenday');
    expect(only.map((c) => c.slug)).toEqual(['potenday']);
    expect((await faq('?category=general'))[0]!.entries.length).toBeGreaterThanOrEqual(5);
  });

  it('rejects unknown, malformed, oversized and injected categories with a Korean message', async () => {
    const before = await faqRows();
    const unknown = await get('/api/faq?category=nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ ErrorCode: '44', message: MESSAGES.notFound });
    for (const query of [
      'category=',
      'category=BSIDE',
      'category=1bside',
      "category=bside'%20or%20'1'='1",
      'category=bside;drop%20table%20faq_entry',
      `category=${'a'.repeat(41)}`,
      `category=${'b'.repeat(20000)}`,
      'category=bside&category=planx',
      'category=%3Cscript%3E',
      'category=%EC%A0%84%EC%B2%B4',
    ]) {
      const response = await get(`/api/faq?${query}`);
      expect(response.statusCode, query.slice(0, 60)).toBe(400);
      expect(response.json(), query.slice(0, 60)).toMatchObject({ ErrorCode: '40', message: MESSAGES.badRequest });
    }
    expect(await faqRows()).toBe(before);
    expect((await get('/api/faq/anything')).json().message).toBe(MESSAGES.operationNotFound);
  });
});

describe('legal texts', () => {
  it('serves the terms in effect since 2020-07-24 with the refund schedules from the programs rows', async () => {
    const response = await get('/api/legal/terms');
    expect(response.statusCode).toBe(200);
    const document = response.json<LegalResponse>().document;
    expect(document).toMatchObject({
      kind: 'terms',
      version: 1,
      title: '이용약관',
      effectiveDate: '2020-07-24',
      versions: [{ version: 1, effectiveDate: '2020-07-24' }],
    });
    expect(document.sections.at(-1)).toEqual({
      heading: '부칙',
      paragraphs: ['이 약관은 2020.07.24부터 시행합니다.'],
      notice: null,
    });
    const text = document.sections.flatMap((s) => s.paragraphs).join('\n');
    expect(text).toContain('시행일 7일 전부터 공지');
    expect(text).toContain('시행일 30일 전부터 공지');
    // The terms and the FAQ read the same lines.
    const bside = document.sections.find((s) => s.heading === '제9조 (14주 팀 프로젝트의 환불)')!;
    const faqIndividual = (await entry('bside', '중도에 그만두면 환불받을 수 있나요?')).answer.filter((l) =>
      l.startsWith('· '),
    );
    const faqTeamStop = (await entry('bside', '팀 활동이 중단되면 환불되나요?')).answer.filter((l) =>
      l.startsWith('· '),
    );
    expect(bside.paragraphs).toEqual(expect.arrayContaining([...faqIndividual, ...faqTeamStop]));
    expect(bside.paragraphs).toContain('[회사 사정으로 프로그램이 끝나는 경우]');
    expect(bside.paragraphs).toContain('· 회사 사정으로 종료: 시작 후 1개월 이내 — 90% 환불(270,000원)');
    expect(bside.notice).toBeNull();
    const sprint = document.sections.find((s) => s.heading === '제10조 (10일 팀 스프린트의 환불)')!;
    expect(sprint.paragraphs).toContain('· 팀 초대를 받은 뒤 시작 전에 그만두는 경우 — 50% 환불(15,000원)');
    const planx = document.sections.find((s) => s.heading === '제11조 (플래너 코스의 환불)')!;
    expect(planx.paragraphs).toContain('· 수강 기간의 1/3이 지나기 전 — 3분의 2 환불(233,333원)');
  });

  it('serves the privacy policy with the retention periods and notice periods', async () => {
    const document = (await get('/api/legal/privacy')).json<LegalResponse>().document;
    expect(document).toMatchObject({
      kind: 'privacy',
      version: 1,
      title: '개인정보 처리방침',
      effectiveDate: '2020-07-24',
    });
    const retention = document.sections.find((s) => s.heading === '4. 개인정보의 보유와 이용 기간')!.paragraphs;
    expect(retention).toEqual(
      expect.arrayContaining([
        '· 계약 또는 청약철회 등에 관한 기록: 5년 (전자상거래 등에서의 소비자보호에 관한 법률)',
        '· 대금결제 및 재화 등의 공급에 관한 기록: 5년 (전자상거래 등에서의 소비자보호에 관한 법률)',
        '· 소비자의 불만 또는 분쟁처리에 관한 기록: 3년 (전자상거래 등에서의 소비자보호에 관한 법률)',
        '· 로그인 기록: 3개월 (통신비밀보호법)',
      ]),
    );
    const change = document.sections.find((s) => s.heading === '12. 개인정보 처리방침의 변경')!.paragraphs.join(' ');
    expect(change).toContain('시행일 7일 전부터');
    expect(change).toContain('시행일 30일 전부터');
    expect(document.sections.every((s) => s.notice === null)).toBe(true);
  });

  it('switches to a new version on its effective date and keeps the earlier one readable', async () => {
    const knex = content.app.knex;
    const [future] = await knex('legal_document')
      .insert({ kind: 'terms', version: 3, title: '이용약관', effective_date: '2099-01-01' })
      .returning('document_id');
    const [current] = await knex('legal_document')
      .insert({ kind: 'terms', version: 2, title: '이용약관', effective_date: '2026-01-01' })
      .returning('document_id');
    await knex('legal_section').insert({
      document_id: current.document_id,
      sort_order: 0,
      heading: '부칙',
      paragraphs: ['이 약관은 2026.01.01부터 시행합니다.'],
    });
    try {
      const document = await terms();
      expect(document.version).toBe(2);
      expect(document.versions).toEqual([
        { version: 2, effectiveDate: '2026-01-01' },
        { version: 1, effectiveDate: '2020-07-24' },
      ]);
      expect((await get('/api/legal/terms?version=1')).json<LegalResponse>().document.effectiveDate).toBe('2020-07-24');
      expect((await get('/api/legal/terms?version=3')).statusCode).toBe(404);
    } finally {
      await knex('legal_document').whereIn('document_id', [future.document_id, current.document_id]).del();
    }
    expect((await terms()).version).toBe(1);
  });

  it('rejects bad versions and unknown documents without a 500', async () => {
    const before = Number(
      (await content.app.knex('legal_document').count<{ count: string }[]>({ count: '*' }))[0]!.count,
    );
    expect((await get('/api/legal/privacy?version=9')).json()).toEqual({ ErrorCode: '44', message: MESSAGES.notFound });
    for (const query of [
      'version=0',
      'version=-1',
      'version=abc',
      'version=1.5',
      'version=99999999',
      "version=1'--",
      'version=1&version=2',
      `version=${'1'.repeat(4000)}`,
    ]) {
      const response = await get(`/api/legal/terms?${query}`);
      expect(response.statusCode, query.slice(0, 40)).toBe(400);
      expect(response.json().message).toBe(MESSAGES.badRequest);
    }
    for (const path of [
      '/api/legal/cookies',
      '/api/legal/TERMS',
      '/api/legal/terms/1',
      '/api/legal/terms%00',
      '/api/legal/',
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBeLessThan(500);
      expect(response.json().message, path).toMatch(/[가-힣]/);
    }
    const after = Number(
      (await content.app.knex('legal_document').count<{ count: string }[]>({ count: '*' }))[0]!.count,
    );
    expect(after).toBe(before);
  });
});

describe('programs internal refund-rules route', () => {
  const call = (url: string, headers: Record<string, string> = programs.internalHeaders) =>
    programs.app.inject({ method: 'GET', url, headers });

  it('answers only service-to-service calls', async () => {
    const refused = await call('/internal/products/1/refund-rules', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.forbidden);
    expect((await call('/internal/products/1/refund-rules', { 'x-internal-secret': 'guess' })).statusCode).toBe(403);
  });

  it('gives the product facts, its rules and the reference cohort', async () => {
    const body = (await call('/internal/products/1/refund-rules')).json<ProgramRefundRulesResponse>();
    expect(body.product).toMatchObject({
      productId: 1,
      slug: 'bside',
      feeKrw: 300_000,
      teamMakeup: { minSize: 6, maxSize: 8 },
    });
    expect(body.refundRules.filter((r) => r.case === 'INDIVIDUAL').map((r) => r.refundPercent)).toEqual([
      100, 80, 70, 50, 0,
    ]);
    expect(body.cohort).toMatchObject({ oddId: 112, status: 'RECRUITING', statusName: '모집 중' });
    expect((await call('/internal/products/2/refund-rules')).json<ProgramRefundRulesResponse>().cohort).toMatchObject({
      oddId: 212,
      status: 'UPCOMING',
    });
    expect((await call('/internal/products/999/refund-rules')).statusCode).toBe(404);
    expect((await call('/internal/products/abc/refund-rules')).statusCode).toBe(400);
  });
});
