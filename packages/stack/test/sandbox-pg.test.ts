import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { devPaymentSecrets } from '../src/secrets';
import {
  TEST_CARDS,
  readSandboxPgPace,
  signWebhook,
  startSandboxPg,
  submitHostedCardPage,
  type SandboxPg,
  type WebhookBody,
} from '../src/peers/sandbox-pg';

const SECRET = 'test-api-secret';
const STORE = 'store-test-0001';
const WEBHOOK_KEY = randomBytes(24);
const WEBHOOK_SECRET = `whsec_${WEBHOOK_KEY.toString('base64')}`;
const auth = { authorization: `PortOne ${SECRET}`, 'content-type': 'application/json' };

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: WebhookBody;
}

/** A webhook receiver whose answers the test scripts (default 200). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      received.push({ headers: request.headers, raw, body: JSON.parse(raw) as WebhookBody });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Standard Webhooks verification written from the spec, independent of the peer's signing code. */
function verify(secret: string, headers: http.IncomingHttpHeaders, raw: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${raw}`)
    .digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((part) => part === `v1,${expected}`);
}

const card = (number: string) => ({
  method: {
    card: {
      credential: {
        number,
        expiryYear: '39',
        expiryMonth: '12',
        birthOrBusinessRegistrationNumber: '900101',
        passwordTwoDigits: '12',
      },
    },
  },
  customer: { id: 'member-1' },
});

let pg: SandboxPg;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  pg = await startSandboxPg({
    apiSecret: SECRET,
    storeId: STORE,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: receiver.url,
    webhookRetryDelaysMs: [20, 40, 60],
  });
});
afterAll(async () => {
  await pg.close();
  await receiver.close();
});
afterEach(async () => {
  await pg.webhooksSettled();
  receiver.answers.splice(0);
});

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = auth) {
  const response = await fetch(`${pg.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Answers are read as loosely as a client would before checking them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function issueKey(number: string = TEST_CARDS.ok): Promise<string> {
  const { status, body } = await api('POST', '/billing-keys', card(number));
  expect(status).toBe(200);
  return body.billingKeyInfo.billingKey as string;
}

const chargeBody = (billingKey: string, total = 300_000) => ({
  billingKey,
  orderName: '14주 팀 프로젝트 12기',
  amount: { total },
  currency: 'KRW',
  customer: { id: 'member-1' },
});

describe('server API authentication', () => {
  it('answers 401 without the PortOne secret on every server endpoint, and changes nothing', async () => {
    const key = await issueKey();
    const before = pg.state();
    const calls: [string, string, unknown?][] = [
      ['POST', '/billing-keys', card(TEST_CARDS.ok)],
      ['GET', `/billing-keys/${key}`],
      ['DELETE', `/billing-keys/${key}`],
      ['POST', '/payments/p-auth/billing-key', chargeBody(key)],
      ['GET', '/payments/p-auth'],
      ['POST', '/payments/p-auth/cancel', { reason: 'x' }],
    ];
    for (const headers of [
      {},
      { authorization: 'PortOne wrong-secret' },
      { authorization: `Bearer ${SECRET}` },
    ] as Record<string, string>[]) {
      for (const [method, path, body] of calls) {
        const answer = await api(method, path, body, { 'content-type': 'application/json', ...headers });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body.type).toBe('UNAUTHORIZED');
      }
    }
    expect(pg.state().billingKeys).toEqual(before.billingKeys);
    expect(pg.state().payments).toEqual(before.payments);
  });
});

describe('billing keys', () => {
  it('issues, shows and deletes a billing key in PortOne shapes', async () => {
    const key = await issueKey();
    expect(key).toMatch(/^billing-key-/);
    const shown = await api('GET', `/billing-keys/${key}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      billingKey: key,
      status: 'ISSUED',
      customer: { id: 'member-1' },
      methods: [{ type: 'BillingKeyPaymentMethodCard', card: { number: '424242******4242' } }],
    });
    expect(Date.parse(shown.body.issuedAt as string)).not.toBeNaN();

    const deleted = await api('DELETE', `/billing-keys/${key}`);
    expect(deleted.status).toBe(200);
    expect(Date.parse(deleted.body.deletedAt as string)).not.toBeNaN();
    expect((await api('GET', `/billing-keys/${key}`)).body.status).toBe('DELETED');
    expect((await api('DELETE', `/billing-keys/${key}`)).body.type).toBe('BILLING_KEY_ALREADY_DELETED');
    expect((await api('POST', `/payments/p-${randomUUID()}/billing-key`, chargeBody(key))).body.type).toBe(
      'BILLING_KEY_ALREADY_DELETED',
    );
    expect((await api('GET', '/billing-keys/billing-key-unknown')).status).toBe(404);
  });

  it('refuses the declined test card at issue, and card data that is not a card', async () => {
    const count = pg.state().billingKeys.length;
    const declined = await api('POST', '/billing-keys', card(TEST_CARDS.declined));
    // PortOne V2 answers a card company's refusal with 502 PG_PROVIDER (PgProviderError).
    expect(declined.status).toBe(502);
    expect(declined.body).toMatchObject({
      type: 'PG_PROVIDER',
      message: '카드사에서 승인을 거절했어요. 다른 카드로 다시 시도해 주세요.',
    });
    const invalid = await api('POST', '/billing-keys', card('4242424242424241'));
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('카드 번호가 올바르지 않아요');
    expect((await api('POST', '/billing-keys', {})).status).toBe(400);
    expect(pg.state().billingKeys).toHaveLength(count);
  });
});

describe('charging with a billing key', () => {
  it('charges once per paymentId: the same id again answers 409 ALREADY_PAID, as PortOne V2 does, and never charges twice', async () => {
    const key = await issueKey();
    const paymentId = `p-${randomUUID()}`;
    // 20 at once (a double click, a retry after a time-out, two instances), then once more later.
    const together = await Promise.all(
      Array.from({ length: 20 }, () => api('POST', `/payments/${paymentId}/billing-key`, chargeBody(key))),
    );
    const paid = together.filter((answer) => answer.status === 200);
    expect(paid).toHaveLength(1);
    const first = paid[0]!;
    expect(first.body.payment.pgTxId).toEqual(expect.any(String));
    for (const answer of together.filter((a) => a !== first))
      expect(answer).toMatchObject({ status: 409, body: { type: 'ALREADY_PAID' } });
    expect(await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(key, 999))).toMatchObject({
      status: 409,
      body: { type: 'ALREADY_PAID' },
    });
    expect(pg.state().payments.filter((p) => p.id === paymentId)).toHaveLength(1);

    const payment = await api('GET', `/payments/${paymentId}`);
    expect(payment.body).toMatchObject({
      status: 'PAID',
      id: paymentId,
      billingKey: key,
      amount: { total: 300_000, paid: 300_000, cancelled: 0 },
      currency: 'KRW',
      paidAt: first.body.payment.paidAt,
      cancellations: [],
    });
    expect(payment.body.transactionId).toEqual(expect.any(String));
    await pg.webhooksSettled();
    expect(
      receiver.received.filter((r) => r.body.type === 'Transaction.Paid' && r.body.data.paymentId === paymentId),
    ).toHaveLength(1);
  });

  it('fails the insufficient-funds card at charge time with a Korean reason, and records the payment as FAILED', async () => {
    const key = await issueKey(TEST_CARDS.insufficientFunds);
    const paymentId = `p-${randomUUID()}`;
    const answer = await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(key));
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({
      type: 'PG_PROVIDER',
      message: '카드 잔액이 부족해 결제하지 못했어요.',
      pgCode: '51',
    });
    const payment = await api('GET', `/payments/${paymentId}`);
    expect(payment.body).toMatchObject({
      status: 'FAILED',
      amount: { total: 300_000, paid: 0, cancelled: 0 },
      paidAt: null,
      failure: { reason: '카드 잔액이 부족해 결제하지 못했어요.' },
    });
    expect((await api('POST', `/payments/${paymentId}/cancel`, { reason: '취소' })).body.type).toBe('PAYMENT_NOT_PAID');
    await pg.webhooksSettled();
    expect(
      receiver.received.some((r) => r.body.type === 'Transaction.Failed' && r.body.data.paymentId === paymentId),
    ).toBe(true);
  });

  it('refuses bad requests with 400/404 and records nothing', async () => {
    const key = await issueKey();
    const count = pg.state().payments.length;
    expect((await api('POST', '/payments/p-bad-1/billing-key', chargeBody(key, 0))).status).toBe(400);
    expect((await api('POST', '/payments/p-bad-2/billing-key', chargeBody(key, 10.5))).status).toBe(400);
    expect((await api('POST', '/payments/p-bad-3/billing-key', { ...chargeBody(key), currency: 'USD' })).status).toBe(
      400,
    );
    expect((await api('POST', '/payments/p-bad-4/billing-key', { ...chargeBody(key), orderName: '' })).status).toBe(
      400,
    );
    expect(
      (await api('POST', '/payments/p-bad-5/billing-key', { ...chargeBody(key), storeId: 'store-other' })).status,
    ).toBe(403);
    expect((await api('POST', '/payments/p-bad-6/billing-key', chargeBody('billing-key-unknown'))).status).toBe(404);
    const broken = await fetch(`${pg.url}/payments/p-bad-7/billing-key`, {
      method: 'POST',
      headers: auth,
      body: '{not json',
    });
    expect(broken.status).toBe(400);
    expect(pg.state().payments).toHaveLength(count);
    const missing = await api('GET', '/payments/p-never');
    expect(missing).toMatchObject({ status: 404, body: { type: 'PAYMENT_NOT_FOUND' } });
  });
});

describe('cancelling', () => {
  async function paid(total = 300_000): Promise<string> {
    const paymentId = `p-${randomUUID()}`;
    expect((await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(await issueKey(), total))).status).toBe(
      200,
    );
    return paymentId;
  }

  it('cancels partly then fully, with the amounts and statuses a consumer reads back', async () => {
    const paymentId = await paid();
    const part = await api('POST', `/payments/${paymentId}/cancel`, {
      amount: 60_000,
      reason: '개인 사정(80% 환불 구간)',
      currentCancellableAmount: 300_000,
    });
    expect(part.status).toBe(200);
    expect(part.body.cancellation).toMatchObject({ status: 'SUCCEEDED', totalAmount: 60_000 });
    expect((await api('GET', `/payments/${paymentId}`)).body).toMatchObject({
      status: 'PARTIAL_CANCELLED',
      amount: { paid: 300_000, cancelled: 60_000 },
    });

    const rest = await api('POST', `/payments/${paymentId}/cancel`, {
      reason: '나머지 환불',
      currentCancellableAmount: 240_000,
    });
    expect(rest.body.cancellation.totalAmount).toBe(240_000);
    const after = await api('GET', `/payments/${paymentId}`);
    expect(after.body).toMatchObject({ status: 'CANCELLED', amount: { paid: 300_000, cancelled: 300_000 } });
    expect((after.body.cancellations as { id: string; totalAmount: number }[]).map((c) => c.totalAmount)).toEqual([
      60_000, 240_000,
    ]);
    expect((await api('POST', `/payments/${paymentId}/cancel`, { reason: '또' })).body.type).toBe(
      'PAYMENT_ALREADY_CANCELLED',
    );

    await pg.webhooksSettled();
    const types = receiver.received
      .filter((r) => r.body.data.paymentId === paymentId)
      .map((r) => [r.body.type, r.body.data.cancellationId]);
    expect(types).toEqual([
      ['Transaction.Paid', undefined],
      ['Transaction.PartialCancelled', part.body.cancellation.id],
      ['Transaction.Cancelled', rest.body.cancellation.id],
    ]);
  });

  it('refuses a stale currentCancellableAmount, an amount above what is left, and bad input, changing nothing', async () => {
    const paymentId = await paid(30_000);
    const stale = await api('POST', `/payments/${paymentId}/cancel`, {
      amount: 10_000,
      reason: '중복 요청',
      currentCancellableAmount: 20_000,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.type).toBe('CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN');
    expect((await api('POST', `/payments/${paymentId}/cancel`, { amount: 30_001, reason: '초과' })).body.type).toBe(
      'CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT',
    );
    expect((await api('POST', `/payments/${paymentId}/cancel`, { amount: -1, reason: '음수' })).status).toBe(400);
    expect((await api('POST', `/payments/${paymentId}/cancel`, { amount: 1_000 })).status).toBe(400);
    expect((await api('POST', '/payments/p-none/cancel', { reason: '없음' })).status).toBe(404);
    expect((await api('GET', `/payments/${paymentId}`)).body).toMatchObject({
      status: 'PAID',
      amount: { cancelled: 0 },
      cancellations: [],
    });
  });
});

describe('webhooks', () => {
  it('signs every delivery as Standard Webhooks with the whsec_ secret (checked by an independent HMAC)', async () => {
    const key = await issueKey();
    const paymentId = `p-${randomUUID()}`;
    await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(key));
    await pg.webhooksSettled();
    const mine = receiver.received.filter((r) => r.body.data.billingKey === key || r.body.data.paymentId === paymentId);
    expect(mine.map((r) => r.body.type)).toEqual(['BillingKey.Issued', 'Transaction.Paid']);
    for (const delivery of mine) {
      expect(delivery.headers['webhook-id']).toMatch(/^msg_/);
      expect(Math.abs(Number(delivery.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(verify(WEBHOOK_SECRET, delivery.headers, delivery.raw)).toBe(true);
      // A body changed in transit, or another secret, no longer verifies.
      expect(verify(WEBHOOK_SECRET, delivery.headers, delivery.raw.replace('store', 'stor3'))).toBe(false);
      expect(verify(`whsec_${randomBytes(24).toString('base64')}`, delivery.headers, delivery.raw)).toBe(false);
      expect(delivery.body.data.storeId).toBe(STORE);
      expect(Date.parse(delivery.body.timestamp)).not.toBeNaN();
    }
    const paidHook = mine[1]!;
    expect(
      signWebhook(
        WEBHOOK_SECRET,
        String(paidHook.headers['webhook-id']),
        String(paidHook.headers['webhook-timestamp']),
        paidHook.raw,
      ),
    ).toBe(paidHook.headers['webhook-signature']);
    expect(paidHook.body.data).toMatchObject({
      paymentId,
      transactionId: (await api('GET', `/payments/${paymentId}`)).body.transactionId,
    });
  });

  it('retries with the same webhook-id until the receiver answers 2xx', async () => {
    receiver.answers.push(500, 503);
    const key = await issueKey();
    await pg.webhooksSettled();
    const attempts = receiver.received.filter((r) => r.body.data.billingKey === key);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
    for (const attempt of attempts) expect(verify(WEBHOOK_SECRET, attempt.headers, attempt.raw)).toBe(true);
    const delivery = pg.state().webhooks.find((w) => w.body.data.billingKey === key)!;
    expect(delivery.state).toBe('DELIVERED');
    expect(delivery.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
  });

  it('sends an event again under the same webhook-id on request, signed afresh', async () => {
    const key = await issueKey();
    await pg.webhooksSettled();
    const delivery = pg.state().webhooks.find((w) => w.body.data.billingKey === key)!;
    expect(pg.redeliverWebhook(delivery.webhookId)?.webhookId).toBe(delivery.webhookId);
    const answer = await fetch(`${pg.url}/api/webhooks/${delivery.webhookId}/redeliver`, { method: 'POST' });
    expect(answer.status).toBe(202);
    await pg.webhooksSettled();
    const received = receiver.received.filter((r) => r.body.data.billingKey === key);
    expect(received.length).toBeGreaterThanOrEqual(2);
    for (const copy of received) {
      expect(copy.headers['webhook-id']).toBe(delivery.webhookId);
      expect(copy.raw).toBe(received[0]!.raw);
      expect(verify(WEBHOOK_SECRET, copy.headers, copy.raw)).toBe(true);
    }
    expect((await fetch(`${pg.url}/api/webhooks/msg_unknown/redeliver`, { method: 'POST' })).status).toBe(404);
  });

  it('gives up after the configured number of attempts when the receiver keeps failing', async () => {
    receiver.answers.push(500, 500, 500, 500, 500);
    const key = await issueKey();
    await pg.webhooksSettled();
    expect(receiver.received.filter((r) => r.body.data.billingKey === key)).toHaveLength(4);
    expect(pg.state().webhooks.find((w) => w.body.data.billingKey === key)!.state).toBe('GAVE_UP');
  });

  it('keeps retrying while the receiver cannot be reached, and delivers once it is back', async () => {
    const gone = await startReceiver();
    await gone.close();
    const port = Number(new URL(gone.url).port);
    const patient = await startSandboxPg({
      apiSecret: SECRET,
      storeId: STORE,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: gone.url,
      webhookRetryDelaysMs: [50, 100, 200, 400, 800, 1_600],
    });
    const back = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    try {
      const response = await fetch(`${patient.url}/billing-keys`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(card(TEST_CARDS.ok)),
      });
      expect(response.status).toBe(200);
      await expect.poll(() => patient.state().webhooks[0]?.attempts.length ?? 0).toBeGreaterThan(0);
      await new Promise<void>((resolve) => back.listen(port, '127.0.0.1', resolve));
      await patient.webhooksSettled();
      const delivery = patient.state().webhooks[0]!;
      expect(delivery.state).toBe('DELIVERED');
      expect(delivery.attempts[0]!.status).toBeNull();
      expect(delivery.attempts.at(-1)!.status).toBe(204);
    } finally {
      await patient.close();
      await new Promise<void>((resolve) => back.close(() => resolve()));
    }
  });
});

describe('hosted card page', () => {
  const params = (over: Record<string, string> = {}) =>
    new URLSearchParams({
      storeId: STORE,
      issueId: `issue-${randomUUID()}`,
      issueName: '14주 팀 프로젝트 12기 참가비 예약',
      customerId: 'member-7',
      redirectUrl: 'http://localhost:8080/bside/book/result?step=book',
      ...over,
    });

  async function submit(form: URLSearchParams) {
    const response = await fetch(`${pg.url}/billing-keys/issue`, { method: 'POST', body: form, redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location'), text: await response.text() };
  }

  it('shows the Korean card form with its four labels and the test cards, escaping what the caller sent', async () => {
    const response = await fetch(
      `${pg.url}/billing-keys/issue?${params({ issueName: '<script>alert(1)</script>' }).toString()}`,
    );
    expect(response.status).toBe(200);
    const page = await response.text();
    for (const label of ['>카드 번호<', '>유효기간<', '>생년월일 6자리<', '>비밀번호 앞 2자리<'])
      expect(page).toContain(label);
    for (const number of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995'])
      expect(page).toContain(number);
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;');
  });

  it('refuses to start for another store, a missing issueId or a redirect that is not http(s)', async () => {
    for (const [over, text] of [
      [{ storeId: 'store-other' }, '상점 아이디'],
      [{ issueId: '' }, 'issueId'],
      [{ redirectUrl: 'javascript:alert(1)' }, 'redirectUrl'],
      [{ redirectUrl: 'ftp://localhost/x' }, 'redirectUrl'],
      [{ redirectUrl: '/relative' }, 'redirectUrl'],
    ] as [Record<string, string>, string][]) {
      const response = await fetch(`${pg.url}/billing-keys/issue?${params(over).toString()}`);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(text);
    }
  });

  it("issues a billing key and redirects back with billingKey and issueId, keeping the caller's query", async () => {
    const form = params();
    form.set('cardNumber', '4242 4242 4242 4242');
    form.set('expiry', '12/39');
    form.set('birth', '900101');
    form.set('password', '12');
    const answer = await submit(form);
    expect(answer.status).toBe(303);
    const target = new URL(answer.location!);
    expect(target.origin + target.pathname).toBe('http://localhost:8080/bside/book/result');
    expect(target.searchParams.get('step')).toBe('book');
    expect(target.searchParams.get('issueId')).toBe(form.get('issueId'));
    const key = target.searchParams.get('billingKey')!;
    expect((await api('GET', `/billing-keys/${key}`)).body).toMatchObject({
      status: 'ISSUED',
      issueId: form.get('issueId'),
      customer: { id: 'member-7' },
    });
    // Submitting the same issue again (a refresh) returns the same key instead of a second one.
    expect(new URL((await submit(form)).location!).searchParams.get('billingKey')).toBe(key);
  });

  it('can be filled in by tests without a browser (submitHostedCardPage)', async () => {
    const back = await submitHostedCardPage(`${pg.url}/billing-keys/issue?${params().toString()}`);
    expect((await api('GET', `/billing-keys/${back.searchParams.get('billingKey')}`)).body.status).toBe('ISSUED');
    const declined = await submitHostedCardPage(
      `${pg.url}/billing-keys/issue?${params().toString()}`,
      TEST_CARDS.declined,
    );
    expect(declined.searchParams.get('code')).toBe('FAILURE_TYPE_PG');
    await expect(
      submitHostedCardPage(`${pg.url}/billing-keys/issue?${params({ storeId: 'nope' }).toString()}`),
    ).rejects.toThrow('400');
  });

  it('redirects a declined card and a cancel with code and a Korean message', async () => {
    const declined = params();
    for (const [name, value] of Object.entries({
      cardNumber: '4000000000000002',
      expiry: '1239',
      birth: '900101',
      password: '12',
    }))
      declined.set(name, value);
    const answer = new URL((await submit(declined)).location!);
    expect(answer.searchParams.get('code')).toBe('FAILURE_TYPE_PG');
    expect(answer.searchParams.get('message')).toBe('카드사에서 승인을 거절했어요. 다른 카드로 다시 시도해 주세요.');
    expect(answer.searchParams.get('issueId')).toBe(declined.get('issueId'));
    expect(answer.searchParams.has('billingKey')).toBe(false);

    const cancelled = params();
    cancelled.set('cancel', '1');
    const back = new URL((await submit(cancelled)).location!);
    expect(back.searchParams.get('code')).toBe('PAY_PROCESS_CANCELED');
    expect(back.searchParams.get('message')).toBe('카드 등록을 취소했어요.');
  });

  it('re-shows the form with a Korean message per wrong field and issues nothing', async () => {
    const count = pg.state().billingKeys.length;
    const cases: [Record<string, string>, string][] = [
      [{ cardNumber: '', expiry: '12/39', birth: '900101', password: '12' }, '카드 번호를 입력해 주세요.'],
      [
        { cardNumber: '4242 4242', expiry: '12/39', birth: '900101', password: '12' },
        '카드 번호 16자리를 숫자로 입력해 주세요.',
      ],
      [
        { cardNumber: '4242 4242 4242 4241', expiry: '12/39', birth: '900101', password: '12' },
        '카드 번호가 올바르지 않아요. 다시 확인해 주세요.',
      ],
      [
        { cardNumber: '4242424242424242', expiry: '13/39', birth: '900101', password: '12' },
        '유효기간을 MM/YY 형식으로 입력해 주세요.',
      ],
      [
        { cardNumber: '4242424242424242', expiry: '01/20', birth: '900101', password: '12' },
        '유효기간이 지난 카드예요.',
      ],
      [
        { cardNumber: '4242424242424242', expiry: '12/39', birth: '9001', password: '12' },
        '생년월일 6자리를 숫자로 입력해 주세요. (예: 900101)',
      ],
      [
        { cardNumber: '4242424242424242', expiry: '12/39', birth: '901341', password: '12' },
        '생년월일이 올바르지 않아요.',
      ],
      [
        { cardNumber: '4242424242424242', expiry: '12/39', birth: '900101', password: '1' },
        '비밀번호 앞 2자리를 숫자로 입력해 주세요.',
      ],
    ];
    for (const [fields, message] of cases) {
      const form = params();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      const answer = await submit(form);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(message);
      expect(answer.text).toContain('aria-invalid="true"');
    }
    expect(pg.state().billingKeys).toHaveLength(count);
  });
});

describe('a sandbox with an allow-list of redirect origins', () => {
  it('accepts the listed origins only', async () => {
    const strict = await startSandboxPg({
      apiSecret: SECRET,
      storeId: STORE,
      webhookSecret: WEBHOOK_SECRET,
      allowedRedirectOrigins: ['http://localhost:8080'],
    });
    try {
      const query = (redirectUrl: string) =>
        new URLSearchParams({ storeId: STORE, issueId: 'i-1', customerId: 'm', redirectUrl }).toString();
      expect(
        (await fetch(`${strict.url}/billing-keys/issue?${query('http://localhost:8080/potenday/cb/212')}`)).status,
      ).toBe(200);
      expect(
        (await fetch(`${strict.url}/billing-keys/issue?${query('http://evil.example/potenday/cb/212')}`)).status,
      ).toBe(400);
      expect((await fetch(`${strict.url}/billing-keys/issue?${query('http://localhost:8081/cb')}`)).status).toBe(400);
    } finally {
      await strict.close();
    }
  });
});

describe('dev secrets of the sandbox', () => {
  it('are made once per checkout (whsec_ webhook secret, store id), and the environment overrides them', () => {
    const first = devPaymentSecrets();
    expect(first.PG_WEBHOOK_SECRET).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(first.PG_WEBHOOK_SECRET.slice(6), 'base64')).toHaveLength(24);
    expect(first.PG_STORE_ID).toMatch(/^store-[0-9a-f-]{36}$/);
    expect(first.PG_API_SECRET.length).toBeGreaterThanOrEqual(40);
    expect(devPaymentSecrets()).toEqual(first);
    process.env.PG_API_SECRET = 'from-the-environment';
    try {
      expect(devPaymentSecrets().PG_API_SECRET).toBe('from-the-environment');
    } finally {
      delete process.env.PG_API_SECRET;
    }
  });
});

describe('overview for people', () => {
  it('lists billing keys and payments (reserved, charged, refunded) in Korean, and the same as JSON', async () => {
    const key = await issueKey();
    const paymentId = `p-overview-${randomUUID()}`;
    await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(key, 30_000));
    await api('POST', `/payments/${paymentId}/cancel`, { amount: 10_000, reason: '부분 환불 사유' });
    const page = await (await fetch(`${pg.url}/`)).text();
    for (const text of [
      '결제 샌드박스',
      '빌링키(결제 예약)',
      key,
      paymentId,
      '부분 환불',
      '30,000원',
      '10,000원',
      '부분 환불 사유',
      '웹훅',
    ])
      expect(page).toContain(text);
    const state = (await (await fetch(`${pg.url}/api/state`)).json()) as ReturnType<SandboxPg['state']>;
    expect(state.storeId).toBe(STORE);
    expect(state.billingKeys.find((k) => k.billingKey === key)).toMatchObject({
      status: 'ISSUED',
      cardNumber: '424242******4242',
    });
    expect(state.billingKeys.find((k) => k.billingKey === key)).not.toHaveProperty('fullNumber');
    expect(state.payments.find((p) => p.id === paymentId)).toMatchObject({
      status: 'PARTIAL_CANCELLED',
      amount: { total: 30_000, paid: 30_000, cancelled: 10_000 },
    });
  });
});

describe('payment ids as PortOne V2 has them (repeated, failed, in progress)', () => {
  afterEach(() => {
    Object.assign(pg.faults, {
      chargeDelayMs: 0,
      dropChargeAnswers: 0,
      loseChargeRequests: 0,
      dropPaymentReads: 0,
      dropCancelAnswers: 0,
      refuseCancels: 0,
    });
  });

  it('takes a new attempt under a paymentId whose last attempt failed, and then refuses it once paid', async () => {
    const poor = await issueKey(TEST_CARDS.insufficientFunds);
    const good = await issueKey();
    const paymentId = `p-${randomUUID()}`;
    expect((await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(poor))).status).toBe(502);
    const failed = (await api('GET', `/payments/${paymentId}`)).body;
    expect(failed.status).toBe('FAILED');

    // The member changed the card: the same paymentId is attempted again and goes through.
    const retried = await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(good));
    expect(retried.status).toBe(200);
    const paid = (await api('GET', `/payments/${paymentId}`)).body;
    expect(paid).toMatchObject({ status: 'PAID', billingKey: good, amount: { paid: 300_000 } });
    expect(paid.transactionId).not.toBe(failed.transactionId);
    expect((await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(good))).body.type).toBe('ALREADY_PAID');
    expect(pg.state().payments.filter((p) => p.id === paymentId)).toHaveLength(1);
  });

  it('shows an attempt in progress as READY and refuses a concurrent attempt of the same paymentId', async () => {
    const key = await issueKey();
    const paymentId = `p-${randomUUID()}`;
    pg.faults.chargeDelayMs = 300;
    const first = api('POST', `/payments/${paymentId}/billing-key`, chargeBody(key));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await api('GET', `/payments/${paymentId}`)).body.status).toBe('READY');
    expect(await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(key))).toMatchObject({
      status: 409,
      body: { type: 'ALREADY_PAID' },
    });
    expect((await first).status).toBe(200);
    expect((await api('GET', `/payments/${paymentId}`)).body.status).toBe('PAID');
  });

  it('faults: a dropped answer still charges; a lost request charges nothing; a dropped read changes nothing', async () => {
    const key = await issueKey();
    const dropped = `p-${randomUUID()}`;
    pg.faults.dropChargeAnswers = 1;
    await expect(
      fetch(`${pg.url}/payments/${dropped}/billing-key`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(chargeBody(key)),
      }),
    ).rejects.toThrow();
    expect((await api('GET', `/payments/${dropped}`)).body.status).toBe('PAID');

    const lost = `p-${randomUUID()}`;
    pg.faults.loseChargeRequests = 1;
    await expect(
      fetch(`${pg.url}/payments/${lost}/billing-key`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(chargeBody(key)),
      }),
    ).rejects.toThrow();
    expect(await api('GET', `/payments/${lost}`)).toMatchObject({ status: 404, body: { type: 'PAYMENT_NOT_FOUND' } });
    pg.faults.dropPaymentReads = 1;
    await expect(fetch(`${pg.url}/payments/${dropped}`, { headers: auth })).rejects.toThrow();
    expect((await api('GET', `/payments/${dropped}`)).body.status).toBe('PAID');
    expect(pg.faults).toMatchObject({ dropChargeAnswers: 0, loseChargeRequests: 0, dropPaymentReads: 0 });
  });

  it('faults: a cancellation whose answer is dropped is made all the same, once; a refused one is not made', async () => {
    const key = await issueKey();
    const paymentId = `p-${randomUUID()}`;
    expect((await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(key))).status).toBe(200);
    pg.faults.dropCancelAnswers = 1;
    const body = JSON.stringify({ amount: 100_000, reason: '환불', currentCancellableAmount: 300_000 });
    await expect(
      fetch(`${pg.url}/payments/${paymentId}/cancel`, { method: 'POST', headers: auth, body }),
    ).rejects.toThrow();
    expect((await api('GET', `/payments/${paymentId}`)).body).toMatchObject({
      status: 'PARTIAL_CANCELLED',
      amount: { cancelled: 100_000 },
    });
    // Sent again with the same cancellable amount, the guard refuses it: the PG cancelled it already.
    expect(await api('POST', `/payments/${paymentId}/cancel`, JSON.parse(body))).toMatchObject({
      status: 409,
      body: { type: 'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN' },
    });
    expect(pg.faults.dropCancelAnswers).toBe(0);
    // Refused by the card company: nothing is cancelled, and the next one goes through.
    pg.faults.refuseCancels = 1;
    const again = { amount: 50_000, reason: '환불', currentCancellableAmount: 200_000 };
    expect(await api('POST', `/payments/${paymentId}/cancel`, again)).toMatchObject({
      status: 502,
      body: { type: 'PG_PROVIDER' },
    });
    expect((await api('GET', `/payments/${paymentId}`)).body.amount.cancelled).toBe(100_000);
    expect((await api('POST', `/payments/${paymentId}/cancel`, again)).status).toBe(200);
  });
});

describe('pace: a charge takes its time, and too many at once are answered 429 with Retry-After', () => {
  afterEach(() => {
    pg.faults.chargeDelayMs = 0;
    Object.assign(pg.pace, { maxChargesInFlight: 0, retryAfterSeconds: 1, rateLimitNextCharges: 0 });
    pg.resetChargeLoad();
  });

  it('counts the charges in flight at once and refuses one beyond the limit, recording nothing under its payment id', async () => {
    const key = await issueKey();
    pg.faults.chargeDelayMs = 200;
    Object.assign(pg.pace, { maxChargesInFlight: 2, retryAfterSeconds: 3 });
    pg.resetChargeLoad();
    const ids = [`p-${randomUUID()}`, `p-${randomUUID()}`];
    const first = ids.map((id) => api('POST', `/payments/${id}/billing-key`, chargeBody(key)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = `p-${randomUUID()}`;
    const refused = await fetch(`${pg.url}/payments/${third}/billing-key`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(chargeBody(key)),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3');
    expect(await refused.json()).toMatchObject({ type: 'TOO_MANY_REQUESTS' });
    expect(await api('GET', `/payments/${third}`)).toMatchObject({ status: 404, body: { type: 'PAYMENT_NOT_FOUND' } });
    expect((await Promise.all(first)).map((a) => a.status)).toEqual([200, 200]);
    // Once the first two are answered, the third is taken.
    expect((await api('POST', `/payments/${third}/billing-key`, chargeBody(key))).status).toBe(200);
    const load = pg.chargeLoad();
    expect(load).toMatchObject({ inFlight: 0, maxInFlight: 2 });
    expect(load.rateLimited.map((r) => r.paymentId)).toEqual([third]);
    expect(load.taken.map((t) => t.paymentId).sort()).toEqual([...ids, third].sort());
  });

  it('answers the next N charges 429 when told to, whatever the load', async () => {
    const key = await issueKey();
    pg.pace.rateLimitNextCharges = 1;
    const paymentId = `p-${randomUUID()}`;
    expect((await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(key))).status).toBe(429);
    expect(pg.pace.rateLimitNextCharges).toBe(0);
    expect((await api('POST', `/payments/${paymentId}/billing-key`, chargeBody(key))).status).toBe(200);
    expect(pg.state().payments.filter((p) => p.id === paymentId)).toHaveLength(1);
  });

  it("reads its pace from the local stack's environment", () => {
    expect(
      readSandboxPgPace({
        SANDBOX_PG_CHARGE_DELAY_MS: '800',
        SANDBOX_PG_MAX_CHARGES_IN_FLIGHT: '40',
        SANDBOX_PG_RETRY_AFTER_SECONDS: '2',
      }),
    ).toEqual({ chargeDelayMs: 800, pace: { maxChargesInFlight: 40, retryAfterSeconds: 2, rateLimitNextCharges: 0 } });
    expect(readSandboxPgPace({})).toEqual({
      chargeDelayMs: 0,
      pace: { maxChargesInFlight: 0, retryAfterSeconds: 1, rateLimitNextCharges: 0 },
    });
  });
});
