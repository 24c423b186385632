import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSUMER_MESSAGES, type PersonalTokenCreatedResponse, type UserDataResponse } from '@sq/contracts';
import { DEMO_ACCOUNTS } from '../../services/account/src/seeds';
import { startRealStack, type RealStack } from './support/real-stack';

/**
 * Personal access tokens end to end, on the real services behind the gateway: made with a session in my page's
 * calls, used on the public API, refused elsewhere, revoked and refused at once by the same instance.
 */
let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack({ jobWorkers: false });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const signIn = async (account: { email: string; password: string }) => {
  const response = await fetch(`${stack.url}/api/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  return ((await response.json()) as UserDataResponse).userData.token;
};
const call = (method: string, path: string, bearer: string, body?: object) =>
  fetch(`${stack.url}${path}`, { method, headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });

describe('personal access tokens on the real site', () => {
  it('are made with a session, read the member\'s applications, and die at once when revoked', async () => {
    const session = await signIn(DEMO_ACCOUNTS.member);
    const made = await call('POST', '/api/tokens', session, { name: '지원 내역 봇', scopes: ['applications:read'], expiresInDays: 30 });
    expect(made.status).toBe(200);
    const { token, summary } = (await made.json()) as PersonalTokenCreatedResponse;

    const history = await call('GET', '/api/join/history', token);
    expect(history.status).toBe(200);
    expect(((await history.json()) as { ErrorCode: string }).ErrorCode).toBe('00');
    expect(history.headers.get('ratelimit-policy')).toContain('"minute";q=');
    // The token cannot manage tokens, nor reach anything outside the public API.
    expect((await call('POST', '/api/tokens', token, { name: 'x', scopes: ['programs:read'], expiresInDays: 1 })).status).toBe(403);
    expect((await call('GET', '/api/meOauth', token)).status).toBe(403);

    const usage = await call('GET', '/api/tokens/usage', session);
    expect(((await usage.json()) as { usage: unknown[] }).usage).toContainEqual({ tokenId: summary.tokenId, requestsToday: 1 });

    expect((await call('DELETE', `/api/tokens/${summary.tokenId}`, session)).status).toBe(200);
    const after = await call('GET', '/api/join/history', token);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ ErrorCode: '41', message: CONSUMER_MESSAGES.consumerTokenInvalid });
  });

  it('of an operator never reach operators\' operations', async () => {
    const session = await signIn(DEMO_ACCOUNTS.admin);
    // The operator's own session does reach them.
    expect((await call('GET', '/api/admin/cohorts', session)).status).not.toBe(403);
    const { token } = (await (await call('POST', '/api/tokens', session, { name: '전부', scopes: ['programs:read', 'careercard:read', 'careercard:write', 'applications:read', 'sprint:checkin'], expiresInDays: 7 })).json()) as PersonalTokenCreatedResponse;
    for (const path of ['/api/admin/cohorts', '/api/admin/content/faq', '/api/admin/releases']) {
      const response = await call('GET', path, token);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ ErrorCode: '43', message: CONSUMER_MESSAGES.consumerOperationRefused });
    }
    expect((await call('GET', '/api/products', token)).status).toBe(200);
  });
});
