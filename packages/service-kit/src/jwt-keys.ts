import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from './dirs';
import { refuseDevJwtKeys } from './production';

/**
 * Access tokens are ES256: the account service signs with the private key, the gateway verifies with the
 * public key only, so a compromised gateway cannot mint tokens. The algorithm is pinned on both sides.
 */
export const JWT_ALGORITHM = 'ES256' as const;

export interface JwtKeys {
  privateKey?: string;
  publicKey: string;
}

export function readJwtKeys(env: NodeJS.ProcessEnv = process.env): JwtKeys {
  const publicKey = env.JWT_PUBLIC_KEY;
  if (!publicKey) throw new Error('JWT_PUBLIC_KEY is not set (the stack launcher creates a development key pair).');
  const keys = { publicKey, privateKey: env.JWT_PRIVATE_KEY };
  refuseDevJwtKeys(keys, env);
  return keys;
}

export function generateJwtKeys(): Required<JwtKeys> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * The local stack's key pair, made once and kept (git-ignored) so sign-ins survive restarts. Only `dir`
 * itself is private: the folders above it stay traversable (the embedded PostgreSQL's cluster lives beside it).
 */
export function loadOrCreateDevJwtKeys(dir: string): Required<JwtKeys> {
  const privatePath = path.join(dir, 'jwt-private.pem');
  const publicPath = path.join(dir, 'jwt-public.pem');
  if (!fs.existsSync(privatePath)) {
    ensurePrivateDir(dir);
    const keys = generateJwtKeys();
    fs.writeFileSync(privatePath, keys.privateKey, { mode: 0o600 });
    fs.writeFileSync(publicPath, keys.publicKey);
  }
  return { privateKey: fs.readFileSync(privatePath, 'utf8'), publicKey: fs.readFileSync(publicPath, 'utf8') };
}
