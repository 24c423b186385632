import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type PersonalTokenCreatedResponse, type UserDataResponse } from '@sq/contracts';
import type { TestService } from '@sq/service-kit/testing';
import { DEV_INTERNAL_SECRET } from '@sq/service-kit';
import { createCareercardClient } from '../src/clients/careercard-client';
import { createProgramsClient } from '../src/clients/programs-client';
import { createErasureOutbox, createRetirementOutbox } from '../src/repositories/withdrawal-repository';
import {
  asHolder,
  buildAccount,
  newSignUp,
  partnerConsentOf,
  personalTokenActive,
  sessionActive,
  startCareercard,
  startFakeCareercard,
  startPrograms,
} from './support/peers';

let careercard: Awaited<ReturnType<typeof startCareercard>>;
let programs: Awaited<ReturnType<typeof startPrograms>>;
let account: TestService;

beforeAll(async () => {
  careercard = await startCareercard();
  programs = await startPrograms();
  account = await buildAccount({ careercardUrl: careercard.url, programsUrl: programs.url });
});
afterAll(async () => {
  await account?.close();
  await careercard?.close();
  await programs?.close();
});

async function member(on: TestService = account) {
  const form = newSignUp();
  const response = await on.app.inject({ method: 'POST', url: '/api/signUp', payload: form });
  expect(response.statusCode, response.body).toBe(201);
  const { userData } = response.json<UserDataResponse>();
  return { form, token: userData.token, userId: userData.userId, headers: asHolder(on, userData.token) };
}
const withdraw = (on: TestService, m: { userId: number; headers: Record<string, string> }) =>
  on.app.inject({
    method: 'POST',
    url: `/api/setWithdrawal/${m.userId}`,
    headers: m.headers,
    payload: { reasonCode: 'LOW_USE', agreed: true },
  });
const card = (profileId: string) => careercard.service.app.knex('profile').where({ profile_id: profileId }).first();
const userRow = (on: TestService, userId: number) => on.app.knex('user_account').where({ user_id: userId }).first();

describe('withdrawal and live applications', () => {
  it('is refused with the reason while an application is reserved, paid or running; nothing changes anywhere', async () => {
    const m = await member();
    const cohorts: number[] = await programs.service.app.knex('cohort').orderBy('odd_id').limit(2).pluck('odd_id');
    // What the wizard's required step keeps: the member's contact details (erased once the member has gone).
    const answers = { required: { contactEmail: m.form.contactEmail, phone: m.form.userphone, role: 'DEVELOPER' } };
    const [live] = await programs.service.app
      .knex('application')
      .insert({
        odd_id: cohorts[0],
        user_id: m.userId,
        role: 'DEVELOPER',
        status: 'RESERVED',
        answers: JSON.stringify(answers),
      })
      .returning('join_id');

    const refused = await withdraw(account, m);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ ErrorCode: '49', message: MESSAGES.withdrawalLiveApplications });
    expect(await userRow(account, m.userId)).toMatchObject({ withdrawn_at: null, email: m.form.email });
    expect(await sessionActive(account, m.token)).toBe(true);
    expect(await card(m.form.careerCardId)).toMatchObject({ is_public: true, retired_at: null });
    expect(await account.app.knex('careercard_retirement').where({ user_id: m.userId })).toHaveLength(0);
    expect(await account.app.knex('programs_erasure').where({ user_id: m.userId })).toHaveLength(0);
    expect(await programs.service.app.knex('application').where({ join_id: live.join_id }).first()).toMatchObject({
      answers,
      personal_data_erased_at: null,
    });

    // A teammate's placement text names the member by nickname; a friend typed their career card ID.
    const pk = programs.service.app.knex;
    const [mate, friend] = await pk('application')
      .insert([
        {
          odd_id: cohorts[0],
          user_id: m.userId + 1_000_000,
          role: 'DESIGNER',
          status: 'CANCELLED',
          answers: JSON.stringify({}),
        },
        {
          odd_id: cohorts[1],
          user_id: m.userId + 1_000_001,
          role: 'PLANNER',
          status: 'CANCELLED',
          answers: JSON.stringify({ aside: { friendCareerCardIds: [m.form.careerCardId, 'minji'] } }),
        },
      ])
      .returning('join_id');
    const [team] = await pk('team')
      .insert({ odd_id: cohorts[0], team_key: `withdraw-${m.userId}`, name: '떠나는팀', created_at: new Date() })
      .returning('team_id');
    await pk('team_member').insert({
      join_id: mate.join_id,
      team_id: team.team_id,
      explanation: `함께 신청한 ${m.form.useralias}님과 같은 팀이에요.`,
      joined_at: new Date(),
    });

    // Once the application is cancelled the member may go; the payment rows stay with programs.
    await programs.service.app.knex('application').where({ join_id: live.join_id }).update({ status: 'CANCELLED' });
    const { token: apiToken } = (
      await account.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: m.headers,
        payload: { name: '봇', scopes: ['programs:read'], expiresInDays: 30 },
      })
    ).json<PersonalTokenCreatedResponse>();
    expect(await personalTokenActive(account, apiToken)).toBe(true);
    const consent = await partnerConsentOf(account, m.userId);
    expect(await consent()).toBe(2);
    const done = await withdraw(account, m);
    expect(done.statusCode, done.body).toBe(200);
    expect(await personalTokenActive(account, apiToken)).toBe(false);
    // Partner apps lose the member too: the consent and every token under it.
    expect(await consent()).toBe(0);
    expect(await account.app.knex('personal_token').where({ user_id: m.userId }).pluck('revoked_reason')).toEqual([
      'withdrawal',
    ]);
    expect(await card(m.form.careerCardId)).toMatchObject({ is_public: false, user_alias: '탈퇴회원' });
    expect((await card(m.form.careerCardId)).retired_at).not.toBeNull();
    expect(await account.app.knex('careercard_retirement').where({ user_id: m.userId }).first()).toMatchObject({
      attempts: 1,
    });
    expect(
      (await account.app.knex('careercard_retirement').where({ user_id: m.userId }).first()).done_at,
    ).not.toBeNull();
    // Programs erased the member's personal data from the application in the same request; the record stays.
    const erasure = await account.app.knex('programs_erasure').where({ user_id: m.userId }).first();
    expect(erasure).toMatchObject({ attempts: 1, last_error: null });
    expect(erasure.done_at).not.toBeNull();
    const application = await programs.service.app.knex('application').where({ join_id: live.join_id }).first();
    expect(application).toMatchObject({ user_id: m.userId, status: 'CANCELLED', role: 'DEVELOPER', answers: {} });
    expect(application.personal_data_erased_at).not.toBeNull();
    expect(JSON.stringify(application)).not.toContain(m.form.contactEmail);
    // The account sent the names it had before anonymising them: the teammate's text and the friend's list no longer name the member.
    expect(erasure).toMatchObject({ nickname: m.form.useralias, career_card_id: m.form.careerCardId });
    expect((await userRow(account, m.userId)).user_alias).not.toBe(m.form.useralias);
    expect((await pk('team_member').where({ join_id: mate.join_id }).first()).explanation).toBe(
      '함께 신청한 탈퇴한 회원님과 같은 팀이에요.',
    );
    expect((await pk('application').where({ join_id: friend.join_id }).first()).answers).toEqual({
      aside: { friendCareerCardIds: ['minji'] },
    });
  });

  it('refuses an unknown reason, control characters or a missing consent with a Korean 400; nothing changes', async () => {
    const m = await member();
    for (const [payload, message] of [
      [{ reasonCode: 'DROP TABLE', agreed: true }, MESSAGES.withdrawalReasonRequired],
      [{ reasonCode: 'OTHER', reasonText: '널\u0000문자', agreed: true }, MESSAGES.textInvalidCharacters],
      [{ reasonCode: 'OTHER', reasonText: 'x'.repeat(501), agreed: true }, MESSAGES.withdrawalReasonTextLength],
      [{ reasonCode: 'OTHER', agreed: 'yes' }, MESSAGES.withdrawalConsentRequired],
    ] as const) {
      const response = await account.app.inject({
        method: 'POST',
        url: `/api/setWithdrawal/${m.userId}`,
        headers: m.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await userRow(account, m.userId)).toMatchObject({ withdrawn_at: null });
    expect(await sessionActive(account, m.token)).toBe(true);
  });

  it('answers 503 and changes nothing when programs cannot be asked', async () => {
    // Its own careercard: account databases number users alike, and sign-up keys follow the user.
    const ownCards = await startCareercard();
    const unreachable = await buildAccount({ careercardUrl: ownCards.url, programsUrl: 'http://127.0.0.1:9' });
    try {
      const m = await member(unreachable);
      const response = await withdraw(unreachable, m);
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(MESSAGES.serviceUnavailable);
      expect(await userRow(unreachable, m.userId)).toMatchObject({ withdrawn_at: null });
      expect(
        await ownCards.service.app.knex('profile').where({ profile_id: m.form.careerCardId }).first(),
      ).toMatchObject({ is_public: true, retired_at: null });
    } finally {
      await unreachable.close();
      await ownCards.close();
    }
  });
});

describe('withdrawal across account and career card', () => {
  it('commits the account and retires the card later when careercard is down at that moment, exactly once', async () => {
    // A careercard that creates cards like the real one (forwarding) but refuses to retire them until told.
    let retireWorks = false;
    const ownCards = await startCareercard();
    const card = (profileId: string) => ownCards.service.app.knex('profile').where({ profile_id: profileId }).first();
    const forward = await startFakeCareercard((request, body, response) => {
      const isRetire = /\/retire$/.test(request.url ?? '');
      if (isRetire && !retireWorks) {
        response
          .writeHead(503, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ErrorCode: '53', message: 'down' }));
        return;
      }
      void fetch(`${ownCards.url}${request.url}`, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: body || undefined,
      }).then(async (upstream) =>
        response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text()),
      );
    });
    const flaky = await buildAccount({ careercardUrl: forward.url, programsUrl: programs.url });
    try {
      const m = await member(flaky);
      const done = await withdraw(flaky, m);
      expect(done.statusCode, done.body).toBe(200);
      // The account side is done and cannot be undone by careercard's failure...
      expect((await userRow(flaky, m.userId)).withdrawn_at).not.toBeNull();
      expect(await sessionActive(flaky, m.token)).toBe(false);
      // ...and the card waits in the outbox, still untouched.
      const pending = await flaky.app.knex('careercard_retirement').where({ user_id: m.userId }).first();
      expect(pending).toMatchObject({ attempts: 1, done_at: null, profile_id: m.form.careerCardId });
      expect(await card(m.form.careerCardId)).toMatchObject({ retired_at: null });

      // The job's own code, as the timer runs it (the service's decorations are not on the test's root app).
      const outbox = createRetirementOutbox({
        knex: flaky.app.knex,
        careercard: createCareercardClient({
          baseUrl: forward.url,
          internalSecret: DEV_INTERNAL_SECRET,
          timeoutMs: 2_000,
          log: console,
        }),
        log: console,
      });
      // Not due yet: the job leaves it alone.
      expect(await outbox.deliverDue(new Date(pending.created_at.getTime() + 1_000))).toBe(0);
      retireWorks = true;
      const later = new Date(Date.now() + 60_000);
      expect(await outbox.deliverDue(later)).toBe(1);
      expect(await card(m.form.careerCardId)).toMatchObject({ is_public: false, user_alias: '탈퇴회원' });
      expect(await outbox.deliverDue(new Date(later.getTime() + 3_600_000))).toBe(0);
      expect(
        (await flaky.app.knex('careercard_retirement').where({ user_id: m.userId }).first()).done_at,
      ).not.toBeNull();
    } finally {
      await flaky.close();
      await forward.close();
      await ownCards.close();
    }
  });

  it('withdraws once when asked twice at the same time', async () => {
    const m = await member();
    const results = await Promise.all([withdraw(account, m), withdraw(account, m)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await account.app.knex('withdrawal').where({ user_id: m.userId })).toHaveLength(1);
    expect(await account.app.knex('careercard_retirement').where({ user_id: m.userId })).toHaveLength(1);
    expect(await account.app.knex('programs_erasure').where({ user_id: m.userId })).toHaveLength(1);
  });
});

describe('withdrawal across account and programs (erasure of personal data)', () => {
  it('commits the account and has programs erase the applications later when programs cannot be reached at that moment', async () => {
    // Its own programs (user ids of another account database would collide) behind a relay that answers the
    // live-applications question but drops the connection on the erasure until told otherwise.
    let eraseWorks = false;
    const eraseBodies: unknown[] = [];
    const ownPrograms = await startPrograms();
    const relay = await startFakeCareercard((request, body, response) => {
      if (/\/erase-personal-data$/.test(request.url ?? '')) eraseBodies.push(JSON.parse(body));
      if (/\/erase-personal-data$/.test(request.url ?? '') && !eraseWorks) {
        request.socket.destroy();
        return;
      }
      void fetch(`${ownPrograms.url}${request.url}`, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: body || undefined,
      }).then(async (upstream) =>
        response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text()),
      );
    });
    const ownCards = await startCareercard();
    const flaky = await buildAccount({ careercardUrl: ownCards.url, programsUrl: relay.url });
    try {
      const m = await member(flaky);
      const [oddId] = await ownPrograms.service.app.knex('cohort').orderBy('odd_id').limit(1).pluck('odd_id');
      const answers = {
        required: { contactEmail: m.form.contactEmail, phone: m.form.userphone },
        aside: { portfolioUrl: 'https://portfolio.example.com/gone', wantToBuild: '떠나는 회원의 아이디어' },
      };
      const [application] = await ownPrograms.service.app
        .knex('application')
        .insert({
          odd_id: oddId,
          user_id: m.userId,
          role: 'PLANNER',
          status: 'REFUNDED',
          fee_krw: 350_000,
          card_number: '424242******4242',
          answers: JSON.stringify(answers),
        })
        .returning('join_id');
      const stored = () => ownPrograms.service.app.knex('application').where({ join_id: application.join_id }).first();

      const done = await withdraw(flaky, m);
      expect(done.statusCode, done.body).toBe(200);
      expect((await userRow(flaky, m.userId)).withdrawn_at).not.toBeNull();
      expect(await sessionActive(flaky, m.token)).toBe(false);
      // The card was retired at once; the erasure waits in its outbox, the application untouched.
      expect(
        (await flaky.app.knex('careercard_retirement').where({ user_id: m.userId }).first()).done_at,
      ).not.toBeNull();
      const pending = await flaky.app.knex('programs_erasure').where({ user_id: m.userId }).first();
      expect(pending).toMatchObject({ attempts: 1, done_at: null });
      expect(pending.last_error).toBeTruthy();
      expect(await stored()).toMatchObject({ answers, personal_data_erased_at: null });

      // The job's own code, as the timer runs it.
      const outbox = createErasureOutbox({
        knex: flaky.app.knex,
        programs: createProgramsClient({
          baseUrl: relay.url,
          internalSecret: DEV_INTERNAL_SECRET,
          timeoutMs: 2_000,
          log: console,
        }),
        log: console,
      });
      // Not due yet (back-off): left alone.
      expect(await outbox.deliverDue(new Date(pending.created_at.getTime() + 1_000))).toBe(0);
      // Due, programs still unreachable: postponed again, with a longer back-off.
      const firstRetry = new Date(Date.now() + 60_000);
      expect(await outbox.deliverDue(firstRetry)).toBe(0);
      const again = await flaky.app.knex('programs_erasure').where({ user_id: m.userId }).first();
      expect(again).toMatchObject({ attempts: 2, done_at: null });
      expect(again.next_attempt_at.getTime()).toBe(firstRetry.getTime() + 60_000);

      eraseWorks = true;
      const later = new Date(firstRetry.getTime() + 120_000);
      expect(await outbox.deliverDue(later)).toBe(1);
      // Every attempt, the last ones long after the account anonymised the member, carried the names from before.
      expect((await userRow(flaky, m.userId)).user_alias).not.toBe(m.form.useralias);
      expect(eraseBodies).toEqual(Array(3).fill({ nickname: m.form.useralias, careerCardId: m.form.careerCardId }));
      const erased = await stored();
      expect(erased).toMatchObject({
        answers: {},
        status: 'REFUNDED',
        fee_krw: 350_000,
        card_number: '424242******4242',
        user_id: m.userId,
      });
      expect(erased.personal_data_erased_at).not.toBeNull();
      expect(await flaky.app.knex('programs_erasure').where({ user_id: m.userId }).first()).toMatchObject({
        attempts: 3,
        last_error: null,
      });
      // Delivered once: nothing is due any more.
      expect(await outbox.deliverDue(new Date(later.getTime() + 3_600_000))).toBe(0);
    } finally {
      await flaky.close();
      await ownCards.close();
      await relay.close();
      await ownPrograms.close();
    }
  });
});

describe('my info (POST /api/updateUser, POST /api/user/password)', () => {
  it('changes name, Notion and Slack e-mails (check flags follow), and clears them with an empty string', async () => {
    const m = await member();
    const response = await account.app.inject({
      method: 'POST',
      url: '/api/updateUser',
      headers: m.headers,
      payload: {
        username: '김새이름',
        notionEmail: 'Me@Notion.so',
        slackEmail: 'me@slack.example.com',
        marketingAgreed: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserDataResponse>().userData).toMatchObject({
      userName: '김새이름',
      notionEmail: 'me@notion.so',
      notionEmailCheckYn: 'Y',
      slackEmailCheckYn: 'Y',
    });
    const cleared = await account.app.inject({
      method: 'POST',
      url: '/api/updateUser',
      headers: m.headers,
      payload: { notionEmail: '' },
    });
    expect(cleared.json<UserDataResponse>().userData).toMatchObject({
      notionEmail: null,
      notionEmailCheckYn: 'N',
      slackEmailCheckYn: 'Y',
    });
    for (const payload of [
      { username: '김' },
      { notionEmail: 'not-mail' },
      { slackEmail: 12 },
      { username: 'a\u0000b'.repeat(20) },
      { username: '김\u0000민지' },
      { useralias: '닉\u0000네임' },
    ]) {
      const bad = await account.app.inject({ method: 'POST', url: '/api/updateUser', headers: m.headers, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().message).toMatch(/[가-힣]/);
    }
    expect(await userRow(account, m.userId)).toMatchObject({
      user_name: '김새이름',
      notion_email: null,
      marketing_consent: true,
    });
  });

  it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
    const m = await member();
    const other = (
      await account.app.inject({
        method: 'POST',
        url: '/api/signin',
        payload: { email: m.form.email, password: m.form.password },
      })
    ).json<UserDataResponse>().userData.token;
    const change = (payload: object) =>
      account.app.inject({ method: 'POST', url: '/api/user/password', headers: m.headers, payload });
    const wrong = await change({ currentPassword: 'nope1234!', password: 'newpass12!', pw_confirm: 'newpass12!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: MESSAGES.currentPasswordWrong });
    expect(
      (await change({ currentPassword: m.form.password, password: 'newpass12!', pw_confirm: 'other12!!' })).json()
        .message,
    ).toBe(MESSAGES.passwordMismatch);
    expect(
      (await change({ currentPassword: m.form.password, password: 'short', pw_confirm: 'short' })).statusCode,
    ).toBe(400);
    expect(await sessionActive(account, other)).toBe(true);

    const ok = await change({ currentPassword: m.form.password, password: 'newpass12!', pw_confirm: 'newpass12!' });
    expect(ok.json()).toEqual({ ErrorCode: '00', message: MESSAGES.passwordChangedSignedIn });
    expect(await sessionActive(account, m.token)).toBe(true);
    expect(await sessionActive(account, other)).toBe(false);
    expect(
      (
        await account.app.inject({
          method: 'POST',
          url: '/api/signin',
          payload: { email: m.form.email, password: m.form.password },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await account.app.inject({
          method: 'POST',
          url: '/api/signin',
          payload: { email: m.form.email, password: 'newpass12!' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('profile mirror for careercard (POST /internal/users/{userId}/profile)', () => {
  const mirror = {
    jobCode: 'JG_PLAN',
    jobGroupName: '기획',
    positionName: 'PM',
    yearCode: 'CY_3_5Y',
    careerYearsName: '3년 이상 5년 미만',
  };
  it('takes a free nickname and the codes; refuses a taken nickname and changes nothing; only for services', async () => {
    const m = await member();
    const taken = await member();
    const post = (payload: object, headers = account.internalHeaders) =>
      account.app.inject({ method: 'POST', url: `/internal/users/${m.userId}/profile`, headers, payload });
    expect((await post({ ...mirror, useralias: taken.form.useralias.toUpperCase() })).json()).toMatchObject({
      ErrorCode: '49',
      message: MESSAGES.nicknameDuplicate,
    });
    expect(await userRow(account, m.userId)).toMatchObject({ user_alias: m.form.useralias, job_code: 'JG_DEV' });
    expect((await post({ ...mirror, useralias: '새닉네임99' }, m.headers)).statusCode).toBe(403);
    expect((await post({ ...mirror, useralias: '새닉네임99' })).statusCode).toBe(200);
    expect(await userRow(account, m.userId)).toMatchObject({
      user_alias: '새닉네임99',
      job_code: 'JG_PLAN',
      job_group: '기획',
      position: 'PM',
      career_years: '3년 이상 5년 미만',
    });
  });
});
