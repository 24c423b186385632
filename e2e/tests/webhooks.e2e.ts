import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { PersonalTokenCreatedResponse } from '@sq/contracts';
import type { WebhookPayload, WebhookSecretResponse } from '@sq/contracts/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '@sq/stack/peers/webhook-receiver';
import { siteApi } from '../src/api';
import { DEMO_MEMBER, signInToken } from '../src/session';
import { sprintTeams } from '../src/sprint-team';

/**
 * Webhooks out on the started site, as a consumer lives with them: a member makes a personal access token as my page
 * does, subscribes an endpoint of theirs (a receiver on loopback, which npm start allows outside production) to teams
 * being published through the public API with it, and when an operator publishes a cohort's teams the endpoint is
 * sent the event by the worker, signed the Standard Webhooks way with the secret the subscription answered once.
 */
const baseUrl = inject('baseUrl');
const { runningTeam } = sprintTeams({
  baseUrl,
  programsUrl: inject('programsUrl'),
  internalSecret: inject('internalSecret'),
});

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

describe('webhooks out', () => {
  it('a subscription with a personal token receives a signed event when an operator publishes teams', async () => {
    const session = await signInToken(baseUrl, DEMO_MEMBER);
    const made = await siteApi<PersonalTokenCreatedResponse>(baseUrl, '/tokens', {
      token: session,
      body: { name: '팀 발표 알림', scopes: ['programs:read', 'webhooks:manage'], expiresInDays: 7 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const subscribed = await siteApi<WebhookSecretResponse>(baseUrl, '/webhooks', {
      token: made.body.token,
      body: { url: receiver.url, events: ['teams.published'] },
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    const { secret } = subscribed.body;
    expect(secret.startsWith('whsec_')).toBe(true);

    const { oddId } = await runningTeam(['김훅', '박훅', '이훅']);

    // The worker sends it by itself (WEBHOOK_POLL_MS): a minute at most on a busy machine.
    let event: { payload: WebhookPayload; headers: Record<string, string> } | undefined;
    for (
      const until = Date.now() + 60_000;
      !event && Date.now() < until;
      await new Promise((resolve) => setTimeout(resolve, 500))
    ) {
      for (const request of receiver.received) {
        const payload = JSON.parse(request.body) as WebhookPayload;
        if (payload.type === 'teams.published' && payload.data.oddId === oddId)
          event = { payload, headers: request.headers as Record<string, string> };
      }
    }
    expect(
      event,
      `no teams.published event for cohort ${oddId} (received: ${receiver.received.map((r) => r.body).join(' | ')})`,
    ).toBeDefined();
    const body = receiver.received.find((r) => r.body.includes(`"oddId":${oddId}`))!.body;
    // Verified as a consumer verifies it: the library, the secret, the headers as sent.
    expect(() => new Webhook(secret).verify(body, event!.headers)).not.toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the secret at all 32 bytes!!').toString('base64')}`).verify(
        body,
        event!.headers,
      ),
    ).toThrow();
    expect(event!.payload.data.teams).toBe(1);
  }, 240_000);
});
