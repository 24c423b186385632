import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks verification (https://www.standardwebhooks.com): the signature is
 * `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` with the secret's bytes
 * (`whsec_<base64>`); the header may carry several space-separated signatures (key rotation). A timestamp
 * further than `toleranceSeconds` from now is refused, so a captured delivery cannot be replayed later.
 */
export type WebhookVerdict =
  | { ok: true; id: string; timestamp: number }
  | { ok: false; reason: 'MISSING_HEADERS' | 'BAD_TIMESTAMP' | 'TOO_OLD' | 'BAD_SIGNATURE' };

export function webhookKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

export function signWebhookBody(secret: string, id: string, timestamp: number | string, body: string): string {
  return `v1,${createHmac('sha256', webhookKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function verifyWebhook(input: {
  secret: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  now: Date;
  toleranceSeconds: number;
}): WebhookVerdict {
  const header = (name: string) => {
    const value = input.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  if (!id || !timestamp || !signatures || id.length > 200) return { ok: false, reason: 'MISSING_HEADERS' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'BAD_TIMESTAMP' };
  const seconds = Number(timestamp);
  if (Math.abs(input.now.getTime() / 1000 - seconds) > input.toleranceSeconds) return { ok: false, reason: 'TOO_OLD' };
  const expected = Buffer.from(signWebhookBody(input.secret, id, timestamp, input.body).slice(3), 'base64');
  for (const candidate of signatures.split(' ')) {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const given = Buffer.from(value, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected))
      return { ok: true, id, timestamp: seconds };
  }
  return { ok: false, reason: 'BAD_SIGNATURE' };
}
