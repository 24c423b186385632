import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES, type CareerCardResponse, type ProfileExistsResponse } from '@sq/contracts';
import { careercardService } from '../src/service';
import { SEED_PROFILE_IDS } from '../src/seeds/profiles';

let service: TestService;
beforeAll(async () => {
  service = await build(careercardService);
});
afterAll(() => service?.close());

const get = (url: string, headers: Record<string, string> = {}) => service.app.inject({ method: 'GET', url, headers });
const profileCount = async () => Number((await service.app.knex('profile').count({ n: '*' }).first())!.n);

describe('public career card', () => {
  it('shows the demo member with codes as names, skills and projects newest first', async () => {
    const response = await get('/api/profile/minji');
    expect(response.statusCode).toBe(200);
    const { ErrorCode, profile } = response.json<CareerCardResponse & { ErrorCode: string }>();
    expect(ErrorCode).toBe('00');
    expect(profile).toMatchObject({
      profileId: 'minji',
      userName: '김민지',
      userAlias: '민지',
      jobGroupName: '기획',
      positionName: '서비스 기획',
      yearCodeName: '3년 이상 5년 미만',
      imgUrl: null,
    });
    expect(profile.skills).toContain('사용자 인터뷰');
    expect(profile.projects.map((p) => p.title)).toEqual([
      '한입레시피',
      '출근길 영어',
      '모아보기',
      '사내 정산 어드민 개편',
    ]);
    expect(profile.projects[0]).toMatchObject({ role: '서비스 기획', period: '2026.05.11 ~ 2026.05.20' });
    // Nothing private leaks into the public view.
    expect(Object.keys(profile)).not.toContain('userId');
  });

  it('finds a card whatever the case of the ID in the URL', async () => {
    const { profile } = (await get('/api/profile/MinJi')).json<CareerCardResponse>();
    expect(profile.profileId).toBe('minji');
  });

  it('has a card for every member the past projects link to', async () => {
    for (const id of [
      'minji',
      'junho',
      'seoyeon',
      'dohyun',
      'jiwoo',
      'hyunwoo',
      'yuna',
      'taeyang',
      'sora',
      'kihoon',
      'operator1',
    ]) {
      expect((await get(`/api/profile/${id}`)).statusCode, id).toBe(200);
    }
    expect(SEED_PROFILE_IDS).toHaveLength(11);
  });

  it('marks a project that is still running', async () => {
    const { profile } = (await get('/api/profile/kihoon')).json<CareerCardResponse>();
    expect(profile.projects[0]).toMatchObject({ title: '사내 알림 발송 플랫폼', period: '2026.09.01 ~ 진행 중' });
  });

  it('answers an unknown card and a private card the same way', async () => {
    const unknown = await get('/api/profile/nobody');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ ErrorCode: '44', message: MESSAGES.notFound });
    await service.app.knex('profile').where({ profile_id: 'yuna' }).update({ is_public: false });
    try {
      const hidden = await get('/api/profile/yuna');
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual(unknown.json());
    } finally {
      await service.app.knex('profile').where({ profile_id: 'yuna' }).update({ is_public: true });
    }
  });

  it('rejects malformed IDs with a Korean message and no 500', async () => {
    const before = await profileCount();
    const ids = [
      'a',
      'admin',
      'xAdMin1',
      'min-ji',
      'min_ji',
      "minji'%20or%20'1'='1",
      'minji%3B%20drop%20table%20profile',
      '%EB%AF%BC%EC%A7%80',
      'a'.repeat(21),
      '%00',
      'minji%2F..',
    ];
    for (const id of ids) {
      const response = await get(`/api/profile/${id}`);
      expect(response.statusCode, id).toBe(400);
      // A NUL is refused before the ID's own check (service-kit): text PostgreSQL cannot store.
      expect(response.json(), id).toMatchObject({
        ErrorCode: '40',
        message: id === '%00' ? MESSAGES.textInvalidCharacters : MESSAGES.badRequest,
      });
    }
    // Far beyond any ID, or not valid percent-encoding: the router refuses it before the route, never a 500.
    for (const id of ['a'.repeat(5000), '%E0%A4%A']) {
      const refused = await get(`/api/profile/${id}`);
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
    }
    expect(await profileCount()).toBe(before);
  });

  it('keeps invalid IDs out of the table itself', async () => {
    const row = { user_alias: '테스트', job_group_code: 'JG_DEV', year_code: 'CY_1_3Y' };
    for (const id of ['myadmin', 'x', 'a b', 'MINJI']) {
      await expect(service.app.knex('profile').insert({ ...row, profile_id: id }), id).rejects.toThrow();
    }
  });
});

describe('career card ID check for other services', () => {
  const url = (id: string) => `/internal/profiles/${id}/exists`;

  it('tells whether an ID is taken, private cards included, regardless of case', async () => {
    await service.app.knex('profile').where({ profile_id: 'sora' }).update({ is_public: false });
    try {
      for (const [id, exists] of [
        ['minji', true],
        ['MINJI', true],
        ['sora', true],
        ['newcomer1', false],
      ] as const) {
        const response = await get(url(id), service.internalHeaders);
        expect(response.statusCode, id).toBe(200);
        expect(response.json<ProfileExistsResponse>(), id).toEqual({ ErrorCode: '00', exists });
      }
    } finally {
      await service.app.knex('profile').where({ profile_id: 'sora' }).update({ is_public: true });
    }
  });

  it('refuses callers without the internal secret, even signed-in members', async () => {
    for (const headers of [
      {},
      { 'x-internal-secret': 'guess' },
      service.as({ userId: 1, role: 'ROLE_ADMIN', sid: 's' }),
    ]) {
      const response = await get(url('minji'), headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ ErrorCode: '43', message: MESSAGES.forbidden });
    }
  });

  it('rejects malformed IDs', async () => {
    for (const id of ['x', 'superadmin', 'a%27--']) {
      const response = await get(url(id), service.internalHeaders);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toBe(MESSAGES.badRequest);
    }
  });
});

describe('career card ID duplicate check at sign-up', () => {
  const check = (query: string) => get(`/api/open/check/careercard?${query}`);

  it('accepts a free ID and refuses a taken one in any case, private cards included', async () => {
    expect((await check('profileId=newcomer1')).json()).toEqual({ ErrorCode: '00', available: true });
    await service.app.knex('profile').where({ profile_id: 'dohyun' }).update({ is_public: false });
    try {
      for (const id of ['minji', 'MinJi', 'dohyun']) {
        const response = await check(`profileId=${id}`);
        expect(response.statusCode, id).toBe(409);
        expect(response.json(), id).toEqual({ ErrorCode: '49', message: MESSAGES.careerCardIdDuplicate });
      }
    } finally {
      await service.app.knex('profile').where({ profile_id: 'dohyun' }).update({ is_public: true });
    }
  });

  it('rejects IDs that break the career card ID rule', async () => {
    const before = await profileCount();
    for (const query of [
      '',
      'profileId=',
      'profileId=a',
      'profileId=admin',
      'profileId=HeadAdmin7',
      'profileId=min%20ji',
      `profileId=${'a'.repeat(300)}`,
      "profileId=x'%20or%20'1'='1",
      'profileId=%EB%AF%BC%EC%A7%80',
    ]) {
      const response = await check(query);
      expect(response.statusCode, query).toBe(400);
      // What the person typed gets the sign-up form's own message (the rule is shared through @sq/contracts).
      expect(response.json(), query).toMatchObject({ ErrorCode: '40' });
      expect(
        [MESSAGES.careerCardIdRequired, MESSAGES.careerCardIdFormat, MESSAGES.careerCardIdReserved],
        query,
      ).toContain(response.json().message);
    }
    expect(await profileCount()).toBe(before);
  });
});

describe('member changes from the account service', () => {
  it('carries a new nickname and position onto the public card', async () => {
    const patch = (payload: object) =>
      service.app.inject({
        method: 'PATCH',
        url: '/internal/profiles/minji',
        headers: service.internalHeaders,
        payload,
      });
    expect((await patch({ userAlias: '민지킴', positionCode: 'POS_PM' })).statusCode).toBe(200);
    const { profile } = (await get('/api/profile/minji')).json<CareerCardResponse>();
    expect(profile).toMatchObject({ userAlias: '민지킴', positionName: 'PM' });
    const refused = await patch({ positionCode: 'POS_NOPE' });
    expect(refused.statusCode).toBe(400);
    expect((await get('/api/profile/minji')).json<CareerCardResponse>().profile.positionName).toBe('PM');
    await patch({ userAlias: '민지', positionCode: 'POS_SERVICE_PLANNING' });
  });
});

describe("the member's name, mirrored from the account service", () => {
  const create = (payload: object, key: string) =>
    service.app.inject({
      method: 'POST',
      url: '/internal/profiles',
      headers: { ...service.internalHeaders, 'idempotency-key': key },
      payload,
    });
  const patch = (id: string, payload: object) =>
    service.app.inject({ method: 'PATCH', url: `/internal/profiles/${id}`, headers: service.internalHeaders, payload });
  const card = { userId: 9101, userAlias: '길동', jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' };
  const row = (id: string) => service.app.knex('profile').where({ profile_id: id }).first();

  it('is stored on create, changed by a patch and shown on the public card with the nickname', async () => {
    expect((await create({ ...card, profileId: 'namecard1', userName: '홍길동' }, 'key-namecard1')).statusCode).toBe(
      201,
    );
    let { profile } = (await get('/api/profile/namecard1')).json<CareerCardResponse>();
    expect(profile).toMatchObject({ userName: '홍길동', userAlias: '길동' });
    expect(await row('namecard1')).toMatchObject({ user_name: '홍길동' });

    expect((await patch('namecard1', { userName: '홍길순' })).statusCode).toBe(200);
    ({ profile } = (await get('/api/profile/namecard1')).json<CareerCardResponse>());
    expect(profile).toMatchObject({ userName: '홍길순', userAlias: '길동' });
    // A patch without a name keeps it.
    expect((await patch('namecard1', { intro: '안녕하세요.' })).statusCode).toBe(200);
    expect((await get('/api/profile/namecard1')).json<CareerCardResponse>().profile.userName).toBe('홍길순');
  });

  it('is null on a card created without one (the card shows the nickname only)', async () => {
    expect((await create({ ...card, userId: 9102, profileId: 'namecard2' }, 'key-namecard2')).statusCode).toBe(201);
    expect((await get('/api/profile/namecard2')).json<CareerCardResponse>().profile).toMatchObject({
      userName: null,
      userAlias: '길동',
    });
  });

  it("refuses a name over 20 characters with the account's Korean message and changes nothing", async () => {
    const before = await profileCount();
    const tooLong = '가'.repeat(21);
    const created = await create({ ...card, userId: 9103, profileId: 'namecard3', userName: tooLong }, 'key-namecard3');
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      ErrorCode: '40',
      message: MESSAGES.nameLength,
      fields: { userName: MESSAGES.nameLength },
    });
    expect(await profileCount()).toBe(before);

    const unchanged = await row('namecard1');
    for (const payload of [
      { userName: tooLong, userAlias: '새닉네임' },
      { userName: '홍', intro: '바뀌면 안 돼요.' },
    ]) {
      const refused = await patch('namecard1', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message).toBe(MESSAGES.nameLength);
    }
    expect(await row('namecard1')).toEqual(unchanged);
  });

  it('is cleared when the card is retired', async () => {
    expect(
      (await create({ ...card, userId: 9104, profileId: 'namecard4', userName: '탈퇴할사람' }, 'key-namecard4'))
        .statusCode,
    ).toBe(201);
    const retired = await service.app.inject({
      method: 'POST',
      url: '/internal/profiles/namecard4/retire',
      headers: service.internalHeaders,
      payload: {},
    });
    expect(retired.statusCode).toBe(200);
    expect(await row('namecard4')).toMatchObject({ user_name: null, user_alias: '탈퇴회원', is_public: false });
    expect((await get('/api/profile/namecard4')).statusCode).toBe(404);
  });
});
