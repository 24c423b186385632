import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import {
  CONSUMER_MESSAGES,
  PERSONAL_TOKEN_PATTERN,
  SESSION_EVENTS_CHANNEL,
  personalTokenLimitMessage,
  type PersonalTokenCreatedResponse,
  type PersonalTokenListResponse,
  type UserDataResponse,
} from '@sq/contracts';
import { accountService } from '../src/service';
import { DEMO_ACCOUNTS } from '../src/seeds';
import { asHolder } from './support/peers';

interface Listener {
  query(text: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload: string }) => void): void;
}

let service: TestService;
let connection: Listener;
const heard: string[] = [];
beforeAll(async () => {
  process.env.PERSONAL_TOKENS_MAX_PER_MEMBER = '3';
  service = await build(accountService);
  connection = (await service.app.knex.client.acquireConnection()) as Listener;
  connection.on('notification', (message) => {
    if (message.channel === SESSION_EVENTS_CHANNEL) heard.push(message.payload);
  });
  await connection.query(`listen ${SESSION_EVENTS_CHANNEL}`);
});
afterAll(async () => {
  delete process.env.PERSONAL_TOKENS_MAX_PER_MEMBER;
  if (connection) await service.app.knex.client.releaseConnection(connection);
  await service?.close();
});

async function signIn(account: { email: string; password: string }) {
  const { userData } = (
    await service.app.inject({ method: 'POST', url: '/api/signin', payload: account })
  ).json<UserDataResponse>();
  return { userId: userData.userId, headers: asHolder(service, userData.token) };
}
const create = (headers: Record<string, string>, payload: object) =>
  service.app.inject({ method: 'POST', url: '/api/tokens', headers, payload });
const list = async (headers: Record<string, string>) =>
  (await service.app.inject({ url: '/api/tokens', headers })).json<PersonalTokenListResponse>().tokens;
const check = async (token: string) =>
  (
    await service.app.inject({
      method: 'POST',
      url: '/internal/personal-tokens/check',
      headers: service.internalHeaders,
      payload: { token },
    })
  ).json();
const rowsOf = (userId: number) => service.app.knex('personal_token').where({ user_id: userId }).orderBy('token_id');

describe('personal access tokens', () => {
  it('are shown once, stored only as a SHA-256 hash, listed without the secret and checked with their scopes', async () => {
    const member = await signIn(DEMO_ACCOUNTS.member);
    const response = await create(member.headers, {
      name: '체크인 봇',
      scopes: ['sprint:checkin', 'applications:read'],
      expiresInDays: 30,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, summary } = response.json<PersonalTokenCreatedResponse>();
    expect(token).toMatch(PERSONAL_TOKEN_PATTERN);
    expect(summary).toMatchObject({
      name: '체크인 봇',
      scopes: ['sprint:checkin', 'applications:read'],
      hint: token.slice(0, 8),
      lastUsedAt: null,
    });
    const days = (Date.parse(summary.expiresAt) - Date.parse(summary.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);

    const [row] = await service.app.knex('personal_token').where({ token_id: summary.tokenId });
    expect(Buffer.from(row.token_hash).equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(JSON.stringify(row)).not.toContain(token.slice(8));
    const listed = await list(member.headers);
    expect(listed.find((t) => t.tokenId === summary.tokenId)).toEqual(summary);
    expect(JSON.stringify(listed)).not.toContain(token.slice(8));

    expect(await check(token)).toEqual({
      ErrorCode: '00',
      active: true,
      tokenId: summary.tokenId,
      userId: member.userId,
      scopes: ['sprint:checkin', 'applications:read'],
      until: Math.floor(Date.parse(summary.expiresAt) / 1000),
    });
    expect((await list(member.headers)).find((t) => t.tokenId === summary.tokenId)!.lastUsedAt).not.toBeNull();
    // A token that is not one, or a near miss, is not active.
    expect(await check(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toEqual({
      ErrorCode: '00',
      active: false,
    });
    expect(await check('not-a-token')).toEqual({ ErrorCode: '00', active: false });
    // The check is internal only.
    expect(
      (await service.app.inject({ method: 'POST', url: '/internal/personal-tokens/check', payload: { token } }))
        .statusCode,
    ).toBe(403);
  });

  it('refuse bad input with Korean messages and store nothing', async () => {
    const member = await signIn(DEMO_ACCOUNTS.admin);
    const before = await rowsOf(member.userId);
    const cases: [object, string][] = [
      [{ name: '', scopes: ['programs:read'], expiresInDays: 30 }, CONSUMER_MESSAGES.personalTokenNameRequired],
      [{ name: '봇', scopes: [], expiresInDays: 30 }, CONSUMER_MESSAGES.personalTokenScopesRequired],
      [{ name: '봇', scopes: ['admin:all'], expiresInDays: 30 }, CONSUMER_MESSAGES.personalTokenScopesRequired],
      [
        { name: '봇', scopes: ['programs:read', 'programs:read'], expiresInDays: 30 },
        CONSUMER_MESSAGES.personalTokenScopesRequired,
      ],
      [{ name: '봇', scopes: ['programs:read'], expiresInDays: 366 }, CONSUMER_MESSAGES.personalTokenExpiryInvalid],
      [{ name: '봇', scopes: ['programs:read'], expiresInDays: 0 }, CONSUMER_MESSAGES.personalTokenExpiryInvalid],
      [{ name: '봇', scopes: ['programs:read'], expiresInDays: 1.5 }, CONSUMER_MESSAGES.personalTokenExpiryInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await create(member.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ ErrorCode: '40', message });
    }
    expect((await create({}, { name: '봇', scopes: ['programs:read'], expiresInDays: 30 })).statusCode).toBe(401);
    expect(await rowsOf(member.userId)).toEqual(before);
  });

  it('are limited per member (PERSONAL_TOKENS_MAX_PER_MEMBER); a revoked one frees its place', async () => {
    const member = await signIn(DEMO_ACCOUNTS.member);
    const live = (await list(member.headers)).length;
    for (let i = live; i < 3; i += 1)
      expect(
        (await create(member.headers, { name: `봇${i}`, scopes: ['programs:read'], expiresInDays: 7 })).statusCode,
      ).toBe(200);
    const refused = await create(member.headers, { name: '넘침', scopes: ['programs:read'], expiresInDays: 7 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ ErrorCode: '49', message: personalTokenLimitMessage(3) });
    const [first] = await list(member.headers);
    expect(
      (await service.app.inject({ method: 'DELETE', url: `/api/tokens/${first!.tokenId}`, headers: member.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (await create(member.headers, { name: '다시', scopes: ['programs:read'], expiresInDays: 7 })).statusCode,
    ).toBe(200);
  });

  it('are revoked at once by their owner only, and the revocation is announced to the gateway', async () => {
    const owner = await signIn(DEMO_ACCOUNTS.admin);
    const other = await signIn(DEMO_ACCOUNTS.member);
    const { token, summary } = (
      await create(owner.headers, { name: '내보내기', scopes: ['careercard:read'], expiresInDays: 365 })
    ).json<PersonalTokenCreatedResponse>();
    const byOther = await service.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${summary.tokenId}`,
      headers: other.headers,
    });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual({ ErrorCode: '44', message: CONSUMER_MESSAGES.personalTokenNotFound });
    expect((await check(token)).active).toBe(true);

    const from = heard.length;
    expect(
      (await service.app.inject({ method: 'DELETE', url: `/api/tokens/${summary.tokenId}`, headers: owner.headers }))
        .statusCode,
    ).toBe(200);
    expect(await check(token)).toEqual({ ErrorCode: '00', active: false });
    await vi.waitFor(() => expect(heard.slice(from)).toContain(`user:${owner.userId}`));
    expect((await list(owner.headers)).map((t) => t.tokenId)).not.toContain(summary.tokenId);
    expect(
      (await service.app.inject({ method: 'DELETE', url: `/api/tokens/${summary.tokenId}`, headers: owner.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      await service.app.knex('personal_token').where({ token_id: summary.tokenId }).first('revoked_reason'),
    ).toEqual({ revoked_reason: 'owner' });
  });

  it('stop working when they expire', async () => {
    const owner = await signIn(DEMO_ACCOUNTS.admin);
    const { token, summary } = (
      await create(owner.headers, { name: '곧 만료', scopes: ['programs:read'], expiresInDays: 1 })
    ).json<PersonalTokenCreatedResponse>();
    await service.app
      .knex('personal_token')
      .where({ token_id: summary.tokenId })
      .update({ expires_at: service.app.knex.raw("now() - interval '1 second'") });
    expect(await check(token)).toEqual({ ErrorCode: '00', active: false });
    expect((await list(owner.headers)).map((t) => t.tokenId)).not.toContain(summary.tokenId);
  });
});
