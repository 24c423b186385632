import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import type {
  ApplicationDraft,
  BookResponse,
  DupcheckResponse,
  JoinHistoryResponse,
  JoinProjectResponse,
} from '@sq/contracts/api/applications';
import {
  PRODUCT_ANSWERS,
  SITE_URL,
  TEST_CARDS,
  TODAY,
  asideAnswers,
  customerIdFor,
  newMember,
  requiredAnswers,
  startApplyStack,
  type ApplyStack,
} from './support/apply-stack';
import { memberClient } from './support/member-client';

let stack: ApplyStack;
beforeAll(async () => {
  stack = await startApplyStack();
});
afterAll(async () => {
  await stack?.close();
});

const BSIDE = 112;
const POTENDAY = 212;
const PLANX = 304;
const GENERIC = 401;

const pgState = () => stack.pg.state();
const drainMail = () => stack.programs.app.jobs.drain('application-mail', 'reservation-release');
const mailsTo = (to: string) => stack.mail.messages().filter((m) => m.to.includes(to));

describe('the 14-week project (bside): reserved at application, steps in order', () => {
  it('walks every step with the server checks, reserves the fee on the card page and shows it in my page', async () => {
    const member = memberClient(stack, newMember());
    const dup = (await member.inject('GET', `/api/apply/${BSIDE}/dupcheck`)).json<DupcheckResponse>();
    expect(dup).toMatchObject({ applied: false, application: null, open: true, closedReason: null });

    const started = await member.startDraft(BSIDE);
    expect(started.statusCode).toBe(201);
    const draft = started.json<{ draft: ApplicationDraft }>().draft;
    expect(draft).toMatchObject({
      state: 'DRAFT',
      stateName: '작성 중',
      currentStep: 'required',
      maxFriends: 2,
      minExperienceMonths: 6,
      chargePolicy: 'ON_TEAM_PUBLISH',
    });
    expect(draft.steps).toEqual([
      { step: 'required', saved: false },
      { step: 'aside', saved: false },
      { step: 'product', saved: false },
    ]);
    expect(draft.links.resume).toBe(`/bside/apply/${BSIDE}/required`);
    expect((await member.startDraft(BSIDE)).statusCode).toBe(200);

    // A later step before an earlier one is refused (ASVS 2.3.1), and nothing is stored.
    const early = await member.saveStep(BSIDE, 'aside', asideAnswers());
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ ErrorCode: '49', message: MESSAGES.applyStepOrder });
    expect((await member.saveStep(BSIDE, 'product', PRODUCT_ANSWERS.TEAM_PROJECT)).statusCode).toBe(409);

    // Validation and eligibility, in Korean.
    const bad = await member.saveStep(BSIDE, 'required', requiredAnswers({ phone: '12', contactEmail: 'nope' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ contactEmail: MESSAGES.emailFormat });
    const junior = await member.saveStep(BSIDE, 'required', requiredAnswers({ experienceMonths: 5 }));
    expect(junior.statusCode).toBe(422);
    expect(junior.json().message).toBe('IT 실무 경력 6개월 이상부터 지원할 수 있어요.');
    const required = await member.saveStep(BSIDE, 'required', requiredAnswers({ experienceMonths: 6 }));
    expect(required.statusCode).toBe(200);
    expect(required.json().draft).toMatchObject({ role: 'DEVELOPER', roleName: '개발자', currentStep: 'aside' });

    // Friends: at most the product's max_friends, each an existing career card.
    const tooMany = await member.saveStep(
      BSIDE,
      'aside',
      asideAnswers({ friendCareerCardIds: ['minji', 'junho', 'seoyeon'] }),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('함께할 친구는 최대 2명까지 신청할 수 있어요.');
    const ghost = await member.saveStep(BSIDE, 'aside', asideAnswers({ friendCareerCardIds: ['nobody42x'] }));
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().fields).toEqual({ friendCareerCardIds: MESSAGES.applyFriendNotFound });
    expect(
      (await member.saveStep(BSIDE, 'aside', asideAnswers({ friendCareerCardIds: ['minji', 'MINJI'] }))).statusCode,
    ).toBe(400);
    expect(
      (await member.saveStep(BSIDE, 'aside', asideAnswers({ friendCareerCardIds: ['minji', 'junho'] }))).statusCode,
    ).toBe(200);

    // The program's own questions: the sprint's do not fit, the role must be the one applied for.
    expect((await member.saveStep(BSIDE, 'product', PRODUCT_ANSWERS.SPRINT)).statusCode).toBe(422);
    const wrongRole = await member.saveStep(BSIDE, 'product', {
      ...PRODUCT_ANSWERS.TEAM_PROJECT,
      roleQuestions: { role: 'DESIGNER', designTools: ['Figma'], bestWork: '앱 리디자인' },
    });
    expect(wrongRole.json().message).toBe(MESSAGES.applyRoleMismatch);
    const product = await member.saveStep(BSIDE, 'product', PRODUCT_ANSWERS.TEAM_PROJECT);
    expect(product.json().draft).toMatchObject({ currentStep: 'book' });
    expect(product.json().draft.order).toMatchObject({
      feeKrw: 300_000,
      feeText: '300,000원',
      chargeOn: '2026-12-16',
      roleName: '개발자',
    });
    expect(product.json().draft.order.chargeWhen).toContain('2026.12.16');
    expect(product.json().draft.order.refundSchedule[0]).toMatchObject({
      case: 'INDIVIDUAL',
      refundPercent: 100,
      until: '2026-12-15',
    });

    const booked = await member.book(BSIDE);
    expect(booked.statusCode).toBe(200);
    const book = booked.json<BookResponse>();
    expect(book.application.state).toBe('SUBMITTED');
    expect(book.payment.redirectUrl).toBe(`${SITE_URL}/bside/apply/${BSIDE}/book`);
    const page = new URL(book.payment.paymentPageUrl);
    expect(page.origin).toBe(stack.pg.url);
    expect(Object.fromEntries(page.searchParams)).toMatchObject({
      storeId: 'store-test',
      issueId: book.payment.issueId,
      customerId: customerIdFor(stack, member.identity.userId),
    });
    expect(book.payment.issueId).toMatch(new RegExp(`^sq-${book.application.joinId}-issue-1-[0-9a-f]{32}$`));

    const query = await member.payOnCardPage(book);
    expect(query).toMatchObject({ issueId: book.payment.issueId });
    const confirmed = (await member.confirm(BSIDE, query)).json();
    expect(confirmed).toMatchObject({
      result: 'RESERVED',
      failure: null,
      next: `/bside/book/success/${book.application.joinId}`,
    });
    expect(confirmed.application).toMatchObject({
      state: 'RESERVED',
      stateName: '결제 예약',
      live: true,
      currentStep: null,
    });
    // Reserved, not charged.
    expect(
      pgState().billingKeys.filter((k) => k.customerId === customerIdFor(stack, member.identity.userId)),
    ).toHaveLength(1);
    expect(pgState().payments.filter((p) => p.id.startsWith(`sq-${book.application.joinId}-`))).toHaveLength(0);
    // The same answer again changes nothing.
    expect((await member.confirm(BSIDE, query)).json().result).toBe('RESERVED');

    const detail = await member.detailOf(book.application.joinId);
    expect(detail.history.map((h) => h.to)).toEqual(['DRAFT', 'SUBMITTED', 'RESERVED']);
    expect(detail.payment).toMatchObject({
      card: '424242******4242',
      chargeOn: '2026-12-16',
      chargedKrw: 0,
      refundableTodayKrw: 0,
    });
    expect(detail.payment.events.map((e) => e.type)).toEqual(['RESERVED']);
    expect(detail.cancel).toEqual({ allowed: true, reason: null, refundKrw: 0 });
    expect(detail.answers.aside?.friendCareerCardIds).toEqual(['minji', 'junho']);

    const again = (await member.inject('GET', `/api/apply/${BSIDE}/dupcheck`)).json<DupcheckResponse>();
    expect(again).toMatchObject({
      applied: true,
      application: { joinId: book.application.joinId, links: { detail: `/mypage/history/${book.application.joinId}` } },
    });
    const second = await member.startDraft(BSIDE);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: MESSAGES.applyAlreadyApplied,
      fields: { joinId: String(book.application.joinId) },
    });

    await drainMail();
    const mail = await stack.mail.waitFor(detail.answers.required!.contactEmail);
    expect(mail.subject).toContain('결제가 예약');
    expect(mail.text).toContain('300,000원');
  });

  it('keeps the answers through a declined card and reserves on the retry', async () => {
    const member = memberClient(stack, newMember());
    await member.fillAnswers(BSIDE, 'TEAM_PROJECT');
    const book = (await member.book(BSIDE)).json<BookResponse>();
    const declined = await member.payOnCardPage(book, TEST_CARDS.declined);
    expect(declined.code).toBeTruthy();
    const failed = (await member.confirm(BSIDE, declined)).json();
    expect(failed).toMatchObject({ result: 'PAYMENT_FAILED', next: `/bside/book/fail/${BSIDE}` });
    expect(failed.failure.message).toBe(declined.message);
    expect(failed.failure.message).toMatch(/[가-힣]/);

    const draft = (await member.inject('GET', `/api/apply/${BSIDE}/draft`)).json().draft as ApplicationDraft;
    expect(draft).toMatchObject({
      state: 'PAYMENT_FAILED',
      currentStep: 'book',
      lastFailure: { message: declined.message },
    });
    expect(draft.answers.product).toEqual(PRODUCT_ANSWERS.TEAM_PROJECT);

    const retry = (await member.book(BSIDE)).json<BookResponse>();
    expect(retry.payment.issueId).toMatch(new RegExp(`^sq-${book.application.joinId}-issue-2-[0-9a-f]{32}$`));
    // The first attempt's answer no longer applies.
    expect((await member.confirm(BSIDE, { issueId: book.payment.issueId, code: 'X', message: 'old' })).statusCode).toBe(
      409,
    );
    const ok = (await member.confirm(BSIDE, await member.payOnCardPage(retry))).json();
    expect(ok.result).toBe('RESERVED');
    const detail = await member.detailOf(book.application.joinId);
    expect(detail.history.map((h) => h.to)).toEqual(['DRAFT', 'SUBMITTED', 'PAYMENT_FAILED', 'SUBMITTED', 'RESERVED']);
    expect(detail.payment.events.map((e) => e.type)).toEqual(['ISSUE_FAILED', 'RESERVED']);
  });
});

describe('friend requests by career card', () => {
  it('stores the members behind the requested cards and refuses the applicant own card', async () => {
    const member = memberClient(stack, newMember());
    const friend = newMember();
    const card = async (profileId: string, userId: number) => {
      const response = await stack.careercard.app.inject({
        method: 'POST',
        url: '/internal/profiles',
        headers: { ...stack.careercard.internalHeaders, 'idempotency-key': `card-${profileId}-key` },
        payload: {
          profileId,
          userId,
          userAlias: profileId,
          jobGroupCode: 'JG_DEV',
          positionCode: 'POS_BACKEND',
          yearCode: 'CY_1_3Y',
        },
      });
      expect(response.statusCode).toBe(201);
    };
    const tag = String(member.identity.userId);
    await card(`me${tag}`, member.identity.userId);
    await card(`fr${tag}`, friend.userId);
    await member.startDraft(BSIDE);
    await member.saveStep(BSIDE, 'required', requiredAnswers());
    const self = await member.saveStep(BSIDE, 'aside', asideAnswers({ friendCareerCardIds: [`me${tag}`] }));
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(MESSAGES.applyFriendSelf);
    const saved = await member.saveStep(
      BSIDE,
      'aside',
      asideAnswers({ friendCareerCardIds: [`FR${tag}`, 'minji'], weeklyHours: 12 }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().draft.answers.aside).toMatchObject({
      weeklyHours: 12,
      friendCareerCardIds: [`FR${tag}`, 'minji'],
    });
    const row = await stack.programs.app
      .knex('application')
      .where({ user_id: member.identity.userId, odd_id: BSIDE })
      .first();
    // minji is the seeded demo member's card (user 1 in the account and careercard seeds).
    const minji = await stack.careercard.app.knex('profile').where({ profile_id: 'minji' }).first();
    expect([...row.friend_user_ids].sort((a: number, b: number) => a - b)).toEqual(
      [minji.user_id, friend.userId].sort((a, b) => a - b),
    );
    expect((await member.saveStep(BSIDE, 'aside', asideAnswers({ weeklyHours: 200 }))).json().message).toBe(
      MESSAGES.applyWeeklyHours,
    );
  });
});

describe('the PG answer is never taken from the browser', () => {
  it('refuses another member card (billing key) and a key the PG does not know', async () => {
    const alice = memberClient(stack, newMember());
    const bob = memberClient(stack, newMember());
    await alice.fillAnswers(POTENDAY, 'SPRINT');
    await bob.fillAnswers(POTENDAY, 'SPRINT');
    const aliceQuery = await alice.payOnCardPage((await alice.book(POTENDAY)).json());
    const bobBook = (await bob.book(POTENDAY)).json<BookResponse>();
    const stolen = await bob.confirm(POTENDAY, {
      issueId: bobBook.payment.issueId,
      billingKey: aliceQuery.billingKey!,
    });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toBe(MESSAGES.paymentIssueMismatch);
    const invented = await bob.confirm(POTENDAY, {
      issueId: bobBook.payment.issueId,
      billingKey: 'billing-key-invented',
    });
    expect(invented.statusCode).toBe(409);
    expect((await bob.detailOf(bobBook.application.joinId)).state).toBe('SUBMITTED');
    // Alice's own answer still works.
    expect((await alice.confirm(POTENDAY, aliceQuery)).json().result).toBe('RESERVED');
  });

  it('confirms nothing for a draft that never opened a card page (it used to answer PAID)', async () => {
    const carol = memberClient(stack, newMember());
    await carol.startDraft(GENERIC);
    await carol.saveStep(GENERIC, 'required', requiredAnswers());
    const queries: Record<string, string>[] = [
      { issueId: 'sq-1-issue-1', code: 'CANCELLED', message: '취소' },
      { issueId: 'sq-1-issue-1', billingKey: 'billing-key-invented' },
    ];
    for (const query of queries) {
      const confirmed = await carol.confirm(GENERIC, query);
      expect(confirmed.statusCode).toBe(409);
      expect(confirmed.json().message).toBe(MESSAGES.paymentIssueMismatch);
    }
    const draft = (await carol.inject('GET', `/api/apply/${GENERIC}/draft`)).json<{ draft: ApplicationDraft }>().draft;
    expect(draft).toMatchObject({ state: 'DRAFT', currentStep: 'aside' });
  });
});

describe('the sprint (potenday) on a phone', () => {
  it('returns to the spec callback /potenday/cb/{oddId} and reserves', async () => {
    const member = memberClient(stack, newMember());
    const draft = await member.fillAnswers(POTENDAY, 'SPRINT');
    expect(draft.flow.steps).toEqual(['required', 'aside', 'product', 'book']);
    const book = (await member.book(POTENDAY, 'mobile')).json<BookResponse>();
    expect(book.payment.redirectUrl).toBe(`${SITE_URL}/potenday/cb/${POTENDAY}`);
    const confirmed = (await member.confirm(POTENDAY, await member.payOnCardPage(book))).json();
    expect(confirmed).toMatchObject({ result: 'RESERVED', next: `/potenday/book/success/${book.application.joinId}` });
  });

  it('takes no friend requests where the product has none', async () => {
    const member = memberClient(stack, newMember());
    await member.startDraft(POTENDAY);
    await member.saveStep(POTENDAY, 'required', requiredAnswers());
    const friends = await member.saveStep(POTENDAY, 'aside', asideAnswers({ friendCareerCardIds: ['minji'] }));
    expect(friends.statusCode).toBe(422);
    expect(friends.json().message).toBe(MESSAGES.applyFriendsNotAllowed);
  });
});

describe('the planner course (planx) and a generic product: charged at purchase', () => {
  it('charges the course once at purchase, with its refund window from the payment day', async () => {
    const member = memberClient(stack, newMember());
    const confirmed = await member.applyAndPay(PLANX, 'COURSE');
    expect(confirmed).toMatchObject({
      result: 'PAID',
      application: { state: 'PAID', stateName: '결제 완료' },
      next: `/planx/book/success/${confirmed.application.joinId}`,
    });
    const payments = pgState().payments.filter((p) => p.id.startsWith(`sq-${confirmed.application.joinId}-`));
    expect(payments).toEqual([
      expect.objectContaining({
        id: `sq-${confirmed.application.joinId}-charge`,
        status: 'PAID',
        amount: { total: 350_000, paid: 350_000, cancelled: 0 },
      }),
    ]);
    const detail = await member.detailOf(confirmed.application.joinId);
    expect(detail.payment).toMatchObject({
      chargedKrw: 350_000,
      refundableTodayKrw: 350_000,
      refundableUntil: '2026-11-30',
      chargeOn: null,
    });
    expect(detail.payment.events.map((e) => e.type)).toEqual(['CHARGED']);
    await drainMail();
    expect((await stack.mail.waitFor(detail.answers.required!.contactEmail)).subject).toContain('결제가 완료');
  });

  it('keeps the answers when the card has no funds at charge time, and charges on the retry under the same payment id', async () => {
    const member = memberClient(stack, newMember());
    const failed = await member.applyAndPay(PLANX, 'COURSE', TEST_CARDS.insufficientFunds);
    const joinId = failed.application.joinId;
    expect(failed).toMatchObject({
      result: 'PAYMENT_FAILED',
      application: { state: 'PAYMENT_FAILED' },
      next: `/planx/book/fail/${PLANX}`,
    });
    expect(failed.failure!.message).toContain('잔액');
    const declinedKey = (await stack.programs.app.knex('application').where({ join_id: joinId }).first()).billing_key;
    const retry = (await member.book(PLANX)).json<BookResponse>();
    // The refused card's key is given back to the PG when the member tries another card.
    expect(pgState().billingKeys.find((k) => k.billingKey === declinedKey)!.status).toBe('DELETED');
    const paid = (await member.confirm(PLANX, await member.payOnCardPage(retry))).json();
    expect(paid.result).toBe('PAID');
    // One obligation, one payment id: the PG took a second attempt under the id whose first attempt failed.
    expect(
      pgState()
        .payments.filter((p) => p.id.startsWith(`sq-${joinId}-`))
        .map((p) => [p.id, p.status]),
    ).toEqual([[`sq-${joinId}-charge`, 'PAID']]);
  });

  it('runs the generic flow without a program step', async () => {
    const member = memberClient(stack, newMember());
    const draft = await member.fillAnswers(GENERIC, 'GENERIC');
    expect(draft.currentStep).toBe('book');
    const product = await member.saveStep(GENERIC, 'product', PRODUCT_ANSWERS.COURSE);
    expect(product.statusCode).toBe(404);
    expect(product.json().message).toBe(MESSAGES.applyStepNotInFlow);
    const book = (await member.book(GENERIC, 'mobile')).json<BookResponse>();
    expect(book.payment.redirectUrl).toBe(`${SITE_URL}/product/cb/${GENERIC}`);
    const paid = (await member.confirm(GENERIC, await member.payOnCardPage(book))).json();
    expect(paid).toMatchObject({ result: 'PAID', next: `/product/book/success/${book.application.joinId}` });
  });
});

describe('cohorts that cannot take applications', () => {
  it('answers unknown, ended, cancelled and full cohorts in Korean, never a 500', async () => {
    const member = memberClient(stack, newMember());
    const unknown = await member.startDraft(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.applyCohortNotFound);
    for (const bad of ['abc', '0', '-1']) expect((await member.startDraft(bad as never)).statusCode).toBe(400);
    const ended = await member.startDraft(111);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe(MESSAGES.applyCohortNotRecruiting);
    const knex = stack.programs.app.knex;
    const [cancelled] = await knex('cohort')
      .insert({
        product_id: 2,
        name: '취소된 스프린트',
        recruit_start: '2026-11-01T00:00:00+09:00',
        recruit_end: '2026-12-31T00:00:00+09:00',
        start_date: '2027-01-05',
        end_date: '2027-01-14',
        cancelled_at: TODAY,
      })
      .returning('odd_id');
    expect((await member.startDraft(cancelled.odd_id)).json().message).toBe(MESSAGES.applyCohortCancelled);
    const [full] = await knex('cohort')
      .insert({
        product_id: 4,
        name: '정원 1명',
        recruit_start: '2026-11-01T00:00:00+09:00',
        recruit_end: '2026-12-31T00:00:00+09:00',
        start_date: '2027-01-05',
        end_date: '2027-01-05',
        capacity: 1,
      })
      .returning('odd_id');
    await knex('application').insert({ odd_id: full.odd_id, user_id: 1, role: 'DEVELOPER', status: 'PAID' });
    const fullAnswer = await member.startDraft(full.odd_id);
    expect(fullAnswer.statusCode).toBe(409);
    expect(fullAnswer.json().message).toBe(MESSAGES.applyCohortFull);
    expect((await member.inject('GET', `/api/apply/${full.odd_id}/dupcheck`)).json()).toMatchObject({
      applied: false,
      open: false,
      closedReason: MESSAGES.applyCohortFull,
    });
    expect(await knex('application').where({ user_id: member.identity.userId }).count({ n: '*' })).toEqual([
      { n: '0' },
    ]);
  });

  it('needs a signed-in member', async () => {
    const visitor = await stack.programs.app.inject({ method: 'POST', url: `/api/apply/${BSIDE}/draft` });
    expect(visitor.statusCode).toBe(401);
    expect((await stack.programs.app.inject({ method: 'GET', url: '/api/join/history' })).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it('answers every malformed request in Korean with a 4xx and stores nothing', async () => {
    const member = memberClient(stack, newMember());
    await member.startDraft(GENERIC);
    const before = await stack.programs.app.knex('application').where({ user_id: member.identity.userId }).first();
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      {},
      { contactEmail: ['a'] },
      { role: 'CEO' },
      { experienceMonths: -1 },
      { experienceMonths: 1e9 },
      { contactEmail: 'x'.repeat(5000) },
    ];
    const attempts = [
      ...bodies.map((body) => () => member.inject('PUT', `/api/apply/${GENERIC}/steps/required`, body ?? undefined)),
      ...bodies.map((body) => () => member.inject('PUT', `/api/apply/${GENERIC}/steps/aside`, body ?? undefined)),
      () => member.inject('PUT', `/api/apply/${GENERIC}/steps/${'x'.repeat(30)}`, {}),
      () => member.inject('PUT', `/api/apply/${GENERIC}/steps/intro`, {}),
      () => member.inject('PUT', `/api/apply/${GENERIC}/steps/book`, {}),
      () => member.inject('POST', `/api/apply/${GENERIC}/book`, { agreeTerms: 'yes' }),
      () =>
        member.inject('POST', `/api/apply/${GENERIC}/book`, {
          agreeTerms: true,
          agreePrivacy: true,
          agreeRefundPolicy: true,
        }),
      () => member.inject('POST', `/api/apply/${GENERIC}/payment/confirm`, {}),
      () =>
        member.inject('POST', `/api/apply/${GENERIC}/payment/confirm`, { issueId: 'sq-1-issue-1', billingKey: 'nope' }),
      () => member.inject('POST', '/api/join/history/one', { joinId: -5 }),
      () => member.inject('POST', '/api/join/history/one', { joinId: 99_999_999_999 }),
      () => member.inject('POST', '/api/applications/abc/cancel', {}),
      () => member.inject('POST', '/api/applications/999999/cancel', { reason: 'x'.repeat(1000) }),
      () =>
        stack.programs.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: { 'content-type': 'application/json' },
          payload: '{not json',
        }),
      () =>
        stack.programs.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: { 'content-type': 'text/plain' },
          payload: 'x',
        }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    const after = await stack.programs.app.knex('application').where({ user_id: member.identity.userId }).first();
    expect(after).toEqual(before);
  });
});

describe('API documentation', () => {
  it('documents every applications operation (they appear in /api/docs through the gateway)', async () => {
    const document = (await stack.programs.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/apply/{oddId}/dupcheck',
        'POST /api/apply/{oddId}/draft',
        'GET /api/apply/{oddId}/draft',
        'PUT /api/apply/{oddId}/steps/{step}',
        'POST /api/apply/{oddId}/book',
        'POST /api/apply/{oddId}/payment/confirm',
        'GET /api/join/history',
        'POST /api/join/history/one',
        'GET /api/getJoinProject',
        'POST /api/applications/{joinId}/cancel',
        'POST /api/payments/webhook',
      ]),
    );
    expect(JSON.stringify(document.paths['/api/apply/{oddId}/book'])).toContain('agreeRefundPolicy');
  });
});

describe('my applications', () => {
  it('lists the member own applications newest first and never shows another member', async () => {
    const member = memberClient(stack, newMember());
    const other = memberClient(stack, newMember());
    const reserved = await member.applyAndPay(POTENDAY, 'SPRINT');
    const paid = await member.applyAndPay(GENERIC, 'GENERIC');
    await member.startDraft(BSIDE);
    const theirs = await other.applyAndPay(POTENDAY, 'SPRINT');

    const history = (await member.history()).json<JoinHistoryResponse>().applications;
    expect(history.map((a) => [a.oddId, a.state, a.stateName])).toEqual([
      [BSIDE, 'DRAFT', '작성 중'],
      [GENERIC, 'PAID', '결제 완료'],
      [POTENDAY, 'RESERVED', '결제 예약'],
    ]);
    expect(history[2]).toMatchObject({
      productName: '10일 팀 스프린트',
      cohortName: expect.stringContaining('10일 팀 스프린트'),
      startDate: '2026-12-14',
    });
    const projects = (await member.inject('GET', '/api/getJoinProject')).json<JoinProjectResponse>().projects;
    expect(projects.map((p) => p.joinId)).toEqual([paid.application.joinId, reserved.application.joinId]);

    for (const call of [member.detail(theirs.application.joinId), member.cancel(theirs.application.joinId)]) {
      const response = await call;
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGES.applyNotFound);
    }
    expect((await member.detail('x' as never)).statusCode).toBe(400);
    expect((await other.detailOf(theirs.application.joinId)).state).toBe('RESERVED');
  });

  it('counts new applications on the recruit page once they are submitted', async () => {
    const before = (
      await stack.programs.app.inject({ method: 'GET', url: `/api/cohorts/${POTENDAY}/applicants` })
    ).json().applicants.total;
    const member = memberClient(stack, newMember());
    await member.fillAnswers(POTENDAY, 'SPRINT');
    expect(
      (await stack.programs.app.inject({ method: 'GET', url: `/api/cohorts/${POTENDAY}/applicants` })).json().applicants
        .total,
    ).toBe(before);
    const book = (await member.book(POTENDAY)).json<BookResponse>();
    await member.confirm(POTENDAY, await member.payOnCardPage(book));
    expect(
      (await stack.programs.app.inject({ method: 'GET', url: `/api/cohorts/${POTENDAY}/applicants` })).json().applicants
        .total,
    ).toBe(before + 1);
  });
});

describe('cancellation by the member', () => {
  it('cancels a reservation and releases the billing key at the PG', async () => {
    const member = memberClient(stack, newMember());
    const reserved = await member.applyAndPay(BSIDE, 'TEAM_PROJECT');
    const response = await member.cancel(reserved.application.joinId, '일정이 생겼어요');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      refundKrw: 0,
      application: { state: 'CANCELLED', stateName: '지원 취소', live: false },
    });
    const key = pgState().billingKeys.find((k) => k.customerId === customerIdFor(stack, member.identity.userId))!;
    expect(key.status).toBe('DELETED');
    const detail = await member.detailOf(reserved.application.joinId);
    expect(detail.payment.events.map((e) => e.type)).toEqual(['RESERVED', 'RELEASED']);
    expect(detail.history.at(-1)).toMatchObject({
      from: 'RESERVED',
      to: 'CANCELLED',
      actor: 'MEMBER',
      reason: '회원 취소: 일정이 생겼어요',
    });
    expect(detail.cancel.allowed).toBe(false);
    // Cancelled: the member may apply again.
    expect((await member.startDraft(BSIDE)).statusCode).toBe(201);
    await drainMail();
    expect(mailsTo(detail.answers.required!.contactEmail).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('취소')]),
    );
  });

  it('refunds a purchase by the refund rules (course: all within 7 days of payment)', async () => {
    const member = memberClient(stack, newMember());
    const paid = await member.applyAndPay(PLANX, 'COURSE');
    const response = await member.cancel(paid.application.joinId);
    expect(response.json()).toMatchObject({
      refundKrw: 350_000,
      application: { state: 'REFUNDED', payment: { refundedKrw: 350_000 } },
    });
    const payment = pgState().payments.find((p) => p.id === `sq-${paid.application.joinId}-charge`)!;
    expect(payment).toMatchObject({
      status: 'CANCELLED',
      amount: { total: 350_000, paid: 350_000, cancelled: 350_000 },
    });
    await drainMail();
    const email = (await member.detailOf(paid.application.joinId)).answers.required!.contactEmail;
    expect(mailsTo(email).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('350,000원이 환불')]),
    );
  });

  it('sends the member to the support channel once team building has started', async () => {
    const member = memberClient(stack, newMember());
    const reserved = await member.applyAndPay(BSIDE, 'TEAM_PROJECT');
    stack.setNow(new Date('2026-12-01T10:00:00+09:00'));
    try {
      const response = await member.cancel(reserved.application.joinId);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(MESSAGES.cancelDuringTeamBuilding);
      const detail = await member.detailOf(reserved.application.joinId);
      expect(detail).toMatchObject({
        state: 'RESERVED',
        cancel: { allowed: false, reason: MESSAGES.cancelDuringTeamBuilding },
      });
      expect(
        pgState().billingKeys.find((k) => k.customerId === customerIdFor(stack, member.identity.userId))!.status,
      ).toBe('ISSUED');
    } finally {
      stack.setNow(TODAY);
    }
  });
});
