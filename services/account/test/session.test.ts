import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier } from 'fast-jwt';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES, TOKEN_AUDIENCE, TOKEN_ISSUER, type UserDataResponse } from '@sq/contracts';
import { accountService } from '../src/service';
import { DEMO_ACCOUNTS } from '../src/seeds';
import { refreshWhenSecondsLeft } from '../src/tokens';
import { readAccountConfig } from '../src/config';

let service: TestService;
beforeAll(async () => {
  service = await build(accountService);
});
afterAll(() => service?.close());

const signIn = (body: unknown) => service.app.inject({ method: 'POST', url: '/api/signin', payload: body as object });
const sessionCount = async () => Number((await service.app.knex('session').count({ n: '*' }))[0]!.n);

describe('sign-in', () => {
  it('signs the demo member in with an ES256 token carrying a session', async () => {
    const response = await signIn(DEMO_ACCOUNTS.member);
    expect(response.statusCode).toBe(200);
    const body = response.json<UserDataResponse>();
    expect(body).toMatchObject({
      ErrorCode: '00',
      isUser: 'Y',
      userData: { email: 'member@example.com', userName: '김민지', profileId: 'minji', userRole: 'ROLE_USER' },
    });
    expect(response.headers.authorization).toBe(`Bearer ${body.userData.token}`);
    const claims = createVerifier({
      key: process.env.JWT_PUBLIC_KEY!,
      algorithms: ['ES256'],
      allowedIss: TOKEN_ISSUER,
      allowedAud: TOKEN_AUDIENCE,
    })(body.userData.token);
    expect(claims).toMatchObject({ sub: String(body.userData.userId), role: 'ROLE_USER' });
    expect(claims.exp - claims.iat).toBe(30 * 60);
  });

  it('refuses a wrong password or unknown e-mail with the same message and opens no session', async () => {
    const before = await sessionCount();
    for (const body of [
      { email: DEMO_ACCOUNTS.member.email, password: 'wrong-password1!' },
      { email: 'nobody@example.com', password: 'sidequest1!' },
      { email: "' or 1=1 --", password: "' or 1=1 --" },
    ]) {
      const response = await signIn(body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ ErrorCode: '41', message: MESSAGES.badLogin });
    }
    expect(await sessionCount()).toBe(before);
  });

  it('answers malformed bodies with a Korean message, never a 500', async () => {
    for (const body of [{}, { email: 1, password: [] }, { email: 'a'.repeat(300), password: 'x' }]) {
      const response = await signIn(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.badLogin);
    }
    const notJson = await service.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe(MESSAGES.badRequest);
  });
});

describe('sessions', () => {
  it('keeps a session live until logout, then reports it revoked', async () => {
    const { userData } = (await signIn(DEMO_ACCOUNTS.admin)).json<UserDataResponse>();
    const claims = JSON.parse(Buffer.from(userData.token.split('.')[1]!, 'base64url').toString());
    const check = () =>
      service.app.inject({
        method: 'POST',
        url: '/internal/sessions/check',
        headers: service.internalHeaders,
        payload: { sid: claims.sid, userId: userData.userId, exp: claims.exp },
      });
    // The answer holds until the token is due for a refresh (the session itself lasts longer).
    expect((await check()).json()).toEqual({
      ErrorCode: '00',
      active: true,
      role: 'ROLE_ADMIN',
      until: claims.exp - refreshWhenSecondsLeft(readAccountConfig().accessTokenSeconds),
    });

    const identity = { userId: userData.userId, role: 'ROLE_ADMIN' as const, sid: claims.sid };
    const me = await service.app.inject({ method: 'GET', url: '/api/meOauth', headers: service.as(identity) });
    expect(me.json()).toMatchObject({ ErrorCode: '00', isUser: 'Y', userData: { userRole: 'ROLE_ADMIN' } });

    await service.app.inject({ method: 'GET', url: '/api/logout', headers: service.as(identity) });
    expect((await check()).json()).toEqual({ ErrorCode: '00', active: false });
  });

  it('re-issues a token when the current one is close to expiry', async () => {
    const { userData } = (await signIn(DEMO_ACCOUNTS.member)).json<UserDataResponse>();
    const claims = JSON.parse(Buffer.from(userData.token.split('.')[1]!, 'base64url').toString());
    const soon = Math.floor(Date.now() / 1000) + 60;
    const response = await service.app.inject({
      method: 'POST',
      url: '/internal/sessions/check',
      headers: service.internalHeaders,
      payload: { sid: claims.sid, userId: userData.userId, exp: soon },
    });
    expect(response.json().token).toMatch(/^ey/);
  });

  it('keeps internal routes closed without the internal secret', async () => {
    const response = await service.app.inject({
      method: 'POST',
      url: '/internal/sessions/check',
      payload: { sid: '00000000-0000-0000-0000-000000000000', userId: 1, exp: 1 },
    });
    expect(response.statusCode).toBe(403);
  });

  it('asks for sign-in when meOauth is called without a verified identity', async () => {
    const forged = {
      'x-identity': Buffer.from(JSON.stringify({ userId: 1, role: 'ROLE_ADMIN', sid: 'x' })).toString('base64url'),
      'x-identity-signature': 'forged',
    };
    const response = await service.app.inject({ method: 'GET', url: '/api/meOauth', headers: forged });
    expect(response.statusCode).toBe(401);
  });
});
