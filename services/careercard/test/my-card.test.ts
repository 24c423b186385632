import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { generateJwtKeys } from '@sq/service-kit';
import {
  MESSAGES,
  type CareerCardProjectListResponse,
  type CareerCardProjectResponse,
  type CareerCardResponse,
  type MyInfoResponse,
  type UserDataResponse,
} from '@sq/contracts';
import { careercardService } from '../src/service';
import { asHolder, buildAccount, closedPortUrl, freePort, newSignUp } from '../../account/test/support/peers';
import { anotherInstance } from './support/instance';

/**
 * The member's own card, on the real careercard and the real account service (the nickname is the account's;
 * members are made by the account's sign-up saga, so every card belongs to a real user).
 */
let careercard: TestService;
let account: TestService;
beforeAll(async () => {
  const keys = generateJwtKeys();
  process.env.JWT_PRIVATE_KEY = keys.privateKey;
  process.env.JWT_PUBLIC_KEY = keys.publicKey;
  process.env.UPLOAD_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sq-careercard-uploads-'));
  // Each reads the other's URL once, when built: the account's port is chosen before either exists.
  const accountPort = await freePort();
  process.env.ACCOUNT_SERVICE_URL = `http://127.0.0.1:${accountPort}`;
  careercard = await build(careercardService);
  await careercard.app.listen({ port: 0, host: '127.0.0.1' });
  account = await buildAccount({
    careercardUrl: `http://127.0.0.1:${(careercard.app.server.address() as AddressInfo).port}`,
  });
  await account.app.listen({ port: accountPort, host: '127.0.0.1' });
});
afterAll(async () => {
  await account?.close();
  await careercard?.close();
});

interface Member {
  userId: number;
  profileId: string;
  alias: string;
  cc: Record<string, string>;
  acc: Record<string, string>;
}
async function member(): Promise<Member> {
  const form = newSignUp();
  const response = await account.app.inject({ method: 'POST', url: '/api/signUp', payload: form });
  expect(response.statusCode, response.body).toBe(201);
  const { userData } = response.json<UserDataResponse>();
  const acc = asHolder(account, userData.token);
  return {
    userId: userData.userId,
    profileId: form.careerCardId,
    alias: form.useralias,
    acc,
    cc: careercard.as({ userId: userData.userId, role: 'ROLE_USER', sid: 'test' }),
  };
}
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) => careercard.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const row = (profileId: string) => careercard.app.knex('profile').where({ profile_id: profileId }).first();
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
async function upload(m: Member, bytes = png, type = 'image/png') {
  const boundary = 'sqcardtest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return careercard.app.inject({
    method: 'POST',
    url: '/api/fileUpload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...m.cc },
  });
}
/** Asserts a Korean 4xx with the given message and that the card row did not change. */
async function refused(m: Member, response: Awaited<ReturnType<typeof call>>, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  if (message) expect(body.message).toBe(message);
  else expect(body.message).toMatch(/[가-힣]/);
  expect(body.ErrorCode).not.toBe('00');
  void m;
}

describe('my card (GET /api/findByIdMyinfo, POST /api/insertMyinfo, /api/updateMyinfo)', () => {
  it('shows the new member’s card with the additional profile fields; visitors get 401', async () => {
    const m = await member();
    const response = await call('GET', '/api/findByIdMyinfo', m.cc);
    expect(response.statusCode).toBe(200);
    const { myInfo } = response.json<MyInfoResponse>();
    expect(myInfo).toMatchObject({
      profileId: m.profileId,
      userAlias: m.alias,
      jobCode: 'JG_DEV',
      jobCodeName: '개발',
      jobGroupName: '개발',
      positionCode: 'POS_BACKEND',
      positionName: '백엔드',
      yearCode: 'CY_1_3Y',
      imgId: null,
      imgUrl: null,
      intro: '',
      onboardedAt: null,
      skills: [],
      projects: [],
    });
    expect(myInfo?.yearCodeName).toBeTruthy();
    expect((await call('GET', '/api/findByIdMyinfo')).statusCode).toBe(401);
    // A member without a card (none was ever made for this user) gets null, not an error.
    expect(
      (
        await call('GET', '/api/findByIdMyinfo', careercard.as({ userId: 999_999, role: 'ROLE_USER', sid: 'x' }))
      ).json(),
    ).toEqual({ ErrorCode: '00', myInfo: null });
  });

  it('saves the first additional info once, then edits it; bad codes and bad text change nothing', async () => {
    const m = await member();
    const before = await row(m.profileId);
    for (const [payload, message] of [
      [{ jobCode: 'JG_NOPE', yearCode: 'CY_1_3Y' }, MESSAGES.jobGroupRequired],
      [{ jobCode: 'JG_PLAN', positionCode: 'POS_BACKEND', yearCode: 'CY_1_3Y' }, MESSAGES.positionRequired],
      [{ jobCode: 'JG_PLAN' }, MESSAGES.careerYearsRequired],
      [{ jobCode: 'JG_PLAN', yearCode: 'CY_1_3Y', intro: 'a\u0000b' }, MESSAGES.textInvalidCharacters],
      [{ jobCode: 'JG_PLAN', yearCode: 'CY_1_3Y', intro: 'x'.repeat(10_000) }, MESSAGES.introLength],
      [{ jobCode: 12, yearCode: ['CY_1_3Y'] }, undefined],
    ] as const) {
      await refused(m, await call('POST', '/api/insertMyinfo', m.cc, payload), 400, message);
    }
    expect(await row(m.profileId)).toEqual(before);

    const saved = await call('POST', '/api/insertMyinfo', m.cc, {
      jobCode: 'JG_PLAN',
      positionCode: 'POS_PM',
      yearCode: 'CY_3_5Y',
      intro: '  기획자입니다.  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MyInfoResponse>().myInfo).toMatchObject({
      jobCode: 'JG_PLAN',
      positionName: 'PM',
      intro: '기획자입니다.',
    });
    expect(saved.json<MyInfoResponse>().myInfo?.onboardedAt).not.toBeNull();
    // The account mirrors the codes (the signed-in user shows the same job group).
    expect(await account.app.knex('user_account').where({ user_id: m.userId }).first()).toMatchObject({
      job_code: 'JG_PLAN',
      job_group: '기획',
      position: 'PM',
    });
    await refused(
      m,
      await call('POST', '/api/insertMyinfo', m.cc, { jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' }),
      409,
      MESSAGES.myInfoAlreadySaved,
    );

    const step = await call('POST', '/api/updateMyinfo', m.cc, { onboardingStep: 'skills', intro: '바뀐 소개' });
    expect(step.json<MyInfoResponse>().myInfo).toMatchObject({
      onboardingStep: 'skills',
      intro: '바뀐 소개',
      jobCode: 'JG_PLAN',
    });
    await refused(m, await call('POST', '/api/updateMyinfo', m.cc, { onboardingStep: 'nowhere' }), 400);
    expect((await call('POST', '/api/updateMyinfo', {}, { intro: 'x' })).statusCode).toBe(401);
  });
});

describe('profile, cover and intro (POST /api/profile, /api/profile/cover, /api/profile/intro)', () => {
  it('changes the nickname through the account and the card together; a taken nickname changes neither', async () => {
    const m = await member();
    const other = await member();
    const taken = await call('POST', '/api/profile', m.cc, {
      useralias: other.alias,
      jobGroup: 'JG_DESIGN',
      position: 'POS_UXUI',
      careerYears: 'CY_3_5Y',
    });
    await refused(m, taken, 409, MESSAGES.nicknameDuplicate);
    expect(await row(m.profileId)).toMatchObject({ user_alias: m.alias, job_group_code: 'JG_DEV' });
    expect(await account.app.knex('user_account').where({ user_id: m.userId }).first()).toMatchObject({
      user_alias: m.alias,
      job_code: 'JG_DEV',
    });

    const alias = `새이름${m.userId}`;
    const saved = await call('POST', '/api/profile', m.cc, {
      useralias: alias,
      jobGroup: 'JG_DESIGN',
      position: 'POS_UXUI',
      careerYears: 'CY_3_5Y',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MyInfoResponse>().myInfo).toMatchObject({
      userAlias: alias,
      jobGroupName: '디자인',
      positionCode: 'POS_UXUI',
    });
    // The header reads the signed-in user: it now carries the new nickname and job group.
    const me = await account.app.inject({ url: '/api/meOauth', headers: m.acc });
    expect(me.json<UserDataResponse>().userData).toMatchObject({ userAlias: alias, userJobGroup: '디자인' });
    await refused(
      m,
      await call('POST', '/api/profile', m.cc, { useralias: 'x', jobGroup: 'JG_DEV', careerYears: 'CY_3_5Y' }),
      400,
      MESSAGES.nicknameLength,
    );
    await refused(
      m,
      await call('POST', '/api/profile', m.cc, { jobGroup: 'JG_DEV', position: 'POS_UXUI', careerYears: 'CY_3_5Y' }),
      400,
      MESSAGES.positionRequired,
    );
  });

  it('changes nothing when the account service cannot be asked', async () => {
    const m = await member();
    const cut = await anotherInstance(careercard, { ACCOUNT_SERVICE_URL: await closedPortUrl() });
    try {
      const response = await cut.inject({
        method: 'POST',
        url: '/api/profile',
        headers: m.cc,
        payload: { useralias: `딴이름${m.userId}`, jobGroup: 'JG_PLAN', careerYears: 'CY_3_5Y' },
      });
      await refused(m, response, 503, MESSAGES.serviceUnavailable);
    } finally {
      await cut.close();
    }
    expect(await row(m.profileId)).toMatchObject({
      user_alias: m.alias,
      job_group_code: 'JG_DEV',
      year_code: 'CY_1_3Y',
    });
  });

  it('sets a cover and a photo only from the member’s own uploads; a non-image upload is refused', async () => {
    const m = await member();
    const other = await member();
    const mine = (await upload(m)).json().imgId as string;
    const theirs = (await upload(other)).json().imgId as string;
    const text = await upload(m, Buffer.from('hello, not an image'), 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(MESSAGES.uploadTypeInvalid);

    await refused(
      m,
      await call('POST', '/api/profile/cover', m.cc, { coverImgId: theirs }),
      400,
      MESSAGES.imageInvalid,
    );
    await refused(
      m,
      await call('POST', '/api/profile/cover', m.cc, { coverImgId: 'not-a-uuid' }),
      400,
      MESSAGES.imageInvalid,
    );
    await refused(m, await call('POST', '/api/profile/cover', m.cc, { coverImgId: 42 }), 400);
    await refused(
      m,
      await call('POST', '/api/profile', m.cc, { jobGroup: 'JG_DEV', careerYears: 'CY_1_3Y', imgId: theirs }),
      400,
      MESSAGES.imageInvalid,
    );
    expect(await row(m.profileId)).toMatchObject({ cover_img_url: null, img_url: null });

    const cover = await call('POST', '/api/profile/cover', m.cc, { coverImgId: mine });
    expect(cover.json<MyInfoResponse>().myInfo).toMatchObject({
      coverImgId: mine,
      coverImgUrl: `/media/uploads/${mine}`,
    });
    const photo = await call('POST', '/api/profile', m.cc, { jobGroup: 'JG_DEV', careerYears: 'CY_1_3Y', imgId: mine });
    expect(photo.json<MyInfoResponse>().myInfo).toMatchObject({ imgId: mine, imgUrl: `/media/uploads/${mine}` });
    const removed = await call('POST', '/api/profile/cover', m.cc, { coverImgId: null });
    expect(removed.json<MyInfoResponse>().myInfo).toMatchObject({ coverImgUrl: null });
  });

  it('keeps the intro within the limit and free of control characters', async () => {
    const m = await member();
    await call('POST', '/api/profile/intro', m.cc, { intro: '원래 소개' });
    for (const [payload, message] of [
      [{ intro: 'x'.repeat(10_000) }, MESSAGES.introLength],
      [{ intro: '널\u0000바이트' }, MESSAGES.textInvalidCharacters],
      [{ intro: 12345 }, MESSAGES.introLength],
      [{}, MESSAGES.introLength],
    ] as const) {
      await refused(m, await call('POST', '/api/profile/intro', m.cc, payload), 400, message);
    }
    expect(await row(m.profileId)).toMatchObject({ intro: '원래 소개' });
    const ok = await call('POST', '/api/profile/intro', m.cc, { intro: `${'가'.repeat(1000)}` });
    expect(ok.statusCode).toBe(200);
    expect((await call('POST', '/api/profile/intro', {}, { intro: 'x' })).statusCode).toBe(401);
  });
});

describe('skills (POST /api/profile/skills)', () => {
  it('replaces the list in order; duplicates, too many or too long change nothing', async () => {
    const m = await member();
    const saved = await call('POST', '/api/profile/skills', m.cc, {
      skills: ['React', ' TypeScript ', '디자인 시스템'],
    });
    expect(saved.json<MyInfoResponse>().myInfo?.skills).toEqual(['React', 'TypeScript', '디자인 시스템']);
    for (const [payload, message] of [
      [{ skills: ['React', 'react'] }, MESSAGES.skillDuplicate],
      [{ skills: Array.from({ length: 31 }, (_, i) => `s${i}`) }, MESSAGES.skillsTooMany],
      [{ skills: ['x'.repeat(31)] }, MESSAGES.skillLength],
      [{ skills: [''] }, MESSAGES.skillLength],
      [{ skills: 'React' }, MESSAGES.badRequest],
      [{ skills: ['a\u0000'] }, MESSAGES.textInvalidCharacters],
    ] as const) {
      await refused(m, await call('POST', '/api/profile/skills', m.cc, payload), 400, message);
    }
    expect((await call('GET', `/api/profile/${m.profileId}`)).json<CareerCardResponse>().profile.skills).toEqual([
      'React',
      'TypeScript',
      '디자인 시스템',
    ]);
  });
});

describe('projects (POST/PUT/DELETE /api/profile/project, order, public page)', () => {
  const project = {
    title: '사이드 프로젝트',
    role: '백엔드',
    startDate: '2026-03-02',
    endDate: '2026-06-30',
    description: 'API 서버를 만들었어요.',
    links: ['https://github.com/example/side'],
  };

  it('creates, edits, reorders and deletes the member’s projects; the public page shows one in full', async () => {
    const m = await member();
    const img = (await upload(m)).json().imgId as string;
    const first = await call('POST', '/api/profile/project', m.cc, { ...project, imgIds: [img] });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', '/api/profile/project', m.cc, { ...project, title: '두 번째', endDate: null });
    const list = second.json<CareerCardProjectListResponse>().projects;
    expect(list.map((p) => p.title)).toEqual(['두 번째', '사이드 프로젝트']);
    const [newer, older] = list as [(typeof list)[0], (typeof list)[0]];
    expect(newer.period).toBe('2026.03.02 ~ 진행 중');

    const page = await call('GET', `/api/profile/project/${older.projectId}`);
    expect(page.json<CareerCardProjectResponse>().project).toMatchObject({
      title: '사이드 프로젝트',
      role: '백엔드',
      period: '2026.03.02 ~ 2026.06.30',
      description: 'API 서버를 만들었어요.',
      links: ['https://github.com/example/side'],
      images: [{ imgId: img, imgUrl: `/media/uploads/${img}` }],
      profileId: m.profileId,
      isOwner: false,
    });
    expect((await call('GET', `/api/profile/project/${older.projectId}`, m.cc)).json().project.isOwner).toBe(true);

    const edited = await call('PUT', `/api/profile/project/${older.projectId}`, m.cc, {
      ...project,
      title: '고친 이름',
      imgIds: [],
    });
    expect(
      edited.json<CareerCardProjectListResponse>().projects.find((p) => p.projectId === older.projectId),
    ).toMatchObject({ title: '고친 이름', images: [] });

    const order = await call('POST', '/api/profile/project/order', m.cc, {
      projectIds: [older.projectId, newer.projectId],
    });
    expect(order.json<CareerCardProjectListResponse>().projects.map((p) => p.projectId)).toEqual([
      older.projectId,
      newer.projectId,
    ]);
    expect(
      (await call('GET', `/api/profile/${m.profileId}`))
        .json<CareerCardResponse>()
        .profile.projects.map((p) => p.title),
    ).toEqual(['고친 이름', '두 번째']);

    const deleted = await call('DELETE', `/api/profile/project/${newer.projectId}`, m.cc);
    expect(deleted.json<CareerCardProjectListResponse>().projects.map((p) => p.projectId)).toEqual([older.projectId]);
    expect((await call('GET', `/api/profile/project/${newer.projectId}`)).statusCode).toBe(404);
  });

  it('keeps the project limit when many are added at once', async () => {
    const m = await member();
    const results = await Promise.all(
      Array.from({ length: 33 }, (_, i) =>
        call('POST', '/api/profile/project', m.cc, { ...project, title: `프로젝트 ${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(30);
    for (const refusal of results.filter((r) => r.statusCode !== 201)) {
      expect(refusal.statusCode).toBe(409);
      expect(refusal.json().message).toBe(MESSAGES.projectsTooMany);
    }
    const orders: number[] = await careercard.app
      .knex('profile_project')
      .where({ profile_id: m.profileId })
      .orderBy('sort_order')
      .pluck('sort_order');
    expect(orders).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('refuses bad projects, other members’ projects and images, and bad orders; nothing changes', async () => {
    const m = await member();
    const other = await member();
    const theirImg = (await upload(other)).json().imgId as string;
    const theirs = (await call('POST', '/api/profile/project', other.cc, project)).json<CareerCardProjectListResponse>()
      .projects[0]!;
    const mine = (await call('POST', '/api/profile/project', m.cc, project)).json<CareerCardProjectListResponse>()
      .projects[0]!;
    const snapshot = async () =>
      careercard.app
        .knex('profile_project')
        .whereIn('profile_id', [m.profileId, other.profileId])
        .orderBy('project_id');
    const before = await snapshot();

    for (const [payload, message] of [
      [{ ...project, title: '' }, MESSAGES.projectTitleRequired],
      [{ ...project, title: 'x'.repeat(101) }, MESSAGES.projectTitleLength],
      [{ ...project, role: '' }, MESSAGES.projectRoleRequired],
      [{ ...project, startDate: '2026-02-30' }, MESSAGES.projectPeriodInvalid],
      [{ ...project, endDate: '2025-01-01' }, MESSAGES.projectPeriodInvalid],
      [{ ...project, links: ['javascript:alert(1)'] }, MESSAGES.projectLinkInvalid],
      [{ ...project, links: Array.from({ length: 6 }, (_, i) => `https://e.com/${i}`) }, MESSAGES.projectLinksTooMany],
      [{ ...project, description: 'x'.repeat(2001) }, MESSAGES.projectDescriptionLength],
      [{ ...project, title: 'a\u0000' }, MESSAGES.textInvalidCharacters],
      [{ ...project, imgIds: [theirImg] }, MESSAGES.imageInvalid],
      [{ ...project, startDate: 20260302 }, MESSAGES.projectPeriodInvalid],
    ] as const) {
      await refused(m, await call('POST', '/api/profile/project', m.cc, payload), 400, message);
      await refused(m, await call('PUT', `/api/profile/project/${mine.projectId}`, m.cc, payload), 400, message);
    }
    await refused(
      m,
      await call('PUT', `/api/profile/project/${theirs.projectId}`, m.cc, project),
      404,
      MESSAGES.projectNotFound,
    );
    await refused(
      m,
      await call('DELETE', `/api/profile/project/${theirs.projectId}`, m.cc),
      404,
      MESSAGES.projectNotFound,
    );
    for (const projectIds of [
      [theirs.projectId],
      [mine.projectId, mine.projectId],
      [],
      [mine.projectId, theirs.projectId],
      ['1'],
    ]) {
      const response = await call('POST', '/api/profile/project/order', m.cc, { projectIds });
      expect(response.statusCode, JSON.stringify(projectIds)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    for (const id of ['abc', '0', '-1', '99999999999'])
      expect((await call('GET', `/api/profile/project/${id}`)).statusCode, id).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('public card (GET /api/profile/{id}) and examples', () => {
  it('tells the owner it is theirs and never carries private fields', async () => {
    const m = await member();
    const visitor = (await call('GET', `/api/profile/${m.profileId}`)).json<CareerCardResponse>().profile;
    expect(visitor.isOwner).toBe(false);
    expect((await call('GET', `/api/profile/${m.profileId}`, m.cc)).json<CareerCardResponse>().profile.isOwner).toBe(
      true,
    );
    const other = await member();
    expect(
      (await call('GET', `/api/profile/${m.profileId}`, other.cc)).json<CareerCardResponse>().profile.isOwner,
    ).toBe(false);
    const body = JSON.stringify(visitor);
    for (const key of ['userId', 'contactEmail', 'userPhone', 'email', 'creation_key']) expect(body).not.toContain(key);
    expect(body).not.toContain('010-');
  });

  it('lists real public cards with an intro and skills for the landing page', async () => {
    const { cards } = (await call('GET', '/api/careercard/examples')).json<{
      cards: { profileId: string; intro: string; skills: string[] }[];
    }>();
    expect(cards.length).toBeGreaterThanOrEqual(3);
    expect(cards.length).toBeLessThanOrEqual(6);
    for (const card of cards) {
      expect(card.intro).not.toBe('');
      expect(card.skills.length).toBeGreaterThan(0);
      expect((await call('GET', `/api/profile/${card.profileId}`)).statusCode).toBe(200);
    }
  });

  it('answers a retired card like a missing one, and its member has no card to edit', async () => {
    const m = await member();
    expect(
      (await call('POST', `/internal/profiles/${m.profileId}/retire`, careercard.internalHeaders, {})).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/profile/${m.profileId}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/findByIdMyinfo', m.cc)).json().myInfo).toBeNull();
    await refused(
      m,
      await call('POST', '/api/profile/intro', m.cc, { intro: '다시' }),
      404,
      MESSAGES.careerCardNotFound,
    );
  });
});
