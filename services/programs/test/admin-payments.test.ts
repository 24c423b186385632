import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_SECRET_HEADER, MESSAGES, type Identity } from '@sq/contracts';
import type { AdminPaymentRecord, PaymentRecordsResponse } from '@sq/contracts/api/operators/payments';
import { generateJwtKeys } from '@sq/service-kit';
import { build, type TestService } from '@sq/service-kit/testing';
import { freePort } from '@sq/stack/free-port';
import { accountService } from '../../account/src/service';
import { PRODUCT_ANSWERS, TEST_CARDS, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';

/**
 * The operators' payment records of a cohort (GET /api/admin/cohorts/{oddId}/payments) across a withdrawal:
 * the programs service with the sandbox PG, and the real account service answering names and taking the
 * withdrawal (which asks programs about live applications over its internal API).
 */
let stack: ApplyStack;
let account: TestService;
const ADMIN: Identity = { userId: 900_101, role: 'ROLE_ADMIN', sid: 'sid-admin-payments' };
const BSIDE = 112;
const PLANX = 304;

beforeAll(async () => {
  const keys = generateJwtKeys();
  process.env.JWT_PRIVATE_KEY ??= keys.privateKey;
  process.env.JWT_PUBLIC_KEY ??= keys.publicKey;
  process.env.ITSKILL_SERVICE_URL = 'http://127.0.0.1:1';
  // Each service reads where the other is when it is built: the account service's port is chosen first.
  const accountPort = await freePort();
  process.env.ACCOUNT_SERVICE_URL = `http://127.0.0.1:${accountPort}`;
  stack = await startApplyStack();
  await stack.programs.app.listen({ port: 0, host: '127.0.0.1' });
  // The account service reads where programs is when it is built.
  process.env.PROGRAMS_SERVICE_URL = `http://127.0.0.1:${(stack.programs.app.server.address() as AddressInfo).port}`;
  account = await build(accountService, { seed: false });
  await account.app.listen({ port: accountPort, host: '127.0.0.1' });
});
afterAll(async () => {
  await account?.close();
  await stack?.close();
});

const records = async (oddId: number, who: Identity = ADMIN) =>
  stack.programs.app.inject({
    method: 'GET',
    url: `/api/admin/cohorts/${oddId}/payments`,
    headers: stack.programs.as(who),
  });
const recordOf = async (oddId: number, joinId: number): Promise<AdminPaymentRecord | undefined> =>
  (await records(oddId)).json<PaymentRecordsResponse>().payments.find((p) => p.joinId === joinId);

/** A member with an account (a name the console shows) and a client for the programs API. */
async function member(name: string) {
  const identity = newMember();
  await account.app.knex('user_account').insert({
    user_id: identity.userId,
    email: `m${identity.userId}@example.com`,
    contact_email: `c${identity.userId}@example.com`,
    user_name: name,
    user_alias: `alias${identity.userId}`,
    user_phone: '01012345678',
  });
  return memberClient(stack, identity);
}
/** Free text of the default program answers (support/apply-stack.ts PRODUCT_ANSWERS). */
const PRODUCT_TEXT = {
  course: PRODUCT_ANSWERS.COURSE.goals,
  project: PRODUCT_ANSWERS.TEAM_PROJECT.roleQuestions.shippedExperience,
};
const withdraw = (identity: Identity) =>
  account.app.inject({
    method: 'POST',
    url: `/api/setWithdrawal/${identity.userId}`,
    headers: account.as(identity),
    payload: { reasonCode: 'LOW_USE', agreed: true },
  });

describe('payment records in the console (GET /api/admin/cohorts/{oddId}/payments)', () => {
  it('keeps a withdrawn member’s reservation, charge and refund, with states and amounts, ended applications included', async () => {
    const leaving = await member('탈퇴예정');
    const staying = await member('계속회원');
    const paid = (await leaving.applyAndPay(PLANX, 'COURSE')).application;
    const reserved = (await leaving.applyAndPay(BSIDE, 'TEAM_PROJECT')).application;
    const other = (await staying.applyAndPay(PLANX, 'COURSE')).application;
    expect([paid.state, reserved.state, other.state]).toEqual(['PAID', 'RESERVED', 'PAID']);
    // A draft never reached the card page: no payment record.
    const drafting = await member('작성중');
    await drafting.fillAnswers(PLANX, 'COURSE');

    // Withdrawal is refused while the applications hold a charge and a reservation; nothing changes.
    const refused = await withdraw(leaving.identity);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.withdrawalLiveApplications);
    expect(await recordOf(PLANX, paid.joinId)).toMatchObject({
      name: '탈퇴예정',
      state: 'PAID',
      chargedKrw: 350_000,
      refundedKrw: 0,
    });

    // The member cancels both: the course is refunded by the engine's amount, the reservation released.
    const refund = (await leaving.cancel(paid.joinId)).json<{ refundKrw: number }>().refundKrw;
    expect(refund).toBeGreaterThan(0);
    expect((await leaving.cancel(reserved.joinId)).statusCode).toBe(200);
    await stack.programs.app.jobs.drain('reservation-release');
    const done = await withdraw(leaving.identity);
    expect(done.statusCode, done.body).toBe(200);
    // The withdrawal's outbox had programs erase the member's answers at once (the erasure itself: below).
    const erased = await stack.programs.app
      .knex('application')
      .where({ user_id: leaving.identity.userId })
      .select('answers', 'personal_data_erased_at');
    expect(erased.map((r) => r.answers)).toEqual([{}, {}]);
    expect(erased.every((r) => r.personal_data_erased_at !== null)).toBe(true);
    expect(
      await account.app.knex('programs_erasure').where({ user_id: leaving.identity.userId }).first(),
    ).toMatchObject({ attempts: 1, last_error: null });

    const course = await records(PLANX);
    expect(course.statusCode).toBe(200);
    const coursePayments = course.json<PaymentRecordsResponse>().payments;
    expect(coursePayments.map((p) => p.joinId)).toEqual(expect.arrayContaining([paid.joinId, other.joinId]));
    expect(coursePayments.some((p) => p.userId === drafting.identity.userId)).toBe(false);
    const refunded = coursePayments.find((p) => p.joinId === paid.joinId)!;
    expect(refunded).toMatchObject({
      userId: leaving.identity.userId,
      name: null,
      state: refund === 350_000 ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
      stateName: refund === 350_000 ? '환불 완료' : '부분 환불',
      feeKrw: 350_000,
      chargePolicy: 'AT_PURCHASE',
      chargedKrw: 350_000,
      refundedKrw: refund,
      reservedAt: null,
    });
    expect(refunded.card).toMatch(/\*{4}/);
    expect(refunded.chargedAt).not.toBeNull();
    // Charged at purchase, the key went back to the PG (it is kept only while something can charge it): the release follows on the timeline.
    expect(refunded.events.map((e) => [e.type, e.amountKrw])).toEqual([
      ['CHARGED', 350_000],
      ['REFUNDED', refund],
      ['RELEASED', 0],
    ]);
    expect(coursePayments.find((p) => p.joinId === other.joinId)).toMatchObject({
      name: '계속회원',
      state: 'PAID',
      chargedKrw: 350_000,
      refundedKrw: 0,
    });

    const released = (await recordOf(BSIDE, reserved.joinId))!;
    expect(released).toMatchObject({
      name: null,
      state: 'CANCELLED',
      stateName: '지원 취소',
      feeKrw: 300_000,
      chargePolicy: 'ON_TEAM_PUBLISH',
      chargedKrw: 0,
      refundedKrw: 0,
      chargedAt: null,
    });
    expect(released.reservedAt).not.toBeNull();
    expect(released.releasedAt).not.toBeNull();
    expect(released.events.map((e) => e.type)).toEqual(['RESERVED', 'RELEASED']);
  });

  it('is for operators only, and answers an unknown cohort in Korean', async () => {
    const refused = await records(PLANX, newMember());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.forbidden);
    const missing = await records(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.adminCohortNotFound);
  });
});

describe('erasing a withdrawn member’s personal data (POST /internal/users/{userId}/erase-personal-data)', () => {
  const erase = (
    userId: number,
    headers: Record<string, string> = stack.programs.internalHeaders,
    payload?: { nickname: string | null; careerCardId: string | null },
  ) =>
    stack.programs.app.inject({
      method: 'POST',
      url: `/internal/users/${userId}/erase-personal-data`,
      headers,
      ...(payload ? { payload } : {}),
    });
  /** Another member's application in the cohort (a teammate), optionally with the friends' career card IDs they typed. */
  const teammate = async (oddId: number, friendCareerCardIds?: string[]): Promise<number> => {
    const answers = friendCareerCardIds ? { aside: { wantToBuild: '팀원의 아이디어', friendCareerCardIds } } : {};
    const [row] = await stack.programs.app
      .knex('application')
      .insert({
        odd_id: oddId,
        user_id: newMember().userId,
        role: 'DESIGNER',
        status: 'CANCELLED',
        answers: JSON.stringify(answers),
      })
      .returning('join_id');
    return row.join_id as number;
  };
  /** Everything programs keeps per application of these: the rows themselves and what hangs off them. */
  const stored = async (joinIds: number[]) => {
    const knex = stack.programs.app.knex;
    const [applications, history, refunds, events, seats, boards] = await Promise.all([
      knex('application').whereIn('join_id', joinIds).orderBy('join_id'),
      knex('application_history').whereIn('join_id', joinIds).orderBy('history_id'),
      knex('refund').whereIn('join_id', joinIds).orderBy('refund_id'),
      knex('payment_event').whereIn('join_id', joinIds).orderBy('event_id'),
      knex('team_member').whereIn('join_id', joinIds).orderBy('join_id'),
      knex('team_board').whereIn('odd_id', [PLANX, BSIDE]).orderBy('odd_id'),
    ]);
    return { applications, history, refunds, events, seats, boards };
  };

  it('erases contact, answers, links, friend requests and the member’s own words; keeps the payment records; twice is harmless; services only', async () => {
    const leaving = await member('지울회원');
    const staying = await member('남을회원');
    const personal = {
      contactEmail: `erase-me-${leaving.identity.userId}@example.com`,
      phone: '010-9876-5432',
      portfolioUrl: `https://portfolio.example.com/erase-${leaving.identity.userId}`,
      githubUrl: `https://github.com/erase-${leaving.identity.userId}`,
      wantToBuild: '지울회원이 만들고 싶은 반려식물 일기 서비스',
      availableTime: '지울회원은 화요일 밤 10시 이후',
    };
    const overrides = {
      required: { contactEmail: personal.contactEmail, phone: personal.phone },
      aside: {
        portfolioUrl: personal.portfolioUrl,
        githubUrl: personal.githubUrl,
        wantToBuild: personal.wantToBuild,
        availableTime: personal.availableTime,
      },
    };
    const course = (await leaving.applyAndPay(PLANX, 'COURSE', TEST_CARDS.ok, overrides)).application;
    // The 14-week project with a friend request (a demo career card): friend_user_ids and the card ID are kept with it.
    const project = (
      await leaving.applyAndPay(BSIDE, 'TEAM_PROJECT', TEST_CARDS.ok, {
        ...overrides,
        aside: { ...overrides.aside, friendCareerCardIds: ['minji'] },
      })
    ).application;
    const other = (
      await staying.applyAndPay(PLANX, 'COURSE', TEST_CARDS.ok, { required: { contactEmail: 'stays@example.com' } })
    ).application;
    const cancelWords = '환불 관련은 지울회원 메일로 연락 주세요';
    expect((await leaving.cancel(course.joinId, cancelWords)).statusCode).toBe(200);
    expect((await leaving.cancel(project.joinId, '지울회원 개인 사정')).statusCode).toBe(200);
    await stack.programs.app.jobs.drain('reservation-release');
    // A seat on a team with the matcher's explanation naming the friend, as a published board leaves it.
    const knex = stack.programs.app.knex;
    const [team] = await knex('team')
      .insert({ odd_id: BSIDE, team_key: `erase-${project.joinId}`, name: '지울팀', created_at: new Date() })
      .returning('team_id');
    await knex('team_member').insert({
      join_id: project.joinId,
      team_id: team.team_id,
      explanation: '함께 신청한 minji님과 같은 팀이에요.',
      joined_at: new Date(),
    });
    // Teammates whose texts name the leaving member by nickname (alone, in the matcher's list), and texts that
    // only contain it inside another name: those stay.
    const nickname = `alias${leaving.identity.userId}`;
    const careerCardId = `Leave${leaving.identity.userId}`;
    const mates = {
      alone: await teammate(BSIDE),
      listed: await teammate(BSIDE),
      longer: await teammate(BSIDE),
      suffixed: await teammate(BSIDE),
    };
    const texts = {
      [mates.alone]: `운영자가 이 팀에 고정했어요. 함께 신청한 ${nickname}님과 같은 팀이에요. 팀 평균 경력은 2년으로 기수 평균 2년과 비슷해요.`,
      [mates.listed]: `함께 신청한 ${nickname}, 다른친구님과 같은 팀이에요.`,
      [mates.longer]: `함께 신청한 김${nickname}님과 같은 팀이에요.`,
      [mates.suffixed]: `함께 신청한 ${nickname}2님과 같은 팀이에요.`,
    };
    const renamed = {
      [mates.alone]:
        '운영자가 이 팀에 고정했어요. 함께 신청한 탈퇴한 회원님과 같은 팀이에요. 팀 평균 경력은 2년으로 기수 평균 2년과 비슷해요.',
      [mates.listed]: '함께 신청한 탈퇴한 회원, 다른친구님과 같은 팀이에요.',
      [mates.longer]: texts[mates.longer],
      [mates.suffixed]: texts[mates.suffixed],
    };
    await knex('team_member').insert(
      Object.entries(texts).map(([joinId, explanation]) => ({
        join_id: Number(joinId),
        team_id: team.team_id,
        explanation,
        joined_at: new Date(),
      })),
    );
    await knex('team_board')
      .insert({
        odd_id: BSIDE,
        explanations: JSON.stringify({
          [project.joinId]: '함께 신청한 minji님과 같은 팀이에요.',
          [other.joinId]: '다른 지원자',
          ...texts,
        }),
        updated_at: new Date(),
      })
      .onConflict('odd_id')
      .merge({ explanations: knex.raw(`team_board.explanations || excluded.explanations`) });
    // Friends' answers that typed the leaving member's career card ID (in another case), and one that did not.
    const friendOf = await teammate(PLANX, [careerCardId.toLowerCase(), 'minji']);
    const notFriend = await teammate(PLANX, ['minji']);
    const mateSeats = async () =>
      Object.fromEntries(
        (await knex('team_member').whereIn('join_id', Object.values(mates)).select('join_id', 'explanation')).map(
          (m) => [m.join_id, m.explanation],
        ),
      );
    const friendLists = async () =>
      (await knex('application').whereIn('join_id', [friendOf, notFriend]).orderBy('join_id').select('answers')).map(
        (r) => r.answers,
      );

    const joinIds = [course.joinId, project.joinId];
    const words = [
      ...Object.values(personal),
      cancelWords,
      '지울회원 개인 사정',
      'minji',
      PRODUCT_TEXT.course,
      PRODUCT_TEXT.project,
    ];
    const before = await stored(joinIds);
    const beforeText = JSON.stringify(before);
    for (const word of words) expect(beforeText, word).toContain(word);
    expect(before.applications.find((a) => a.join_id === project.joinId).friend_user_ids.length).toBe(1);
    const paymentsBefore = {
      course: await recordOf(PLANX, course.joinId),
      project: await recordOf(BSIDE, project.joinId),
      other: await recordOf(PLANX, other.joinId),
    };
    expect(paymentsBefore.course!.events.map((e) => e.type)).toEqual(['CHARGED', 'REFUNDED', 'RELEASED']);

    // Only services: no secret, a wrong one, or a member's signed identity are refused and change nothing.
    for (const headers of [{}, { [INTERNAL_SECRET_HEADER]: 'not-the-secret' }, stack.programs.as(leaving.identity)]) {
      expect((await erase(leaving.identity.userId, headers)).statusCode).toBe(403);
    }
    expect(JSON.stringify(await stored(joinIds))).toBe(beforeText);
    expect((await erase(0)).statusCode).toBe(400);

    const first = await erase(leaving.identity.userId, undefined, { nickname, careerCardId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ErrorCode: '00', applications: 2, erased: 2 });

    const after = await stored(joinIds);
    const afterText = JSON.stringify(after);
    for (const word of words) expect(afterText, word).not.toContain(word);
    for (const row of after.applications) {
      expect(row).toMatchObject({ answers: {}, friend_user_ids: [], user_id: leaving.identity.userId });
      expect(row.personal_data_erased_at).not.toBeNull();
    }
    // What the contract and payment record needs is untouched: ids, cohort, role, state, fee, card, PG ids, times.
    const keep = [
      'join_id',
      'odd_id',
      'user_id',
      'role',
      'status',
      'fee_krw',
      'submitted_at',
      'issue_id',
      'billing_key',
      'card_number',
      'reserved_at',
      'billing_key_released_at',
      'created_at',
      'last_failure',
    ];
    const pick = (row: Record<string, unknown>) => Object.fromEntries(keep.map((k) => [k, row[k]]));
    expect(after.applications.map(pick)).toEqual(before.applications.map(pick));
    // The member's cancellations are still recorded as such, without their words; amounts and times as before.
    const withoutWords = (text: string | null) => (text?.startsWith('회원 취소: ') ? '회원 취소' : text);
    expect(new Set(before.history.filter((h) => h.reason?.startsWith('회원 취소: ')).map((h) => h.join_id))).toEqual(
      new Set(joinIds),
    );
    expect(after.history).toEqual(before.history.map((h) => ({ ...h, reason: withoutWords(h.reason) })));
    expect(before.refunds).toHaveLength(1);
    expect(after.refunds).toEqual(before.refunds.map((r) => ({ ...r, reason: '회원 취소' })));
    expect(after.events).toEqual(
      before.events.map((e) => ({ ...e, note: e.type === 'REFUNDED' ? withoutWords(e.note) : e.note })),
    );
    expect(after.seats.map((m) => [m.join_id, m.team_id, m.explanation])).toEqual([[project.joinId, team.team_id, '']]);
    expect(after.boards.find((b) => b.odd_id === BSIDE).explanations).toMatchObject({ [other.joinId]: '다른 지원자' });
    expect(after.boards.find((b) => b.odd_id === BSIDE).explanations[project.joinId]).toBeUndefined();
    // Teammates' texts no longer name the member (seat and board alike); texts naming someone else stay.
    expect(await mateSeats()).toEqual(renamed);
    expect(after.boards.find((b) => b.odd_id === BSIDE).explanations).toMatchObject(renamed);
    // The friend's answers lose the member's career card ID and keep the rest; the other's stay as they were.
    expect(await friendLists()).toEqual([
      { aside: { wantToBuild: '팀원의 아이디어', friendCareerCardIds: ['minji'] } },
      { aside: { wantToBuild: '팀원의 아이디어', friendCareerCardIds: ['minji'] } },
    ]);

    // The operators' payment records read as before (state, amounts, masked card, timeline); the refund's note
    // no longer carries the member's words.
    expect(paymentsBefore.course!.events[1]!.note).toBe(`회원 취소: ${cancelWords}`);
    const paymentsAfter = {
      course: await recordOf(PLANX, course.joinId),
      project: await recordOf(BSIDE, project.joinId),
      other: await recordOf(PLANX, other.joinId),
    };
    expect(paymentsAfter).toEqual({
      ...paymentsBefore,
      course: {
        ...paymentsBefore.course,
        events: paymentsBefore.course!.events.map((e) => ({
          ...e,
          note: e.type === 'REFUNDED' ? '회원 취소' : e.note,
        })),
      },
    });
    expect(paymentsAfter.course!.card).toMatch(/\*{4}/);
    // The console's answers view of an erased application: nothing left, and since when.
    const answers = await stack.programs.app.inject({
      method: 'GET',
      url: `/api/admin/applications/${course.joinId}/answers`,
      headers: stack.programs.as(ADMIN),
    });
    expect(answers.json()).toEqual({
      ErrorCode: '00',
      joinId: course.joinId,
      answers: {},
      erasedAt: new Date(after.applications[0].personal_data_erased_at).toISOString(),
    });

    // Asked again (an outbox redelivery): nothing more changes; the erasure time stays the first one.
    const again = await erase(leaving.identity.userId, undefined, { nickname, careerCardId });
    expect(again.json()).toEqual({ ErrorCode: '00', applications: 2, erased: 0 });
    expect(JSON.stringify(await stored(joinIds))).toBe(afterText);
    expect(await mateSeats()).toEqual(renamed);
    expect((await friendLists())[0]).toEqual({
      aside: { wantToBuild: '팀원의 아이디어', friendCareerCardIds: ['minji'] },
    });
    // Someone else's application keeps its answers; a member without applications is answered alike.
    expect((await knex('application').where({ join_id: other.joinId }).first()).answers.required.contactEmail).toBe(
      'stays@example.com',
    );
    expect((await erase(newMember().userId)).json()).toEqual({ ErrorCode: '00', applications: 0, erased: 0 });
  });

  it('renames nothing in teammates’ texts when the account no longer knows the former names (withdrawn before it kept them)', async () => {
    const leaving = await member('예전탈퇴');
    const course = (await leaving.applyAndPay(PLANX, 'COURSE')).application;
    expect((await leaving.cancel(course.joinId)).statusCode).toBe(200);
    const nickname = `alias${leaving.identity.userId}`;
    const knex = stack.programs.app.knex;
    const [team] = await knex('team')
      .insert({ odd_id: PLANX, team_key: `old-${course.joinId}`, name: '예전팀', created_at: new Date() })
      .returning('team_id');
    const mate = await teammate(PLANX);
    const text = `함께 신청한 ${nickname}님과 같은 팀이에요.`;
    await knex('team_member').insert({
      join_id: mate,
      team_id: team.team_id,
      explanation: text,
      joined_at: new Date(),
    });

    const erased = await erase(leaving.identity.userId, undefined, { nickname: null, careerCardId: null });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ ErrorCode: '00', applications: 1, erased: 1 });
    expect((await knex('application').where({ join_id: course.joinId }).first()).answers).toEqual({});
    expect((await knex('team_member').where({ join_id: mate }).first()).explanation).toBe(text);
  });
});
