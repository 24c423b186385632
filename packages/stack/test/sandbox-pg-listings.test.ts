import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, generateWebhookSecret, startSandboxPg, type SandboxPg } from '../src/peers/sandbox-pg';

/**
 * The sandbox PG's bulk reads a daily reconciliation uses (PortOne V2 shapes: GET /payments-by-cursor, GET
 * /billing-keys) and the console's cancellation (an operator giving money back at the PG), on a clock the test moves.
 */
const SECRET = 'listing-secret';
const auth = { authorization: `PortOne ${SECRET}`, 'content-type': 'application/json' };
let pg: SandboxPg;
let now = new Date('2026-11-20T00:00:00Z');

beforeAll(async () => {
  pg = await startSandboxPg({
    apiSecret: SECRET,
    storeId: 'store-listing',
    webhookSecret: generateWebhookSecret(),
    webhookUrl: null,
    clock: () => now,
  });
});
afterAll(async () => pg?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
async function get(
  path: string,
  requestBody?: unknown,
  headers: Record<string, string> = auth,
): Promise<{ status: number; body: Loose }> {
  const query = requestBody === undefined ? '' : `?requestBody=${encodeURIComponent(JSON.stringify(requestBody))}`;
  const response = await fetch(`${pg.url}${path}${query}`, { headers });
  return { status: response.status, body: (await response.json()) as Loose };
}
async function post(path: string, body: unknown) {
  const response = await fetch(`${pg.url}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Loose };
}
async function issueKey(customer = 'member-1'): Promise<string> {
  const issued = await post('/billing-keys', {
    method: {
      card: {
        credential: {
          number: TEST_CARDS.ok,
          expiryYear: '39',
          expiryMonth: '12',
          birthOrBusinessRegistrationNumber: '900101',
          passwordTwoDigits: '12',
        },
      },
    },
    customer: { id: customer },
  });
  return issued.body.billingKeyInfo.billingKey as string;
}
async function charge(at: string, total = 300_000): Promise<string> {
  now = new Date(at);
  const paymentId = `p-list-${randomUUID()}`;
  const answer = await post(`/payments/${paymentId}/billing-key`, {
    billingKey: await issueKey(),
    orderName: '14주 팀 프로젝트',
    amount: { total },
    currency: 'KRW',
    customer: { id: 'member-1' },
  });
  expect(answer.status).toBe(200);
  return paymentId;
}

describe('GET /payments-by-cursor (결제 대용량 다건 조회)', () => {
  it('pages every payment created in [from, until) oldest first, by cursor, with status, amounts and cancellations', async () => {
    const before = await charge('2026-11-20T23:59:59Z');
    const ids = [
      await charge('2026-11-21T01:00:00Z'),
      await charge('2026-11-21T02:00:00Z', 150_000),
      await charge('2026-11-21T03:00:00Z'),
    ];
    const after = await charge('2026-11-22T00:00:00Z');
    now = new Date('2026-11-21T04:00:00Z');
    expect((await post(`/payments/${ids[1]}/cancel`, { amount: 50_000, reason: '부분 환불' })).status).toBe(200);

    const window = { from: '2026-11-21T00:00:00Z', until: '2026-11-22T00:00:00Z' };
    const first = await get('/payments-by-cursor', { ...window, size: 2 });
    expect(first.status).toBe(200);
    expect(first.body.items.map((i: Loose) => i.payment.id)).toEqual(ids.slice(0, 2));
    expect(first.body.items[1]).toMatchObject({
      payment: {
        status: 'PARTIAL_CANCELLED',
        amount: { total: 150_000, paid: 150_000, cancelled: 50_000 },
        currency: 'KRW',
        cancellations: [{ totalAmount: 50_000, reason: '부분 환불', status: 'SUCCEEDED' }],
      },
    });
    expect(typeof first.body.items[1].cursor).toBe('string');
    const second = await get('/payments-by-cursor', { ...window, size: 2, cursor: first.body.items[1].cursor });
    expect(second.body.items.map((i: Loose) => i.payment.id)).toEqual([ids[2]]);
    const end = await get('/payments-by-cursor', { ...window, size: 2, cursor: second.body.items[0].cursor });
    expect(end.body.items).toEqual([]);
    // Outside the window: the one a second before it, and the one at its end (until is exclusive).
    const all = (
      await get('/payments-by-cursor', { from: '2026-11-20T00:00:00Z', until: '2026-11-23T00:00:00Z', size: 1000 })
    ).body.items.map((i: Loose) => i.payment.id);
    expect(all).toEqual(expect.arrayContaining([before, ...ids, after]));
    expect(all.indexOf(before)).toBeLessThan(all.indexOf(ids[0]));
  });

  it('defaults to 10 a page and the 90 days before now, and refuses bad input and a caller without the secret', async () => {
    now = new Date('2026-11-22T12:00:00Z');
    expect((await get('/payments-by-cursor')).body.items.length).toBeLessThanOrEqual(10);
    for (const bad of [
      { size: 0 },
      { size: 1001 },
      { from: 'yesterday' },
      { cursor: '%%%' },
      { storeId: 'another-store' },
    ]) {
      const answer = await get('/payments-by-cursor', bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.type).toBe('INVALID_REQUEST');
    }
    expect((await get('/payments-by-cursor', {}, {})).status).toBe(401);
  });
});

describe('GET /billing-keys (빌링키 다건 조회)', () => {
  it('lists keys by status, newest first, a page at a time, with the total', async () => {
    now = new Date('2030-01-01T00:00:00Z');
    const kept = await issueKey('member-keys');
    now = new Date('2030-01-01T00:00:01Z');
    const deleted = await issueKey('member-keys');
    const removed = await fetch(`${pg.url}/billing-keys/${deleted}`, { method: 'DELETE', headers: auth });
    expect(removed.status).toBe(200);
    const issued = await get('/billing-keys', { filter: { status: ['ISSUED'] }, page: { number: 0, size: 1000 } });
    expect(issued.status).toBe(200);
    const keys = issued.body.items.map((k: Loose) => k.billingKey);
    expect(keys[0]).toBe(kept);
    expect(keys).not.toContain(deleted);
    expect(issued.body.items[0]).toMatchObject({
      status: 'ISSUED',
      customer: { id: 'member-keys' },
      methods: [{ card: { number: '424242******4242' } }],
    });
    expect(issued.body.page).toEqual({ number: 0, size: 1000, totalCount: keys.length });
    const firstOfAll = await get('/billing-keys', { page: { number: 0, size: 1 } });
    expect(firstOfAll.body.items.map((k: Loose) => k.billingKey)).toEqual([deleted]);
    expect((await get('/billing-keys', { filter: { status: ['GONE'] } })).status).toBe(400);
  });
});

describe('a cancellation in the PG console (overview page)', () => {
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual' as const,
  });

  it('offers 취소 on a charged payment, cancels what the operator typed, and sends its webhook only when asked', async () => {
    const paymentId = await charge('2030-02-01T00:00:00Z');
    const page = await (await fetch(pg.url)).text();
    expect(page).toContain(`action="/console/payments/${paymentId}/cancel"`);
    const hooks = pg.state().webhooks.length;
    const answer = await fetch(
      `${pg.url}/console/payments/${paymentId}/cancel`,
      form({ amount: '100,000', reason: '상담 후 일부 환불' }),
    );
    expect(answer.status).toBe(303);
    const payment = pg.state().payments.find((p) => p.id === paymentId)!;
    expect(payment).toMatchObject({ status: 'PARTIAL_CANCELLED', amount: { cancelled: 100_000 } });
    expect(payment.cancellations.map((c) => c.reason)).toEqual(['상담 후 일부 환불']);
    // Without "웹훅 보내기" the webhook is lost: nothing is sent.
    expect(pg.state().webhooks.length).toBe(hooks);
    expect(
      (await fetch(`${pg.url}/console/payments/${paymentId}/cancel`, form({ reason: '나머지 환불', announce: '1' })))
        .status,
    ).toBe(303);
    expect(pg.state().payments.find((p) => p.id === paymentId)).toMatchObject({
      status: 'CANCELLED',
      amount: { cancelled: 300_000 },
    });
    expect(pg.state().webhooks[0]).toMatchObject({ type: 'Transaction.Cancelled', body: { data: { paymentId } } });
  });

  it('refuses a missing reason, an amount that is not a number or above what is left, and changes nothing', async () => {
    const paymentId = await charge('2030-02-02T00:00:00Z');
    for (const [fields, message] of [
      [{ amount: '1000' }, '취소 사유를 입력해 주세요.'],
      [{ amount: '천원', reason: '환불' }, '취소 금액은 숫자로 입력해 주세요.'],
      [{ amount: '300001', reason: '환불' }, '취소 금액이 취소 가능 금액을 넘습니다.'],
    ] as const) {
      const answer = await fetch(`${pg.url}/console/payments/${paymentId}/cancel`, form(fields));
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain(message);
    }
    expect(pg.state().payments.find((p) => p.id === paymentId)).toMatchObject({ status: 'PAID', cancellations: [] });
  });
});
