import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type UserDataResponse } from '@sq/contracts';
import type { TestService } from '@sq/service-kit/testing';
import {
  asHolder,
  buildAccount,
  closedPortUrl,
  countRows,
  newSignUp,
  startCareercard,
  startFakeCareercard,
} from './support/peers';

let careercard: Awaited<ReturnType<typeof startCareercard>>;
let account: TestService;

beforeAll(async () => {
  careercard = await startCareercard();
  account = await buildAccount({ careercardUrl: careercard.url });
});
afterAll(async () => {
  await account?.close();
  await careercard?.close();
});

const signUp = (body: unknown, service: TestService = account) =>
  service.app.inject({ method: 'POST', url: '/api/signUp', payload: body as object });
const cardExists = async (id: string) =>
  Boolean(await careercard.service.app.knex('profile').whereRaw('lower(profile_id) = lower(?)', [id]).first());
const snapshot = async (service: TestService = account) => ({
  users: await countRows(service, 'user_account'),
  sessions: await countRows(service, 'session'),
  cards: await countRows(careercard.service, 'profile'),
});

describe('e-mail sign-up', () => {
  it('creates the account and its career card, and signs the member in', async () => {
    const form = newSignUp({ email: 'New.Member@Example.com', userphone: '01077778888' });
    const response = await signUp(form);
    expect(response.statusCode).toBe(201);
    const body = response.json<UserDataResponse>();
    expect(body).toMatchObject({
      ErrorCode: '00',
      isUser: 'Y',
      userData: {
        email: 'new.member@example.com',
        userAlias: form.useralias,
        profileId: form.careerCardId,
        userPhone: '010-7777-8888',
        userJobGroup: '개발',
        vendor: 'EMAIL',
        userRole: 'ROLE_USER',
      },
    });
    expect(response.headers.authorization).toBe(`Bearer ${body.userData.token}`);
    const card = await careercard.service.app.knex('profile').where({ profile_id: form.careerCardId }).first();
    expect(card).toMatchObject({
      user_id: body.userData.userId,
      user_name: form.username,
      user_alias: form.useralias,
      job_group_code: 'JG_DEV',
      year_code: 'CY_1_3Y',
      position_code: 'POS_BACKEND',
    });
    const row = await account.app.knex('user_account').where({ user_id: body.userData.userId }).first();
    expect(row).toMatchObject({
      position: '백엔드',
      career_years: '1년 이상 3년 미만',
      terms_agreed: true,
      privacy_agreed: true,
      marketing_consent: false,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const me = await account.app.inject({ url: '/api/meOauth', headers: asHolder(account, body.userData.token) });
    expect(me.json()).toMatchObject({ isUser: 'Y', userData: { email: 'new.member@example.com' } });
  });

  it('refuses malformed, missing, oversized, wrongly typed and injected input with a Korean message, changing nothing', async () => {
    const before = await snapshot();
    const cases: [unknown, string][] = [
      [{}, MESSAGES.emailRequired],
      [newSignUp({ email: 'not-an-email' }), MESSAGES.emailFormat],
      [newSignUp({ password: 'short1!', pw_confirm: 'short1!' }), MESSAGES.passwordLength],
      [newSignUp({ password: 'onlyletters', pw_confirm: 'onlyletters' }), MESSAGES.passwordComposition],
      [newSignUp({ pw_confirm: 'different1!' }), MESSAGES.passwordMismatch],
      [newSignUp({ username: '김' }), MESSAGES.nameLength],
      [newSignUp({ useralias: 'a' }), MESSAGES.nicknameLength],
      [newSignUp({ careerCardId: 'a' }), MESSAGES.careerCardIdFormat],
      [newSignUp({ careerCardId: 'superAdmin1' }), MESSAGES.careerCardIdReserved],
      [newSignUp({ careerCardId: "x' or '1'='1" }), MESSAGES.careerCardIdFormat],
      [newSignUp({ userphone: '12345' }), MESSAGES.phoneFormat],
      [newSignUp({ jobGroup: '' }), MESSAGES.jobGroupRequired],
      [newSignUp({ careerYears: null }), MESSAGES.careerYearsRequired],
      [newSignUp({ termsAgreed: false }), MESSAGES.termsRequired],
      [newSignUp({ privacyAgreed: 'yes' }), MESSAGES.privacyRequired],
      [newSignUp({ email: ['a@b.c'] }), MESSAGES.emailRequired],
      [newSignUp({ username: 'x'.repeat(10_000) }), MESSAGES.nameLength],
      [newSignUp({ useralias: "'; drop table user_account; --" }), MESSAGES.nicknameLength],
      [newSignUp({ jobGroup: "JG_DEV'; --" }), MESSAGES.jobGroupRequired],
      [newSignUp({ jobGroup: 'JG_NOPE' }), MESSAGES.jobGroupRequired],
      [newSignUp({ position: 'POS_UXUI' }), MESSAGES.positionRequired],
    ];
    for (const [body, message] of cases) {
      const response = await signUp(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().message, JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    for (const raw of ['{oops', '[]', '"text"', 'null']) {
      const response = await account.app.inject({
        method: 'POST',
        url: '/api/signUp',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      expect(response.statusCode, raw).toBe(400);
      expect(response.json().message, raw).toMatch(/[가-힣]/);
    }
    const huge = await account.app.inject({
      method: 'POST',
      url: '/api/signUp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(newSignUp({ username: 'x'.repeat(2 * 1024 * 1024) })),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(MESSAGES.badRequest);
    expect(await snapshot()).toEqual(before);
  });

  it("answers each taken field with the spec's duplicate message, changing nothing", async () => {
    const taken = newSignUp();
    expect((await signUp(taken)).statusCode).toBe(201);
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: taken.email.toUpperCase() }, 'email', MESSAGES.accountDuplicate],
      [{ contactEmail: taken.contactEmail }, 'contactEmail', MESSAGES.contactEmailDuplicate],
      [{ useralias: taken.useralias.toUpperCase() }, 'useralias', MESSAGES.nicknameDuplicate],
      [{ careerCardId: taken.careerCardId.toUpperCase() }, 'careerCardId', MESSAGES.careerCardIdDuplicate],
      // A card careercard holds without any account here (seeded): careercard's refusal is the answer.
      [{ careerCardId: 'junho' }, 'careerCardId', MESSAGES.careerCardIdDuplicate],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await signUp(newSignUp(overrides));
      expect(response.statusCode, field).toBe(409);
      expect(response.json(), field).toMatchObject({ ErrorCode: '49', message, fields: { [field]: message } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('creates exactly one account when the same e-mail or career card ID signs up concurrently', async () => {
    const before = await snapshot();
    const email = newSignUp().email;
    const sameEmail = await Promise.all(Array.from({ length: 6 }, () => signUp(newSignUp({ email }))));
    expect(sameEmail.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of sameEmail.filter((r) => r.statusCode !== 201))
      expect(r.json()).toMatchObject({ ErrorCode: '49', message: MESSAGES.accountDuplicate });

    const careerCardId = newSignUp().careerCardId;
    const sameId = await Promise.all(Array.from({ length: 6 }, () => signUp(newSignUp({ careerCardId }))));
    expect(sameId.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of sameId.filter((r) => r.statusCode !== 201))
      expect(r.json()).toMatchObject({ ErrorCode: '49', message: MESSAGES.careerCardIdDuplicate });

    const after = await snapshot();
    expect(after.users - before.users).toBe(2);
    expect(after.cards - before.cards).toBe(2);
  });
});

describe('duplicate checks', () => {
  const get = (url: string) => account.app.inject({ method: 'GET', url });

  it('answers free values with available and taken ones with the spec messages', async () => {
    const taken = newSignUp();
    await signUp(taken);
    expect((await get('/api/open/check/email?email=fresh.one%40example.com')).json()).toEqual({
      ErrorCode: '00',
      available: true,
    });
    expect((await get(`/api/open/check/email?email=${encodeURIComponent(taken.email)}`)).json()).toMatchObject({
      ErrorCode: '49',
      message: '이미 사용 중인 가입 계정이에요.',
    });
    expect((await get('/api/open/check/contact-email?contactEmail=fresh.two%40example.com')).json()).toEqual({
      ErrorCode: '00',
      available: true,
    });
    expect(
      (await get(`/api/open/check/contact-email?contactEmail=${encodeURIComponent(taken.contactEmail)}`)).json(),
    ).toMatchObject({ message: '이미 사용 중인 수신용 이메일이에요.' });
    expect((await get(`/api/open/isCheckId?id=${encodeURIComponent('새닉네임')}`)).json()).toEqual({
      ErrorCode: '00',
      available: true,
    });
    expect((await get(`/api/open/isCheckId?id=${encodeURIComponent(taken.useralias)}`)).json()).toMatchObject({
      message: '이미 사용 중인 닉네임이에요.',
    });
    expect((await get('/api/open/isCheckId?id=%EB%AF%BC%EC%A7%80')).statusCode).toBe(409);
  });

  it('tells an e-mail of a social account to use that provider', async () => {
    for (const [vendor, message] of [
      ['GOOGLE', '구글로 가입된 이메일입니다. 구글 로그인을 이용해 주세요.'],
      ['KAKAO', MESSAGES.registeredWithKakao],
      ['NAVER', MESSAGES.registeredWithNaver],
    ] as const) {
      const form = newSignUp();
      await account.app.knex('user_account').insert({
        email: form.email,
        contact_email: form.contactEmail,
        user_name: '소셜',
        user_alias: form.useralias,
        user_phone: '010-1111-2222',
        vendor,
      });
      const check = await get(`/api/open/check/email?email=${encodeURIComponent(form.email)}`);
      expect(check.statusCode).toBe(409);
      expect(check.json().message).toBe(message);
      expect((await signUp(newSignUp({ email: form.email }))).json().message).toBe(message);
    }
  });

  it('refuses bad queries in Korean, never a 500', async () => {
    for (const url of [
      '/api/open/check/email',
      '/api/open/check/email?email=nope',
      `/api/open/check/email?email=${'a'.repeat(300)}%40x.com`,
      '/api/open/check/contact-email?contactEmail=',
      '/api/open/isCheckId',
      '/api/open/isCheckId?id=a',
      '/api/open/isCheckId?id=%27%20or%201%3D1%20--%20xxxxxxxxxxxx',
      '/api/open/isCheckId?id[]=a&id[]=b',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json().message, url).toMatch(/[가-힣]/);
    }
  });
});

describe('the sign-up saga when careercard fails', () => {
  it('creates nothing when careercard cannot be reached', async () => {
    const down = await buildAccount({ careercardUrl: await closedPortUrl() });
    try {
      const before = await countRows(down, 'user_account');
      const response = await signUp(newSignUp(), down);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ErrorCode: '53', message: MESSAGES.serviceUnavailable });
      expect(await countRows(down, 'user_account')).toBe(before);
    } finally {
      await down.close();
    }
  });

  it('rolls the account back and deletes the card (same key) when careercard fails after creating it', async () => {
    // Creates the card, then answers 500: the account side cannot know, so it compensates.
    const fake = await startFakeCareercard((request, _body, response) => {
      if (request.method === 'DELETE')
        return response.writeHead(200, { 'content-type': 'application/json' }).end('{"ErrorCode":"00","deleted":true}');
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"ErrorCode":"50","message":"에러입니다."}');
    });
    const service = await buildAccount({ careercardUrl: fake.url });
    try {
      const before = await countRows(service, 'user_account');
      const form = newSignUp();
      const response = await signUp(form, service);
      expect(response.statusCode).toBe(503);
      expect(await countRows(service, 'user_account')).toBe(before);
      const [create, compensate] = fake.calls;
      expect(create).toMatchObject({ method: 'POST', url: '/internal/profiles' });
      expect(compensate).toMatchObject({ method: 'DELETE', url: `/internal/profiles/${form.careerCardId}` });
    } finally {
      await service.close();
      await fake.close();
    }
  });

  it('deletes the created card when the account cannot be kept after careercard said yes', async () => {
    // The card is created, but the account's own step after it fails (here: a name too long for the column).
    const fake = await startFakeCareercard((request, body, response) => {
      if (request.method === 'DELETE')
        return response.writeHead(200, { 'content-type': 'application/json' }).end('{"ErrorCode":"00","deleted":true}');
      const { profileId } = JSON.parse(body) as { profileId: string };
      response.writeHead(201, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ErrorCode: '00',
          created: true,
          profile: { profileId, jobGroupName: 'x'.repeat(200), positionName: null, yearCodeName: '1년' },
        }),
      );
    });
    const service = await buildAccount({ careercardUrl: fake.url });
    try {
      const before = await countRows(service, 'user_account');
      const form = newSignUp();
      const response = await signUp(form, service);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ ErrorCode: '50', message: MESSAGES.defaultError });
      expect(await countRows(service, 'user_account')).toBe(before);
      expect(fake.calls.map((c) => c.method)).toEqual(['POST', 'DELETE']);
      expect(fake.calls[0]!.body).toContain(form.careerCardId);
    } finally {
      await service.close();
      await fake.close();
    }
  });

  it('leaves no card behind on the real careercard when the account insert loses a race', async () => {
    const form = newSignUp();
    await signUp(form);
    // Same e-mail, new career card ID: refused before careercard is ever asked.
    const other = newSignUp({ email: form.email });
    expect((await signUp(other)).statusCode).toBe(409);
    expect(await cardExists(other.careerCardId)).toBe(false);
  });

  it('careercard create is idempotent by key and its compensation deletes only what that key created', async () => {
    const headers = { ...careercard.service.internalHeaders, 'idempotency-key': 'test-key-123' };
    const payload = {
      profileId: 'idemcard1',
      userId: 99_001,
      userAlias: '아이뎀',
      jobGroupCode: 'JG_PLAN',
      yearCode: 'CY_1_3Y',
    };
    const first = await careercard.service.app.inject({ method: 'POST', url: '/internal/profiles', headers, payload });
    const again = await careercard.service.app.inject({ method: 'POST', url: '/internal/profiles', headers, payload });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, profile: { profileId: 'idemcard1', jobGroupName: '기획' } });
    const wrongKey = await careercard.service.app.inject({
      method: 'DELETE',
      url: '/internal/profiles/idemcard1',
      headers: { ...headers, 'idempotency-key': 'another-key' },
    });
    expect(wrongKey.json()).toMatchObject({ deleted: false });
    const rightKey = await careercard.service.app.inject({
      method: 'DELETE',
      url: '/internal/profiles/idemcard1',
      headers,
    });
    expect(rightKey.json()).toMatchObject({ deleted: true });
    expect(await cardExists('idemcard1')).toBe(false);
    const noSecret = await careercard.service.app.inject({
      method: 'POST',
      url: '/internal/profiles',
      headers: { 'idempotency-key': 'x'.repeat(10) },
      payload,
    });
    expect(noSecret.statusCode).toBe(403);
  });
});
