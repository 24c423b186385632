import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { Identity } from '@sq/contracts';
import type { WebhookDelivery, WebhookSecretResponse } from '@sq/contracts/webhooks';
import { createOpsServer } from '@sq/service-kit';
import { build, type TestService } from '@sq/service-kit/testing';
import { startWebhookReceiver, type WebhookReceiver } from '@sq/stack/peers/webhook-receiver';
import { readProgramsConfig } from '../src/config';
import { createProgramsService } from '../src/service';
import { recordWebhookEvent } from '../src/core/webhook-events';

/**
 * The delivery loop of an instance that runs jobs (the programs-worker role): nobody drains anything here; events
 * written with a change reach the receiver by themselves, and a refused attempt is tried again on the schedule.
 */
let programs: TestService;
let receiver: WebhookReceiver;
const MEMBER: Identity = { userId: 700_001, role: 'ROLE_USER', sid: 'sid-webhook-worker' };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const config = readProgramsConfig({
    ...process.env,
    PROGRAMS_JOB_WORKERS: 'true',
    WEBHOOK_POLL_MS: '100',
    WEBHOOK_RETRY_SCHEDULE_SECONDS: '1',
    WEBHOOK_ALLOW_LOOPBACK_HTTP: 'true',
  });
  programs = await build(createProgramsService({ config }), { seed: false });
}, 120_000);
afterAll(async () => {
  await programs?.close();
  await receiver?.close();
});

const waitFor = async <T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the webhook delivery loop', () => {
  it('sends an event written with a change (none for a change rolled back), and retries a refused attempt by itself', async () => {
    const made = await programs.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: programs.as(MEMBER),
      payload: { url: receiver.url, events: ['teams.published'] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { webhook, secret } = made.json() as WebhookSecretResponse;
    receiver.answer({ status: 502, body: 'gateway' });

    // A change that rolls back tells nobody: its event goes with it.
    await expect(
      programs.app.knex.transaction(async (trx) => {
        await recordWebhookEvent(trx, { type: 'teams.published', userId: null, data: { oddId: 9_000, teams: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await programs.app.knex.transaction((trx) =>
      recordWebhookEvent(trx, { type: 'teams.published', userId: null, data: { oddId: 9_001, teams: 3 } }),
    );
    const delivered = await waitFor(async () => {
      const answer = (
        await programs.app.inject({
          url: `/api/webhooks/${webhook.webhookId}/deliveries`,
          headers: programs.as(MEMBER),
        })
      ).json() as { deliveries: WebhookDelivery[] };
      return answer.deliveries.find((d) => d.status === 'DELIVERED');
    });
    expect(delivered).toMatchObject({ attempts: 2, lastStatusCode: 200 });
    expect(receiver.received).toHaveLength(2);
    for (const r of receiver.received)
      expect(new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).toMatchObject({
        type: 'teams.published',
        data: { oddId: 9_001, teams: 3 },
      });

    // What an operator scrapes: one attempt refused and scheduled again, one delivered.
    const ops = createOpsServer(programs.app, 'programs');
    try {
      const metrics = (await ops.inject({ url: '/metrics' })).body;
      expect(metrics).toContain('webhook_attempts_total{outcome="retry"} 1');
      expect(metrics).toContain('webhook_attempts_total{outcome="delivered"} 1');
    } finally {
      await ops.close();
    }
  });
});
