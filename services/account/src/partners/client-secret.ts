import { randomBytes } from 'node:crypto';
import type { KeyedHash } from '../lib/keyed-hash';

/**
 * Partner apps' client secrets. oidc-provider compares a presented secret with the client's registered one, so the
 * secret must be known when the client is loaded; rather than keep it (even encrypted) in the database, it is
 * derived: HMAC-SHA-256 under the service's marker secret of the app's client id and a random salt kept with the
 * app. A copy of the database alone reveals no secret; rotating draws a new salt, and the old secret stops working.
 */
export const CLIENT_SECRET_PREFIX = 'sqs_';
export const CLIENT_ID_PREFIX = 'sqa_';

export const newSalt = () => randomBytes(16);
export const newClientId = () => `${CLIENT_ID_PREFIX}${randomBytes(12).toString('base64url')}`;

export function clientSecretOf(hash: KeyedHash, clientId: string, salt: Buffer): string {
  return `${CLIENT_SECRET_PREFIX}${Buffer.from(hash('partner-app-client-secret', `${clientId}:${salt.toString('hex')}`), 'hex').toString('base64url')}`;
}

export const secretHint = (secret: string) => secret.slice(0, 8);
