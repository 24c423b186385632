import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  CONSUMER_MESSAGES,
  SCOPE_LABELS,
  missingScopeMessage,
  webhookScopeMessage,
  type PersonalTokenCreatedResponse,
  type UserDataResponse,
} from '@sq/contracts';
import type { WebhookDelivery, WebhookSecretResponse } from '@sq/contracts/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '@sq/stack/peers/webhook-receiver';
import { DEMO_ACCOUNTS } from '../../services/account/src/seeds';
import { startRealStack, type RealStack } from './support/real-stack';

/**
 * Personal access tokens end to end, on the real services behind the gateway: made with a session in my page's
 * calls, used on the public API, refused elsewhere, revoked and refused at once by the same instance.
 */
let stack: RealStack;
let receiver: WebhookReceiver;
beforeAll(async () => {
  // The webhook receiver below is on loopback over http, as in local development.
  process.env.WEBHOOK_ALLOW_LOOPBACK_HTTP = 'true';
  receiver = await startWebhookReceiver();
  stack = await startRealStack({ jobWorkers: false });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  delete process.env.WEBHOOK_ALLOW_LOOPBACK_HTTP;
});

const signIn = async (account: { email: string; password: string }) => {
  const response = await fetch(`${stack.url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  return ((await response.json()) as UserDataResponse).userData.token;
};
const call = (method: string, path: string, bearer: string, body?: object) =>
  fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe('personal access tokens on the real site', () => {
  it("are made with a session, read the member's applications, and die at once when revoked", async () => {
    const session = await signIn(DEMO_ACCOUNTS.member);
    const made = await call('POST', '/api/tokens', session, {
      name: '지원 내역 봇',
      scopes: ['applications:read'],
      expiresInDays: 30,
    });
    expect(made.status).toBe(200);
    const { token, summary } = (await made.json()) as PersonalTokenCreatedResponse;

    const history = await call('GET', '/api/join/history', token);
    expect(history.status).toBe(200);
    expect(((await history.json()) as { ErrorCode: string }).ErrorCode).toBe('00');
    expect(history.headers.get('ratelimit-policy')).toContain('"minute";q=');
    // The token cannot manage tokens, nor reach anything outside the public API.
    expect(
      (await call('POST', '/api/tokens', token, { name: 'x', scopes: ['programs:read'], expiresInDays: 1 })).status,
    ).toBe(403);
    expect((await call('GET', '/api/meOauth', token)).status).toBe(403);

    const usage = await call('GET', '/api/tokens/usage', session);
    expect(((await usage.json()) as { usage: unknown[] }).usage).toContainEqual({
      tokenId: summary.tokenId,
      requestsToday: 1,
    });

    expect((await call('DELETE', `/api/tokens/${summary.tokenId}`, session)).status).toBe(200);
    const after = await call('GET', '/api/join/history', token);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ ErrorCode: '41', message: CONSUMER_MESSAGES.consumerTokenInvalid });
  });

  it("of an operator never reach operators' operations", async () => {
    const session = await signIn(DEMO_ACCOUNTS.admin);
    // The operator's own session does reach them.
    expect((await call('GET', '/api/admin/cohorts', session)).status).not.toBe(403);
    const { token } = (await (
      await call('POST', '/api/tokens', session, {
        name: '전부',
        scopes: ['programs:read', 'careercard:read', 'careercard:write', 'applications:read', 'sprint:checkin'],
        expiresInDays: 7,
      })
    ).json()) as PersonalTokenCreatedResponse;
    for (const path of ['/api/admin/cohorts', '/api/admin/content/faq', '/api/admin/releases']) {
      const response = await call('GET', path, token);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ ErrorCode: '43', message: CONSUMER_MESSAGES.consumerOperationRefused });
    }
    expect((await call('GET', '/api/products', token)).status).toBe(200);
  });
});

describe('webhook subscriptions through the public API', () => {
  it("are made with a token holding webhooks:manage and the events' scopes, and their test event arrives signed", async () => {
    const session = await signIn(DEMO_ACCOUNTS.member);
    const make = async (scopes: string[]) =>
      (
        (await (
          await call('POST', '/api/tokens', session, { name: `웹훅 ${scopes.join(' ')}`, scopes, expiresInDays: 7 })
        ).json()) as PersonalTokenCreatedResponse
      ).token;
    const reader = await make(['programs:read']);
    const manager = await make(['webhooks:manage', 'programs:read']);

    // Without webhooks:manage the gateway refuses, naming the scope.
    const refused = await call('POST', '/api/webhooks', reader, { url: receiver.url, events: ['teams.published'] });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      ErrorCode: '43',
      message: missingScopeMessage('webhooks:manage', SCOPE_LABELS['webhooks:manage']),
    });
    // An event beyond the token's scopes: the service refuses (the gateway told it the scopes).
    const unscoped = await call('POST', '/api/webhooks', manager, {
      url: receiver.url,
      events: ['application.state_changed'],
    });
    expect(unscoped.status).toBe(403);
    expect(((await unscoped.json()) as { message: string }).message).toBe(
      webhookScopeMessage('application.state_changed', 'applications:read', SCOPE_LABELS['applications:read']),
    );
    // Plain http beyond loopback.
    const plain = await call('POST', '/api/webhooks', manager, {
      url: 'http://hooks.example.com/sq',
      events: ['teams.published'],
    });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { message: string }).message).toBe(CONSUMER_MESSAGES.webhookUrlInvalid);
    expect(((await (await call('GET', '/api/webhooks', manager)).json()) as { webhooks: unknown[] }).webhooks).toEqual(
      [],
    );

    // With an Idempotency-Key: the answer carries the secret, so the gateway keeps no copy to replay.
    const makeOnce = () =>
      fetch(`${stack.url}/api/webhooks`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${manager}`,
          'content-type': 'application/json',
          'idempotency-key': 'hook-1',
        },
        body: JSON.stringify({ url: receiver.url, events: ['teams.published', 'cohort.opened'] }),
      });
    const made = await makeOnce();
    expect(made.status).toBe(200);
    expect(made.headers.get('cache-control')).toBe('no-store');
    const { webhook, secret } = (await made.json()) as WebhookSecretResponse;
    const again = await makeOnce();
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    const second = (await again.json()) as WebhookSecretResponse;
    expect(second.secret).not.toBe(secret);
    expect((await call('DELETE', `/api/webhooks/${second.webhook.webhookId}`, manager)).status).toBe(200);
    const tested = await call('POST', `/api/webhooks/${webhook.webhookId}/test`, manager);
    expect(tested.status).toBe(200);
    expect(((await tested.json()) as { delivery: WebhookDelivery }).delivery).toMatchObject({
      status: 'DELIVERED',
      attempts: 1,
      lastStatusCode: 200,
    });
    expect(receiver.received).toHaveLength(1);
    const event = new Webhook(secret).verify(
      receiver.received[0]!.body,
      receiver.received[0]!.headers as Record<string, string>,
    );
    expect(event).toMatchObject({ type: 'webhook.test', data: { webhookId: webhook.webhookId } });
    expect((await call('DELETE', `/api/webhooks/${webhook.webhookId}`, manager)).status).toBe(200);
  });
});
