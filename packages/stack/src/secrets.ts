import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadOrCreateDevJwtKeys } from '@sq/service-kit';
import { DATA_DIR } from './paths';

/** Development secrets, made once per checkout and kept out of git; production passes its own. */
export function devSecrets(): { JWT_PRIVATE_KEY: string; JWT_PUBLIC_KEY: string; INTERNAL_SECRET: string } {
  const dir = path.join(DATA_DIR, 'keys');
  const keys = loadOrCreateDevJwtKeys(dir);
  const secretFile = path.join(dir, 'internal-secret');
  if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return {
    JWT_PRIVATE_KEY: process.env.JWT_PRIVATE_KEY ?? keys.privateKey,
    JWT_PUBLIC_KEY: process.env.JWT_PUBLIC_KEY ?? keys.publicKey,
    INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? fs.readFileSync(secretFile, 'utf8'),
  };
}
