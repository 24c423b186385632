import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook } from '@sq/stack/peers/sandbox-pg';
import { verifyWebhook } from '../src/payments/webhook-signature';

const secret = generateWebhookSecret();
const now = new Date('2026-11-24T03:00:00Z');
const ts = Math.floor(now.getTime() / 1000);
const body = '{"type":"Transaction.Paid","data":{"paymentId":"sq-1-charge"}}';
const headers = (overrides: Record<string, string> = {}) => ({
  'webhook-id': 'msg_1',
  'webhook-timestamp': String(ts),
  'webhook-signature': signWebhook(secret, 'msg_1', ts, body),
  ...overrides,
});
const verify = (h: Record<string, string>, at = now, raw = body) =>
  verifyWebhook({ secret, headers: h, body: raw, now: at, toleranceSeconds: 300 });

describe('Standard Webhooks verification', () => {
  it('accepts the PG signature (signed by the sandbox independently), also among rotated ones', () => {
    expect(verify(headers())).toEqual({ ok: true, id: 'msg_1', timestamp: ts });
    const other = signWebhook(generateWebhookSecret(), 'msg_1', ts, body);
    expect(verify(headers({ 'webhook-signature': `${other} ${signWebhook(secret, 'msg_1', ts, body)}` })).ok).toBe(
      true,
    );
  });

  it('refuses another secret, another body, another id, a wrong version and missing headers', () => {
    expect(verify(headers({ 'webhook-signature': signWebhook(generateWebhookSecret(), 'msg_1', ts, body) }))).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
    expect(verify(headers(), now, body.replace('sq-1', 'sq-2'))).toMatchObject({ ok: false, reason: 'BAD_SIGNATURE' });
    expect(verify(headers({ 'webhook-id': 'msg_2' }))).toMatchObject({ ok: false, reason: 'BAD_SIGNATURE' });
    expect(
      verify(headers({ 'webhook-signature': signWebhook(secret, 'msg_1', ts, body).replace('v1,', 'v2,') })),
    ).toMatchObject({ ok: false });
    expect(verify({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(ts) })).toMatchObject({
      ok: false,
      reason: 'MISSING_HEADERS',
    });
    expect(verify(headers({ 'webhook-timestamp': 'soon' }))).toMatchObject({ ok: false, reason: 'BAD_TIMESTAMP' });
  });

  it('keeps a 5-minute window on both sides (replays are refused)', () => {
    expect(verify(headers(), new Date(now.getTime() + 300_000)).ok).toBe(true);
    expect(verify(headers(), new Date(now.getTime() + 301_000))).toMatchObject({ ok: false, reason: 'TOO_OLD' });
    expect(verify(headers(), new Date(now.getTime() - 301_000))).toMatchObject({ ok: false, reason: 'TOO_OLD' });
  });
});
