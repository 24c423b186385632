import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { CONSUMER_MESSAGES, SCOPE_LABELS, webhookScopeMessage, type Identity } from '@sq/contracts';
import type { WebhookDelivery, WebhookPayload, WebhookSecretResponse } from '@sq/contracts/webhooks';
import { generateJwtKeys } from '@sq/service-kit';
import { build, type TestService } from '@sq/service-kit/testing';
import { startWebhookReceiver, type WebhookReceiver } from '@sq/stack/peers/webhook-receiver';
import { accountService } from '../../account/src/service';
import { TODAY, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { publishTeams } from './support/publish-teams';
import { pruneWebhookLog, recordWebhookEvent } from '../src/core/webhook-events';

/**
 * Webhooks out, on the real programs service and database with receivers on loopback: subscriptions made as a
 * consumer credential would (its scopes forwarded by the gateway), events written with the changes they tell of,
 * deliveries signed the Standard Webhooks way and verified by the receiving side with the standardwebhooks library,
 * retried on the configured schedule, the subscription turned off and its owner mailed (account service running,
 * SMTP sink) after repeated failure, replayed by the owner.
 */
let stack: ApplyStack;
let account: TestService;
const receivers: WebhookReceiver[] = [];
const SPRINT = 212;
const OPERATOR: Identity = { userId: 900_501, role: 'ROLE_ADMIN', sid: 'sid-webhooks-operator' };
const operator = (method: 'GET' | 'POST', url: string, payload?: object) =>
  stack.programs.app.inject({ method, url, headers: stack.programs.as(OPERATOR), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  const keys = generateJwtKeys();
  process.env.JWT_PRIVATE_KEY ??= keys.privateKey;
  process.env.JWT_PUBLIC_KEY ??= keys.publicKey;
  account = await build(accountService, { seed: false });
  await account.app.listen({ port: 0, host: '127.0.0.1' });
  Object.assign(process.env, {
    ACCOUNT_SERVICE_URL: `http://127.0.0.1:${(account.app.server.address() as AddressInfo).port}`,
    ITSKILL_SERVICE_URL: 'http://127.0.0.1:1',
    // Receivers are on loopback over http; three attempts per delivery (5 s, then 60 s later), off after two failed deliveries.
    WEBHOOK_ALLOW_LOOPBACK_HTTP: 'true',
    WEBHOOK_RETRY_SCHEDULE_SECONDS: '5,60',
    WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES: '2',
    WEBHOOK_TIMEOUT_MS: '3000',
  });
  stack = await startApplyStack();
}, 120_000);
afterEach(() => {
  stack.mail.clear();
  stack.setNow(TODAY);
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await stack?.close();
  await account?.close();
});

const app = () => stack.programs.app;
const receiver = async () => {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
};
/** A member calling as a personal access token with these scopes (as the gateway forwards them), or in a session (none). */
const consumer = (identity: Identity, scopes?: string[]) => {
  const headers = stack.programs.as(scopes ? { ...identity, scopes } : identity);
  return (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app().inject({ method, url, headers, ...(payload ? { payload } : {}) });
};
const subscribe = async (call: ReturnType<typeof consumer>, url: string, events: string[]) => {
  const made = await call('POST', '/api/webhooks', { url, events });
  expect(made.statusCode, made.body).toBe(200);
  return made.json() as WebhookSecretResponse;
};
/** What the receiving side does: verify the signature with the subscription's secret (throws when it does not hold). */
const verified = (secret: string, received: WebhookReceiver['received'][number]) =>
  new Webhook(secret).verify(received.body, received.headers as Record<string, string>) as WebhookPayload;
const deliveries = async (call: ReturnType<typeof consumer>, webhookId: number) =>
  ((await call('GET', `/api/webhooks/${webhookId}/deliveries`)).json() as { deliveries: WebhookDelivery[] }).deliveries;
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('webhooks out', () => {
  it('tell a subscriber of published teams with a signed event, and a member only of their own applications and missed check-ins', async () => {
    const partner = newMember();
    const partnerCalls = consumer(partner, ['webhooks:manage', 'programs:read']);
    const partnerHook = await receiver();
    const { webhook, secret } = await subscribe(partnerCalls, partnerHook.url, ['teams.published']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toMatchObject({ url: partnerHook.url, events: ['teams.published'], enabled: true });

    // Two sprinters; the first watches their own applications.
    const [mine, theirs] = [newMember(), newMember()];
    const mineHook = await receiver();
    const mineSubscription = await subscribe(
      consumer(mine, ['webhooks:manage', 'applications:read', 'sprint:checkin']),
      mineHook.url,
      ['application.state_changed', 'sprint.checkin_missed'],
    );
    const myJoinId = (await memberClient(stack, mine).applyAndPay(SPRINT, 'SPRINT')).application.joinId;
    const theirJoinId = (await memberClient(stack, theirs).applyAndPay(SPRINT, 'SPRINT')).application.joinId;

    await publishTeams(stack, SPRINT, [myJoinId, theirJoinId]);
    await app().jobs.drain('team-charge');
    while ((await app().webhooks.deliverDue()) > 0);

    expect(partnerHook.received).toHaveLength(1);
    const event = verified(secret, partnerHook.received[0]!);
    expect(event).toMatchObject({ type: 'teams.published', data: { oddId: SPRINT, teams: 1 } });
    expect(Date.parse(event.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(partnerHook.received[0]!.headers['webhook-id']).toMatch(/^msg_/);
    // A wrong secret does not verify: the signature is the subscription's.
    expect(() => verified(mineSubscription.secret, partnerHook.received[0]!)).toThrow();
    const [logged] = await deliveries(partnerCalls, webhook.webhookId);
    expect(logged).toMatchObject({
      eventType: 'teams.published',
      status: 'DELIVERED',
      attempts: 1,
      lastStatusCode: 200,
      lastAnswer: 'ok',
      messageId: partnerHook.received[0]!.headers['webhook-id'],
    });

    // Only the member's own application, every step of it (drafted, submitted, reserved, assigned), never the other's.
    const told = mineHook.received.map((r) => verified(mineSubscription.secret, r));
    expect(told.length).toBeGreaterThanOrEqual(3);
    expect(told.every((e) => e.type === 'application.state_changed' && e.data.joinId === myJoinId)).toBe(true);
    expect(told.every((e) => e.data.oddId === SPRINT)).toBe(true);
    expect(told.map((e) => e.data.to)).toContain('RESERVED');
    expect(told.map((e) => e.data.to)).toContain('ASSIGNED');

    // The sprint's first day passes without either check-in: each miss is told to its own member only.
    const before = mineHook.received.length;
    stack.setNow(new Date('2026-12-14T22:00:00+09:00'));
    expect((await operator('POST', '/api/admin/checkins/misses/run', { day: '2026-12-14' })).json()).toMatchObject({
      missed: expect.arrayContaining([myJoinId, theirJoinId]),
    });
    while ((await app().webhooks.deliverDue()) > 0);
    const missed = mineHook.received.slice(before).map((r) => verified(mineSubscription.secret, r));
    expect(missed).toEqual([
      {
        type: 'sprint.checkin_missed',
        timestamp: expect.any(String),
        data: { joinId: myJoinId, oddId: SPRINT, day: '2026-12-14' },
      },
    ]);
    expect(partnerHook.received).toHaveLength(1);
  });

  it('tell of a cohort that opened for applications, once', async () => {
    const watcher = consumer(newMember(), ['webhooks:manage', 'programs:read']);
    const hook = await receiver();
    const { secret } = await subscribe(watcher, hook.url, ['cohort.opened']);
    const created = await operator('POST', '/api/admin/cohorts', {
      productId: 2,
      name: `웹훅 스프린트 ${Math.random().toString(36).slice(2, 8)}`,
      recruitStart: '2026-11-24T11:00:00+09:00',
      recruitEnd: '2026-12-20T23:59:59+09:00',
      teamBuildingAnnounceDate: '2026-12-22',
      kickoffDate: '2027-01-04',
      startDate: '2027-01-04',
      endDate: '2027-01-13',
      capacity: null,
      roleSeats: { PLANNER: 2, DESIGNER: 2, DEVELOPER: 4 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const oddId = created.json().cohort.oddId as number;
    for (let run = 0; run < 2; run++) {
      await app().jobs.send('webhook-cohort-opened', {});
      await app().jobs.drain('webhook-cohort-opened');
    }
    while ((await app().webhooks.deliverDue()) > 0);
    const opened = hook.received.map((r) => verified(secret, r)).filter((e) => e.data.oddId === oddId);
    expect(opened).toEqual([{ type: 'cohort.opened', timestamp: expect.any(String), data: { oddId, productId: 2 } }]);
  });

  it("retry a failing receiver on the schedule until it answers, log every attempt, and replay on the owner's word", async () => {
    const owner = newMember();
    const calls = consumer(owner, ['webhooks:manage', 'programs:read']);
    const hook = await receiver();
    const { webhook, secret } = await subscribe(calls, hook.url, ['teams.published']);
    hook.answer({ status: 500, body: 'busy' }, { status: 503, body: 'still busy' });

    // The test event is sent at once; its first answer is logged and the next attempt scheduled 5 s later.
    const tested = await calls('POST', `/api/webhooks/${webhook.webhookId}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    const first = tested.json().delivery as WebhookDelivery;
    expect(first).toMatchObject({
      eventType: 'webhook.test',
      status: 'PENDING',
      attempts: 1,
      lastStatusCode: 500,
      lastAnswer: 'busy',
    });
    expect(Date.parse(first.nextAttemptAt!) - Date.parse(first.lastAttemptAt!)).toBe(5_000);

    expect(await app().webhooks.deliverDue()).toBe(0);
    expect(await app().webhooks.deliverDue(inSeconds(6))).toBe(1);
    expect((await deliveries(calls, webhook.webhookId))[0]).toMatchObject({
      status: 'PENDING',
      attempts: 2,
      lastStatusCode: 503,
      lastAnswer: 'still busy',
    });
    expect(await app().webhooks.deliverDue(inSeconds(30))).toBe(0);
    expect(await app().webhooks.deliverDue(inSeconds(70))).toBe(1);
    const [done] = await deliveries(calls, webhook.webhookId);
    expect(done).toMatchObject({ status: 'DELIVERED', attempts: 3, lastStatusCode: 200, nextAttemptAt: null });
    expect(
      await app()
        .knex('webhook_attempt')
        .where({ delivery_id: done!.deliveryId })
        .orderBy('attempt_id')
        .pluck('status_code'),
    ).toEqual([500, 503, 200]);

    // Every attempt is the same message, signed anew; the test event says which subscription it is for.
    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([done!.messageId]));
    for (const r of hook.received)
      expect(verified(secret, r)).toEqual({
        type: 'webhook.test',
        timestamp: expect.any(String),
        data: { webhookId: webhook.webhookId },
      });

    const replay = await calls('POST', `/api/webhooks/${webhook.webhookId}/deliveries/${done!.deliveryId}/replay`);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().delivery).toMatchObject({
      status: 'PENDING',
      attempts: 0,
      replayOf: done!.deliveryId,
      messageId: done!.messageId,
    });
    await app().webhooks.deliverDue();
    expect(hook.received).toHaveLength(4);
    expect(verified(secret, hook.received[3]!).type).toBe('webhook.test');
    expect((await deliveries(calls, webhook.webhookId))[0]).toMatchObject({
      deliveryId: replay.json().delivery.deliveryId,
      status: 'DELIVERED',
    });

    // Rotating the secret: the new one (shown once) signs from then on, the old one no longer verifies.
    const rotated = (await calls('POST', `/api/webhooks/${webhook.webhookId}/secret`)).json() as WebhookSecretResponse;
    expect(rotated.secret).not.toBe(secret);
    await calls('POST', `/api/webhooks/${webhook.webhookId}/test`);
    expect(verified(rotated.secret, hook.received[4]!).type).toBe('webhook.test');
    expect(() => verified(secret, hook.received[4]!)).toThrow();
  });

  it('turn a subscription off after repeated failed deliveries and mail its owner in Korean; on again, it sends', async () => {
    const owner = newMember();
    await account.app.knex('user_account').insert({
      user_id: owner.userId,
      email: `w${owner.userId}@example.com`,
      contact_email: `hooks${owner.userId}@example.com`,
      user_name: '웹훅주인',
      user_alias: `hook${owner.userId}`,
      user_phone: '01012345678',
      profile_id: `hookcard${owner.userId}`,
    });
    const calls = consumer(owner, ['webhooks:manage', 'programs:read']);
    const hook = await receiver();
    hook.setFallback(503, 'down');
    const { webhook } = await subscribe(calls, hook.url, ['teams.published']);

    const failOnce = async () => {
      await calls('POST', `/api/webhooks/${webhook.webhookId}/test`);
      await app().webhooks.deliverDue(inSeconds(6));
      await app().webhooks.deliverDue(inSeconds(70));
    };
    await failOnce();
    let [listed] = (await calls('GET', '/api/webhooks')).json().webhooks;
    expect(listed).toMatchObject({ enabled: true, consecutiveFailures: 1 });
    expect((await deliveries(calls, webhook.webhookId))[0]).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      lastStatusCode: 503,
      nextAttemptAt: null,
    });

    await failOnce();
    [listed] = (await calls('GET', '/api/webhooks')).json().webhooks;
    expect(listed).toMatchObject({ enabled: false, consecutiveFailures: 2, disabledAt: expect.any(String) });
    expect(hook.received).toHaveLength(6);

    await app().jobs.drain('webhook-disabled-mail');
    const mail = await stack.mail.waitFor(`hooks${owner.userId}@example.com`, 5_000);
    expect(mail.subject).toBe('[웹훅] 전송이 계속 실패해 웹훅 구독을 중지했어요');
    expect(mail.text).toContain(hook.url);
    expect(mail.text).toContain('2건 연속으로 모두 실패');

    // Off: no test event, no replay, nothing sent.
    const refused = await calls('POST', `/api/webhooks/${webhook.webhookId}/test`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CONSUMER_MESSAGES.webhookDisabled);
    expect(hook.received).toHaveLength(6);

    hook.setFallback(204);
    expect((await calls('POST', `/api/webhooks/${webhook.webhookId}/enable`)).json().webhook).toMatchObject({
      enabled: true,
      consecutiveFailures: 0,
      disabledAt: null,
    });
    expect((await calls('POST', `/api/webhooks/${webhook.webhookId}/test`)).json().delivery).toMatchObject({
      status: 'DELIVERED',
      lastStatusCode: 204,
    });
  });

  it("refuse bad input in Korean and store nothing: plain http, events beyond the scopes, unknown events, another member's", async () => {
    const owner = newMember();
    const calls = consumer(owner, ['webhooks:manage', 'programs:read']);
    const count = async () =>
      Number((await app().knex('webhook_subscription').where({ user_id: owner.userId }).count({ n: '*' }))[0]!.n);

    for (const url of [
      'http://hooks.example.com/sq',
      'ftp://127.0.0.1/x',
      'https://user:pw@hooks.example.com/',
      '훅',
    ]) {
      const answer = await calls('POST', '/api/webhooks', { url, events: ['teams.published'] });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().message).toBe(CONSUMER_MESSAGES.webhookUrlInvalid);
    }
    const unscoped = await calls('POST', '/api/webhooks', {
      url: 'https://hooks.example.com/sq',
      events: ['teams.published', 'sprint.checkin_missed'],
    });
    expect(unscoped.statusCode).toBe(403);
    expect(unscoped.json().message).toBe(
      webhookScopeMessage('sprint.checkin_missed', 'sprint:checkin', SCOPE_LABELS['sprint:checkin']),
    );
    const unknown = await calls('POST', '/api/webhooks', {
      url: 'https://hooks.example.com/sq',
      events: ['payment.charged'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(CONSUMER_MESSAGES.webhookEventUnknown);
    expect(
      (await calls('POST', '/api/webhooks', { url: 'https://hooks.example.com/sq', events: [] })).json().message,
    ).toBe(CONSUMER_MESSAGES.webhookEventsRequired);
    expect(await count()).toBe(0);

    // A person's session (no scopes forwarded) may subscribe to every event; another member sees none of it.
    const own = await subscribe(consumer(owner), 'https://hooks.example.com/sq', [
      'teams.published',
      'sprint.checkin_missed',
    ]);
    const stranger = consumer(newMember(), ['webhooks:manage']);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${own.webhook.webhookId}/deliveries`],
      ['POST', `/api/webhooks/${own.webhook.webhookId}/test`],
      ['DELETE', `/api/webhooks/${own.webhook.webhookId}`],
    ] as const) {
      const answer = await stranger(method, url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().message).toBe(CONSUMER_MESSAGES.webhookNotFound);
    }
    expect((await stranger('GET', '/api/webhooks')).json().webhooks).toEqual([]);
    expect(await count()).toBe(1);
    expect((await calls('DELETE', `/api/webhooks/${own.webhook.webhookId}`)).statusCode).toBe(200);
    expect(await count()).toBe(0);
  });

  it('go with a withdrawn member: their subscriptions and deliveries are deleted with their personal data', async () => {
    const leaving = newMember();
    const { webhook } = await subscribe(consumer(leaving), 'https://hooks.example.com/leaving', ['teams.published']);
    const erased = await app().inject({
      method: 'POST',
      url: `/internal/users/${leaving.userId}/erase-personal-data`,
      headers: stack.programs.internalHeaders,
      payload: {},
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await app().knex('webhook_subscription').where({ webhook_id: webhook.webhookId }).first()).toBeUndefined();
  });

  it('write nothing for a change nobody listens to, and delete old events with their deliveries and attempts', async () => {
    const count = async (table: string) => Number((await app().knex(table).count({ n: '*' }))[0]!.n);
    const events = await count('webhook_event');
    const told = await app().knex.transaction((trx) =>
      recordWebhookEvent(trx, {
        type: 'sprint.checkin_missed',
        userId: newMember().userId,
        data: { joinId: 1, oddId: SPRINT, day: '2026-12-15' },
      }),
    );
    expect(told).toBe(0);
    expect(await count('webhook_event')).toBe(events);

    expect(await count('webhook_attempt')).toBeGreaterThan(0);
    expect(await pruneWebhookLog(app().knex, new Date(Date.now() - 3_600_000), 2)).toBe(0);
    expect(await pruneWebhookLog(app().knex, new Date(Date.now() + 1_000), 2)).toBe(events);
    for (const table of ['webhook_event', 'webhook_delivery', 'webhook_attempt'])
      expect(await count(table), table).toBe(0);
  });
});
