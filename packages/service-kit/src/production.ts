import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What a production start (`NODE_ENV=production`) refuses: the development secrets the local stack makes
 * (`.data/keys`: the JWT pair and the internal secret, or the built-in fallback secret), weak internal
 * secrets, and demo data. Each refusal is an Error thrown before the process listens, saying what to set.
 */
export const isProduction = (env: NodeJS.ProcessEnv = process.env): boolean => env.NODE_ENV === 'production';

/** The shortest internal secret production accepts (it signs identities between gateway and services). */
export const MIN_INTERNAL_SECRET_LENGTH = 32;

/** Where `npm start` keeps its generated development keys (`SQ_DATA_DIR` as in packages/stack/src/paths.ts). */
export function devKeysDir(env: NodeJS.ProcessEnv = process.env): string {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  return path.join(env.SQ_DATA_DIR ?? path.join(root, '.data'), 'keys');
}

function devFile(env: NodeJS.ProcessEnv, name: string): string | null {
  const file = path.join(devKeysDir(env), name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
}

/** Throws when production would run on the development JWT pair of this checkout. */
export function refuseDevJwtKeys(
  keys: { publicKey?: string; privateKey?: string },
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (!isProduction(env)) return;
  const same = (value: string | undefined, name: string) => value !== undefined && value.trim() === devFile(env, name);
  if (same(keys.publicKey, 'jwt-public.pem') || same(keys.privateKey, 'jwt-private.pem')) {
    throw new Error(
      'JWT_PRIVATE_KEY/JWT_PUBLIC_KEY are the development key pair of .data/keys: production needs its own ES256 pair.',
    );
  }
}

/** Throws when production would run on a development or weak internal secret. */
export function refuseDevInternalSecret(
  secret: string | undefined,
  devDefault: string,
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (!isProduction(env)) return;
  if (!secret || secret === devDefault) throw new Error('INTERNAL_SECRET must be set in production.');
  if (secret.trim() === devFile(env, 'internal-secret'))
    throw new Error('INTERNAL_SECRET is the development secret of .data/keys: production needs its own.');
  if (secret.length < MIN_INTERNAL_SECRET_LENGTH)
    throw new Error(`INTERNAL_SECRET must be at least ${MIN_INTERNAL_SECRET_LENGTH} characters in production.`);
}

/**
 * Whether a service seeds its demo data (fake applicants, participants, demo accounts): in development unless
 * `SEED_DEMO_DATA=false`; never in production, where asking for it (`SEED_DEMO_DATA=true`) stops the start.
 * Reference data (codes, products, legal texts) is seeded in both.
 */
export function seedsDemoData(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!isProduction(env)) return env.SEED_DEMO_DATA !== 'false';
  if (env.SEED_DEMO_DATA === 'true')
    throw new Error(
      'SEED_DEMO_DATA=true: demo data (demo accounts with known passwords, example applicants and results) is for development only, never production.',
    );
  return false;
}
