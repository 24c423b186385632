import { createHmac } from 'node:crypto';

/**
 * HMAC-SHA-256 under the service's marker secret (ACCOUNT_MARKER_SECRET). Used where the service must
 * recognise a person or an address again without keeping it: rate-limit keys of the recovery screens and the
 * markers of one-time point grants, which outlive a withdrawal that erases the person's data. Without the
 * secret a stored value cannot be tested against a guessed e-mail or phone number (a plain SHA-256 could).
 */
export type KeyedHash = (kind: string, value: string) => string;

export function createKeyedHash(secret: string): KeyedHash {
  // The kind is part of the input, so the same value under two purposes never gives the same hash.
  return (kind, value) => createHmac('sha256', secret).update(`${kind}\u0000${value}`).digest('hex');
}

/**
 * One mailbox, however it is spelled: trimmed, lower-case, and without a +tag (name+1@ and name@ reach the
 * same person at nearly every provider, so a +tag must not make a new person for one-time grants).
 */
export function normaliseMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const local = address.slice(0, at).split('+')[0] || address.slice(0, at);
  return `${local}${address.slice(at)}`;
}
