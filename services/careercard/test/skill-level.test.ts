import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { generateJwtKeys } from '@sq/service-kit';
import { MESSAGES, type CareerCardResponse, type MyInfoResponse, type UserDataResponse } from '@sq/contracts';
import { careercardService } from '../src/service';
import { itskillService } from '../../itskill/src/service';
import { takeCheckup } from '../../itskill/test/support';
import { buildAccount, closedPortUrl, freePort, newSignUp } from '../../account/test/support/peers';
import { anotherInstance } from './support/instance';
import type { FastifyInstance } from 'fastify';

/**
 * The IT skill check-up level on the public card, on the real careercard, account (members come from its
 * sign-up saga) and itskill services: hidden by default, shown only when the member turns it on, and a card
 * that renders without it when itskill is down or slow.
 */
const LEVEL_TIMEOUT_MS = 800;
let careercard: TestService;
let account: TestService;
let itskill: TestService;
let itskillUrl: string;
beforeAll(async () => {
  const keys = generateJwtKeys();
  process.env.JWT_PRIVATE_KEY = keys.privateKey;
  process.env.JWT_PUBLIC_KEY = keys.publicKey;
  process.env.UPLOAD_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sq-careercard-uploads-'));
  process.env.CARD_SKILL_LEVEL_TIMEOUT_MS = String(LEVEL_TIMEOUT_MS);
  itskill = await build(itskillService);
  await itskill.app.listen({ port: 0, host: '127.0.0.1' });
  itskillUrl = `http://127.0.0.1:${(itskill.app.server.address() as AddressInfo).port}`;
  process.env.ITSKILL_SERVICE_URL = itskillUrl;
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
  await itskill?.close();
});

async function member() {
  const form = newSignUp();
  const response = await account.app.inject({ method: 'POST', url: '/api/signUp', payload: form });
  expect(response.statusCode, response.body).toBe(201);
  const { userData } = response.json<UserDataResponse>();
  return {
    userId: userData.userId,
    profileId: form.careerCardId,
    cc: careercard.as({ userId: userData.userId, role: 'ROLE_USER', sid: 'test' }),
  };
}
/** The instance the calls go to: the test's own, or one with itskill elsewhere (withItskillAt). */
let serving: FastifyInstance | null = null;
const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  (serving ?? careercard.app).inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const publicCard = async (profileId: string, headers: Record<string, string> = {}) => {
  const response = await call('GET', `/api/profile/${profileId}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CareerCardResponse>().profile;
};
const show = (m: { cc: Record<string, string> }, showSkillLevel: unknown) =>
  call('POST', '/api/profile/skill-visibility', m.cc, { showSkillLevel });
const flag = async (profileId: string) =>
  (await careercard.app.knex('profile').where({ profile_id: profileId }).first('show_skill_level'))
    .show_skill_level as boolean;

/** Runs one block on an instance configured with itskill at `url` (configuration is read when an instance is built). */
async function withItskillAt<T>(url: string, run: () => Promise<T>): Promise<T> {
  serving = await anotherInstance(careercard, { ITSKILL_SERVICE_URL: url });
  try {
    return await run();
  } finally {
    await serving.close();
    serving = null;
  }
}

describe('IT skill check-up level on the public card', () => {
  it('is hidden by default; shown with its result link once the member turns it on; hidden again when turned off', async () => {
    const m = await member();
    const shareKey = await takeCheckup(itskill, m.userId, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 3);
    const mine = await call('GET', '/api/findByIdMyinfo', m.cc);
    expect(mine.json<MyInfoResponse>().myInfo?.showSkillLevel).toBe(false);
    // Visitors and the owner alike see the card without it.
    expect((await publicCard(m.profileId)).skillLevel).toBeNull();
    expect((await publicCard(m.profileId, m.cc)).skillLevel).toBeNull();

    const on = await show(m, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<MyInfoResponse>().myInfo?.showSkillLevel).toBe(true);
    const shown = (await publicCard(m.profileId.toUpperCase())).skillLevel;
    expect(shown).toMatchObject({ level: 5, levelName: '전문가', shareKey });
    expect(Number.isNaN(Date.parse(shown!.completedAt))).toBe(false);
    // The link goes to the public result page of that very result.
    expect((await itskill.app.inject({ url: `/api/itskill/results/${shown!.shareKey}` })).statusCode).toBe(200);

    const off = await show(m, false);
    expect(off.json<MyInfoResponse>().myInfo?.showSkillLevel).toBe(false);
    expect((await publicCard(m.profileId)).skillLevel).toBeNull();
  });

  it('shows the member’s latest result, and nothing for a member who has not finished one', async () => {
    const m = await member();
    await show(m, true);
    expect((await publicCard(m.profileId)).skillLevel).toBeNull();
    await takeCheckup(itskill, m.userId, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_3_5Y' }, () => 0);
    expect((await publicCard(m.profileId)).skillLevel).toMatchObject({ level: 1, levelName: '입문' });
    const latest = await takeCheckup(itskill, m.userId, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_3_5Y' }, () => 2);
    expect((await publicCard(m.profileId)).skillLevel?.shareKey).toBe(latest);
  });

  it('renders the card without the level when itskill is down or too slow', async () => {
    const m = await member();
    await takeCheckup(itskill, m.userId, { jobGroupCode: 'JG_DESIGN', yearCode: 'CY_1_3Y' });
    await show(m, true);
    expect((await publicCard(m.profileId)).skillLevel).not.toBeNull();

    const down = await withItskillAt(await closedPortUrl(), () => publicCard(m.profileId));
    expect(down).toMatchObject({ profileId: m.profileId, skillLevel: null });

    // A peer that takes the connection and never answers: the card waits at most the configured time.
    const hung = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const { slow, waitedMs } = await withItskillAt(
        `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
        async () => {
          const started = Date.now();
          return { slow: await publicCard(m.profileId), waitedMs: Date.now() - started };
        },
      );
      expect(slow.skillLevel).toBeNull();
      expect(waitedMs).toBeGreaterThanOrEqual(LEVEL_TIMEOUT_MS - 50);
      expect(waitedMs).toBeLessThan(LEVEL_TIMEOUT_MS + 3_000);
    } finally {
      hung.closeAllConnections();
      await new Promise<void>((resolve) => hung.close(() => resolve()));
    }
    // An answer of the wrong shape is no level either.
    const odd = http.createServer((_, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"skill":{"level":"high"}}'),
    );
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      expect(
        (await withItskillAt(`http://127.0.0.1:${(odd.address() as AddressInfo).port}`, () => publicCard(m.profileId)))
          .skillLevel,
      ).toBeNull();
    } finally {
      await new Promise<void>((resolve) => odd.close(() => resolve()));
    }
  });

  it('refuses bad input with a Korean message and changes nothing; visitors and members without a card cannot set it', async () => {
    const m = await member();
    for (const value of ['true', 1, null, undefined, ['x']]) {
      const response = await show(m, value);
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json()).toMatchObject({ ErrorCode: '40', message: MESSAGES.badRequest });
    }
    // A NUL is refused before the schema, with the message for characters that cannot be stored.
    expect((await show(m, 'a\u0000')).json()).toMatchObject({
      ErrorCode: '40',
      message: MESSAGES.textInvalidCharacters,
    });
    expect(
      (await call('POST', '/api/profile/skill-visibility', m.cc, 'showSkillLevel=true')).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect(await flag(m.profileId)).toBe(false);

    expect((await call('POST', '/api/profile/skill-visibility', {}, { showSkillLevel: true })).statusCode).toBe(401);
    const cardless = await call(
      'POST',
      '/api/profile/skill-visibility',
      careercard.as({ userId: 999_998, role: 'ROLE_USER', sid: 'x' }),
      { showSkillLevel: true },
    );
    expect(cardless.statusCode).toBe(404);
    expect(cardless.json().message).toBe(MESSAGES.careerCardNotFound);
    expect(await flag(m.profileId)).toBe(false);
  });

  it('is turned off when the member withdraws (the retired card keeps nothing of theirs)', async () => {
    const m = await member();
    await show(m, true);
    expect(
      (await call('POST', `/internal/profiles/${m.profileId}/retire`, careercard.internalHeaders, {})).statusCode,
    ).toBe(200);
    expect(await flag(m.profileId)).toBe(false);
    expect((await call('GET', `/api/profile/${m.profileId}`)).statusCode).toBe(404);
  });
});
