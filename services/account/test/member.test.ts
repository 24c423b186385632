import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type UserDataResponse } from '@sq/contracts';
import type { TestService } from '@sq/service-kit/testing';
import {
  asHolder,
  buildAccount,
  claimsOf,
  countRows,
  newSignUp,
  sessionActive,
  startCareercard,
  startFakeCareercard,
  startPrograms,
} from './support/peers';

let careercard: Awaited<ReturnType<typeof startCareercard>>;
let account: TestService;
let programs: Awaited<ReturnType<typeof startPrograms>>;

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

async function member(overrides: Record<string, unknown> = {}, service: TestService = account) {
  const form = newSignUp(overrides);
  const response = await service.app.inject({ method: 'POST', url: '/api/signUp', payload: form });
  expect(response.statusCode, response.body).toBe(201);
  const { userData } = response.json<UserDataResponse>();
  return { form, token: userData.token, userId: userData.userId, headers: asHolder(service, userData.token) };
}
/** A 1x1 PNG uploaded to careercard as this member (as the gateway would forward it); its imgId. */
async function uploadAs(userId: number): Promise<string> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const boundary = 'sqaccounttest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await careercard.service.app.inject({
    method: 'POST',
    url: '/api/fileUpload',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...careercard.service.as({ userId, role: 'ROLE_USER', sid: 'upload' }),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ imgId: string }>().imgId;
}
const as = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  account.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('onboarding (POST /api/user/detail)', () => {
  it('saves the additional info to the account and the career card and credits 10,000 points exactly once', async () => {
    const { form, userId, headers } = await member();
    const imgId = await uploadAs(userId);
    const body = { imgId, intro: '백엔드 개발자입니다.', jobCode: 'JG_PLAN', yearCode: 'CY_3_5Y' };
    const results = await Promise.all(Array.from({ length: 5 }, () => as(headers, 'POST', '/api/user/detail', body)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().pointGranted === true)).toHaveLength(1);
    expect(results.map((r) => r.json().pointBalance)).toContain(10_000);
    const again = await as(headers, 'POST', '/api/user/detail', body);
    expect(again.json()).toEqual({ ErrorCode: '00', pointGranted: false, pointBalance: 10_000, userStep: 'DONE' });
    expect(await account.app.knex('point_ledger').where({ user_id: userId })).toHaveLength(1);
    expect(await account.app.knex('user_account').where({ user_id: userId }).first()).toMatchObject({
      img_id: imgId,
      job_code: 'JG_PLAN',
      job_group: '기획',
      career_years: '3년 이상 5년 미만',
      user_step: 'DONE',
    });
    expect(await careercard.service.app.knex('profile').where({ profile_id: form.careerCardId }).first()).toMatchObject(
      {
        intro: '백엔드 개발자입니다.',
        job_group_code: 'JG_PLAN',
        year_code: 'CY_3_5Y',
        img_url: `/media/uploads/${imgId}`,
      },
    );
    // Saving again without an image keeps the picture.
    await as(headers, 'POST', '/api/user/detail', { jobCode: 'JG_PLAN', yearCode: 'CY_3_5Y' });
    expect(await careercard.service.app.knex('profile').where({ profile_id: form.careerCardId }).first()).toMatchObject(
      { img_url: `/media/uploads/${imgId}` },
    );
  });

  it('never attaches another member’s upload; nothing changes on either side', async () => {
    const owner = await member();
    const other = await member();
    const imgId = await uploadAs(owner.userId);
    const response = await as(other.headers, 'POST', '/api/user/detail', {
      imgId,
      jobCode: 'JG_DEV',
      yearCode: 'CY_1_3Y',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      ErrorCode: '40',
      message: MESSAGES.imageInvalid,
      fields: { imgId: MESSAGES.imageInvalid },
    });
    expect(await account.app.knex('user_account').where({ user_id: other.userId }).first()).toMatchObject({
      img_id: null,
      user_step: 'REQUIRED_DONE',
    });
    expect(
      await careercard.service.app.knex('profile').where({ profile_id: other.form.careerCardId }).first(),
    ).toMatchObject({ img_url: null });
    expect(await account.app.knex('point_ledger').where({ user_id: other.userId })).toHaveLength(0);
  });

  it('needs a member and valid codes; nothing changes on rejection', async () => {
    const { headers, userId } = await member();
    expect(
      (
        await account.app.inject({
          method: 'POST',
          url: '/api/user/detail',
          payload: { jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' },
        })
      ).statusCode,
    ).toBe(401);
    for (const [body, message] of [
      [{}, MESSAGES.jobGroupRequired],
      [{ jobCode: 'JG_DEV' }, MESSAGES.careerYearsRequired],
      [{ jobCode: 'JG_NOPE', yearCode: 'CY_1_3Y' }, MESSAGES.jobGroupRequired],
      [{ jobCode: 'JG_DEV', yearCode: 'CY_1_3Y', imgId: 'abc' }, MESSAGES.imageInvalid],
      [{ jobCode: 'JG_DEV', yearCode: 'CY_1_3Y', intro: 'x'.repeat(1001) }, MESSAGES.introLength],
      [{ jobCode: "JG_DEV' or 1=1", yearCode: 'CY_1_3Y' }, MESSAGES.jobGroupRequired],
    ] as const) {
      const response = await as(headers, 'POST', '/api/user/detail', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await account.app.knex('point_ledger').where({ user_id: userId })).toHaveLength(0);
  });
});

describe('update user (POST /api/updateUser)', () => {
  it("changes the member's own details and refuses another member's nickname or receiving e-mail", async () => {
    const other = await member();
    const { headers, userId } = await member();
    const response = await as(headers, 'POST', '/api/updateUser', {
      userphone: '01099990000',
      jobGroup: 'JG_DESIGN',
      position: 'POS_UXUI',
      careerYears: 'CY_10Y_PLUS',
      marketingAgreed: true,
    });
    expect(response.json()).toMatchObject({
      ErrorCode: '00',
      userData: { userId, userPhone: '010-9999-0000', userJobGroup: '디자인' },
    });
    const taken = await as(headers, 'POST', '/api/updateUser', { useralias: other.form.useralias });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MESSAGES.nicknameDuplicate);
    const contact = await as(headers, 'POST', '/api/updateUser', { contactEmail: other.form.contactEmail });
    expect(contact.json().message).toBe(MESSAGES.contactEmailDuplicate);
    for (const body of [
      { useralias: 'a' },
      { userphone: 'abc' },
      { contactEmail: 'nope' },
      { marketingAgreed: 'yes' },
    ]) {
      expect((await as(headers, 'POST', '/api/updateUser', body)).statusCode).toBe(400);
    }
    expect((await account.app.inject({ method: 'POST', url: '/api/updateUser', payload: {} })).statusCode).toBe(401);
  });

  const cardOf = (profileId: string) => careercard.service.app.knex('profile').where({ profile_id: profileId }).first();
  const userOf = (service: TestService, userId: number) =>
    service.app.knex('user_account').where({ user_id: userId }).first();

  it('changes the name on the career card too, where the public card shows it with the nickname', async () => {
    const { form, headers, userId } = await member();
    expect(await cardOf(form.careerCardId)).toMatchObject({ user_name: '홍길동' });
    const response = await as(headers, 'POST', '/api/updateUser', { username: '김새이름' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserDataResponse>().userData.userName).toBe('김새이름');
    expect(await userOf(account, userId)).toMatchObject({ user_name: '김새이름' });
    expect(await cardOf(form.careerCardId)).toMatchObject({ user_name: '김새이름' });
    const shown = await careercard.service.app.inject({ url: `/api/profile/${form.careerCardId}` });
    expect(shown.json().profile).toMatchObject({ userName: '김새이름', userAlias: form.useralias });
    // The public card still carries nothing private.
    expect(shown.body).not.toContain(form.contactEmail);
    expect(shown.body).not.toContain('010-5555-6666');
  });

  it('puts the career card back when the account cannot take a change the card already took', async () => {
    const { form, headers, userId } = await member();
    // Any failure of the account's own update after careercard agreed (here a constraint made to refuse it).
    await account.app.knex.raw(
      `alter table user_account add constraint test_refuses_name check (user_name <> '거절될이름')`,
    );
    try {
      const response = await as(headers, 'POST', '/api/updateUser', {
        username: '거절될이름',
        useralias: `re${form.useralias}`.slice(0, 20),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(await userOf(account, userId)).toMatchObject({ user_name: '홍길동', user_alias: form.useralias });
      expect(await cardOf(form.careerCardId)).toMatchObject({ user_name: '홍길동', user_alias: form.useralias });
    } finally {
      await account.app.knex.raw('alter table user_account drop constraint test_refuses_name');
    }
  });

  it('changes the name on neither side when careercard refuses the change', async () => {
    const { form, headers, userId } = await member();
    const refused = await as(headers, 'POST', '/api/updateUser', { username: '김새이름', position: 'POS_NOPE' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.positionRequired);
    expect(await userOf(account, userId)).toMatchObject({ user_name: '홍길동', position: '백엔드' });
    expect(await cardOf(form.careerCardId)).toMatchObject({ user_name: '홍길동', position_code: 'POS_BACKEND' });
  });

  it('changes the name on neither side when careercard cannot be reached', async () => {
    // A real careercard of its own (user ids start again with a new account database) behind a relay that can
    // be cut, so the member exists on both sides first.
    const ownCards = await startCareercard();
    const ownCard = (profileId: string) =>
      ownCards.service.app.knex('profile').where({ profile_id: profileId }).first();
    let reachable = true;
    const relay = await startFakeCareercard((request, body, response) => {
      if (!reachable) {
        response.socket?.destroy();
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
    const cut = await buildAccount({ careercardUrl: relay.url, programsUrl: programs.url });
    try {
      const { form, headers, userId } = await member({}, cut);
      expect(await ownCard(form.careerCardId)).toMatchObject({ user_name: '홍길동' });
      reachable = false;
      const response = await cut.app.inject({
        method: 'POST',
        url: '/api/updateUser',
        headers,
        payload: { username: '김새이름' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ErrorCode: '53', message: MESSAGES.serviceUnavailable });
      expect(await userOf(cut, userId)).toMatchObject({ user_name: '홍길동', user_alias: form.useralias });
      expect(await ownCard(form.careerCardId)).toMatchObject({ user_name: '홍길동', user_alias: form.useralias });
    } finally {
      await cut.close();
      await relay.close();
      await ownCards.close();
    }
  });
});

describe('withdrawal (POST /api/setWithdrawal/{id})', () => {
  it("only for one's own id; ends every session, anonymises, keeps identifiers taken; the password no longer works", async () => {
    const victim = await member();
    const { form, userId, headers, token } = await member();
    // A second session of the same member.
    const second = await account.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: form.email, password: form.password },
    });
    const secondToken = second.json<UserDataResponse>().userData.token;

    const foreign = await as(headers, 'POST', `/api/setWithdrawal/${victim.userId}`, {
      reasonCode: 'LOW_USE',
      agreed: true,
    });
    expect(foreign.statusCode).toBe(403);
    expect(await sessionActive(account, victim.token)).toBe(true);
    for (const [url, body] of [
      [`/api/setWithdrawal/${userId}`, {}],
      [`/api/setWithdrawal/${userId}`, { reasonCode: 'LOW_USE' }],
      ['/api/setWithdrawal/abc', { reasonCode: 'LOW_USE', agreed: true }],
      ["/api/setWithdrawal/1'--", { reasonCode: 'LOW_USE', agreed: true }],
    ] as const) {
      const response = await as(headers, 'POST', url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect(await sessionActive(account, token)).toBe(true);

    const done = await as(headers, 'POST', `/api/setWithdrawal/${userId}`, {
      reasonCode: 'PRIVACY',
      reasonText: '개인정보가 걱정돼요',
      agreed: true,
    });
    expect(done.json()).toEqual({ ErrorCode: '00', message: MESSAGES.withdrawalDone });
    expect(await sessionActive(account, token)).toBe(false);
    expect(await sessionActive(account, secondToken)).toBe(false);
    expect(claimsOf(token).sub).toBe(String(userId));
    const signIn = await account.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: form.email, password: form.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe(MESSAGES.badLogin);
    const me = await account.app.inject({ url: '/api/meOauth', headers });
    expect(me.json().isUser).toBe('N');

    const row = await account.app.knex('user_account').where({ user_id: userId }).first();
    expect(row).toMatchObject({ user_name: '탈퇴회원', user_phone: '', password_hash: null, intro: null });
    expect(row.email).not.toBe(form.email);
    expect(row.withdrawn_at).not.toBeNull();
    expect(await account.app.knex('withdrawal').where({ user_id: userId }).first()).toMatchObject({
      reason_code: 'PRIVACY',
    });
    // Nobody can take over the nickname or the career card ID; the card is private and anonymous.
    expect(
      (await account.app.inject({ url: `/api/open/isCheckId?id=${encodeURIComponent(form.useralias)}` })).json()
        .message,
    ).toBe(MESSAGES.nicknameDuplicate);
    const again = await account.app.inject({
      method: 'POST',
      url: '/api/signUp',
      payload: newSignUp({ useralias: form.useralias }),
    });
    expect(again.json().message).toBe(MESSAGES.nicknameDuplicate);
    const sameCard = await account.app.inject({
      method: 'POST',
      url: '/api/signUp',
      payload: newSignUp({ careerCardId: form.careerCardId }),
    });
    expect(sameCard.json().message).toBe(MESSAGES.careerCardIdDuplicate);
    expect(await careercard.service.app.knex('profile').where({ profile_id: form.careerCardId }).first()).toMatchObject(
      { is_public: false, user_alias: '탈퇴회원', intro: '' },
    );
    // Withdrawing twice is refused (the session is gone anyway).
    expect(
      (await as(headers, 'POST', `/api/setWithdrawal/${userId}`, { reasonCode: 'PRIVACY', agreed: true })).statusCode,
    ).toBe(404);
    expect(await countRows(account, 'withdrawal')).toBe(1);
  });
});
