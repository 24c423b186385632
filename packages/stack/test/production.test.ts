import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEV_INTERNAL_SECRET,
  generateJwtKeys,
  loadOrCreateDevJwtKeys,
  readServiceConfig,
  seedsDemoData,
} from '@sq/service-kit';
import { createTestDatabase } from '@sq/service-kit/testing';
import { ROOT } from '../src/paths';
import { stackSecrets } from '../src/secrets';

/** A checkout's data folder with the development keys `npm start` generates. */
let dataDir: string;
let dev: { privateKey: string; publicKey: string; internalSecret: string };
const own = { ...generateJwtKeys(), internalSecret: 'a-production-secret-of-forty-characters!!' };
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-prod-'));
  const keys = loadOrCreateDevJwtKeys(path.join(dataDir, 'keys'));
  fs.writeFileSync(path.join(dataDir, 'keys', 'internal-secret'), 'dev-generated-internal-secret-0123456789abcdef');
  dev = { ...keys, internalSecret: 'dev-generated-internal-secret-0123456789abcdef' };
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const production = (extra: Record<string, string | undefined> = {}) => ({
  NODE_ENV: 'production',
  SQ_DATA_DIR: dataDir,
  JWT_PRIVATE_KEY: own.privateKey,
  JWT_PUBLIC_KEY: own.publicKey,
  INTERNAL_SECRET: own.internalSecret,
  ...extra,
});

describe('a production start refuses development secrets', () => {
  it('takes its own keys and secret', () => {
    expect(stackSecrets(production())).toEqual({
      JWT_PRIVATE_KEY: own.privateKey,
      JWT_PUBLIC_KEY: own.publicKey,
      INTERNAL_SECRET: own.internalSecret,
    });
  });

  it.each([
    [
      'no keys',
      { JWT_PRIVATE_KEY: undefined, JWT_PUBLIC_KEY: undefined },
      /JWT_PRIVATE_KEY and JWT_PUBLIC_KEY must be set/,
    ],
    [
      'the generated .data/keys pair',
      {
        get JWT_PRIVATE_KEY() {
          return dev.privateKey;
        },
        get JWT_PUBLIC_KEY() {
          return dev.publicKey;
        },
      },
      /development key pair/,
    ],
    ['no internal secret', { INTERNAL_SECRET: undefined }, /INTERNAL_SECRET must be set/],
    ['the built-in development secret', { INTERNAL_SECRET: DEV_INTERNAL_SECRET }, /INTERNAL_SECRET must be set/],
    [
      'the generated .data/keys secret',
      {
        get INTERNAL_SECRET() {
          return dev.internalSecret;
        },
      },
      /development secret of \.data\/keys/,
    ],
    ['a short secret', { INTERNAL_SECRET: 'short-secret' }, /at least 32 characters/],
  ] as const)('refuses %s', (_label, change, message) => {
    expect(() => stackSecrets(production({ ...change }))).toThrow(message);
  });

  it('the services and the gateway refuse them too; development keeps its fallbacks', () => {
    expect(() =>
      readServiceConfig(production({ DATABASE_URL: 'postgres://x', INTERNAL_SECRET: dev.internalSecret })),
    ).toThrow(/development secret/);
    expect(readServiceConfig({ DATABASE_URL: 'postgres://x' }).internalSecret).toBe(DEV_INTERNAL_SECRET);
  });

  it('never seeds demo data, and refuses to start when asked to', () => {
    expect(seedsDemoData({})).toBe(true);
    expect(seedsDemoData({ SEED_DEMO_DATA: 'false' })).toBe(false);
    expect(seedsDemoData(production())).toBe(false);
    expect(() => seedsDemoData(production({ SEED_DEMO_DATA: 'true' }))).toThrow(/development only/);
  });
});

/** Runs a service's server entry as `npm start` would, until it exits or `ms` pass; its output and exit code. */
function startService(
  service: string,
  env: Record<string, string | undefined>,
  ms = 60_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [path.join(ROOT, `services/${service}/src/server.ts`)],
      {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', LOG_LEVEL: 'error', ...env },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a production start of a service', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase('prodstart');
  });
  afterAll(() => database?.drop());

  it('stops before listening when asked for demo data or given development secrets', async () => {
    const demo = await startService('careercard', production({ DATABASE_URL: database.url, SEED_DEMO_DATA: 'true' }));
    expect(demo.code).not.toBe(0);
    expect(demo.output).toContain('demo data');
    const keys = await startService(
      'account',
      production({ DATABASE_URL: database.url, JWT_PRIVATE_KEY: dev.privateKey, JWT_PUBLIC_KEY: dev.publicKey }),
    );
    expect(keys.code).not.toBe(0);
    expect(keys.output).toContain('development key pair');
  });
});
