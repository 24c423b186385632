import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  DEV_INTERNAL_SECRET,
  ensurePrivateDir,
  isProduction,
  loadOrCreateDevJwtKeys,
  refuseDevInternalSecret,
  refuseDevJwtKeys,
} from '@sq/service-kit';
import { KEYS_DIR } from './paths';
import { generateWebhookSecret } from './peers/sandbox-pg/webhooks';

export interface StackSecrets {
  JWT_PRIVATE_KEY: string;
  JWT_PUBLIC_KEY: string;
  INTERNAL_SECRET: string;
}

/**
 * The secrets the services and the gateway get. Development: made once per checkout under `.data/keys` and
 * kept out of git (the environment may override them). Production (`NODE_ENV=production`): only the
 * environment's, never generated ones, and never the development ones of this checkout.
 */
export function stackSecrets(env: NodeJS.ProcessEnv = process.env): StackSecrets {
  if (isProduction(env)) {
    const { JWT_PRIVATE_KEY, JWT_PUBLIC_KEY, INTERNAL_SECRET } = env;
    if (!JWT_PRIVATE_KEY || !JWT_PUBLIC_KEY)
      throw new Error('JWT_PRIVATE_KEY and JWT_PUBLIC_KEY must be set in production (an ES256 pair of its own).');
    refuseDevJwtKeys({ privateKey: JWT_PRIVATE_KEY, publicKey: JWT_PUBLIC_KEY }, env);
    refuseDevInternalSecret(INTERNAL_SECRET, DEV_INTERNAL_SECRET, env);
    return { JWT_PRIVATE_KEY, JWT_PUBLIC_KEY, INTERNAL_SECRET: INTERNAL_SECRET! };
  }
  return devSecrets();
}

/** Development secrets, made once per checkout and kept out of git; production passes its own. */
export function devSecrets(): StackSecrets {
  const dir = KEYS_DIR;
  const keys = loadOrCreateDevJwtKeys(dir);
  const secretFile = path.join(dir, 'internal-secret');
  if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return {
    JWT_PRIVATE_KEY: process.env.JWT_PRIVATE_KEY ?? keys.privateKey,
    JWT_PUBLIC_KEY: process.env.JWT_PUBLIC_KEY ?? keys.publicKey,
    INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? fs.readFileSync(secretFile, 'utf8'),
  };
}

/**
 * The sandbox PG's API secret, store id and webhook secret, made once per checkout like the keys above.
 * Only the programs service (and the sandbox itself) gets them; production passes the real PG's.
 */
export function devPaymentSecrets(): { PG_API_SECRET: string; PG_STORE_ID: string; PG_WEBHOOK_SECRET: string } {
  const dir = KEYS_DIR;
  ensurePrivateDir(dir);
  const file = path.join(dir, 'sandbox-pg.json');
  if (!fs.existsSync(file)) {
    const made = {
      PG_API_SECRET: randomBytes(32).toString('base64url'),
      PG_STORE_ID: `store-${randomUUID()}`,
      PG_WEBHOOK_SECRET: generateWebhookSecret(),
    };
    fs.writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  }
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as ReturnType<typeof devPaymentSecrets>;
  return {
    PG_API_SECRET: process.env.PG_API_SECRET ?? stored.PG_API_SECRET,
    PG_STORE_ID: process.env.PG_STORE_ID ?? stored.PG_STORE_ID,
    PG_WEBHOOK_SECRET: process.env.PG_WEBHOOK_SECRET ?? stored.PG_WEBHOOK_SECRET,
  };
}
