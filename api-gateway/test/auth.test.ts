import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import { announce, keys, otherKeys, setUpGateway, token, unsignedToken } from './helpers';

const site = setUpGateway();

const call = (url: string, headers: Record<string, string> = {}) =>
  site.gateway.app.inject({ method: 'GET', url, headers });
const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

describe('token verification', () => {
  const tampered: [string, string][] = [
    ['alg none', unsignedToken()],
    ['signed with another key', token({ key: otherKeys.privateKey })],
    ['HS256 with the public key as secret', token({ algorithm: 'HS256', key: keys.publicKey })],
    ['expired', token({ expiresInSeconds: -60 })],
    ['wrong issuer', token({ iss: 'someone-else' })],
    ['wrong audience', token({ aud: 'another-app' })],
    ['garbage', 'not.a.jwt'],
    [
      'payload edited',
      (() => {
        const [h, , s] = token().split('.');
        return `${h}.${Buffer.from(JSON.stringify({ sub: '1', role: 'ROLE_ADMIN', sid: 'admin-session', iss: 'sq-account', aud: 'sq-web', exp: 9999999999 })).toString('base64url')}.${s}`;
      })(),
    ],
  ];

  it.each(tampered)('refuses a token %s on a member route with 401', async (_name, value) => {
    const before = site.upstreams.received.length;
    const response = await call('/api/meOauth', bearer(value));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ ErrorCode: '41', message: MESSAGES.wrongTokenOnApi });
    expect(site.upstreams.received.length).toBe(before);
  });

  it('passes a valid member token through with a signed identity', async () => {
    const response = await call('/api/meOauth', bearer(token({ sub: '42' })));
    expect(response.statusCode).toBe(200);
    const last = site.upstreams.received.at(-1)!;
    expect(last.service).toBe('account');
    expect(last.identity).toEqual({ userId: 42, role: 'ROLE_USER', sid: 'member-session' });
  });

  it('asks for sign-in when a member route is called without a token', async () => {
    const response = await call('/api/meOauth');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.signInRequired);
  });

  it('refuses a revoked session at once', async () => {
    const value = token({ sid: 'revoked-later' });
    expect((await call('/api/meOauth', bearer(value))).statusCode).toBe(200);
    site.upstreams.revoked.add('revoked-later');
    await announce(site.gateway, 'sid:revoked-later');
    expect((await call('/api/meOauth', bearer(value))).statusCode).toBe(401);
  });

  it('keeps admin routes for ROLE_ADMIN', async () => {
    expect((await call('/api/admin/teams', bearer(token()))).statusCode).toBe(403);
    expect((await call('/api/admin/teams', bearer(token({ role: 'ROLE_ADMIN' })))).statusCode).toBe(200);
  });

  it('lets visitors with a bad token still read public pages, as visitors', async () => {
    const response = await call('/api/projects', bearer(token({ expiresInSeconds: -5 })));
    expect(response.statusCode).toBe(200);
    expect(site.upstreams.received.at(-1)!.identity).toBeNull();
  });
});

describe('identity headers', () => {
  it('never forwards identity headers a client made up', async () => {
    const spoofed = {
      'x-identity': Buffer.from(JSON.stringify({ userId: 1, role: 'ROLE_ADMIN', sid: 's' })).toString('base64url'),
      'x-identity-signature': 'made-up',
      'x-internal-secret': 'guess',
      'X-Forwarded-For': '10.0.0.1',
    };
    await call('/api/projects', spoofed);
    const seen = site.upstreams.received.at(-1)!;
    expect(seen.headers['x-identity']).toBeUndefined();
    expect(seen.headers['x-identity-signature']).toBeUndefined();
    expect(seen.headers['x-internal-secret']).toBeUndefined();
    expect(seen.headers['x-forwarded-for']).toBeUndefined();
    expect(seen.client).toBe('127.0.0.1');

    await call('/api/meOauth', { ...spoofed, ...bearer(token({ sub: '9' })) });
    expect(site.upstreams.received.at(-1)!.identity).toEqual({ userId: 9, role: 'ROLE_USER', sid: 'member-session' });
  });

  it('never routes internal paths', async () => {
    const response = await site.gateway.app.inject({ method: 'POST', url: '/internal/sessions/check', payload: {} });
    expect(response.statusCode).toBe(404);
    const api = await call('/api/internal/sessions/check');
    expect(api.json()).toEqual({ ErrorCode: '44', message: MESSAGES.operationNotFound });
  });
});
