import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { ensureDatabase } from '@sq/stack/database';
import { DATA_DIR } from '@sq/stack/paths';
import { startStack } from '@sq/stack/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    cdnDir: string;
  }
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8090);

/** The whole site on its own port, database and CDN folder, so a developer's running site is untouched. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await ensureDatabase({ name: 'postgres', port: 54330, dataDir: path.join(DATA_DIR, 'pg-test') });
  const name = `e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;

  const cdnDir = path.join(DATA_DIR, 'e2e-cdn');
  fs.rmSync(cdnDir, { recursive: true, force: true });
  const stack = await startStack({
    port: E2E_PORT,
    portBase: 4201,
    cdnDir,
    logDir: path.join(DATA_DIR, 'e2e-logs'),
    database: { url: url.toString(), embedded: true, stop: async () => {} },
    extraEnv: { RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn' },
  });
  project.provide('baseUrl', stack.url);
  project.provide('cdnDir', cdnDir);
  return async () => {
    await stack.stop();
    const cleanup = new pg.Client({ connectionString: cluster.url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    await cluster.stop();
  };
}
