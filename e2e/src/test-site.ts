import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase } from '@sq/stack/database';
import { DATA_DIR } from '@sq/stack/paths';
import { startStack } from '@sq/stack/stack';

export const TEST_SITE_PORT = Number(process.env.E2E_PORT ?? 8090);

/**
 * The composed site for e2e and bench: every bundle built and published to its own CDN folder, a fresh
 * database on the test PostgreSQL, services and gateway on their own ports.
 */
export async function startTestSite(): Promise<{ url: string; cdnDir: string; services: Record<string, string>; stop: () => Promise<void> }> {
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
    port: TEST_SITE_PORT,
    portBase: 4201,
    cdnDir,
    logDir: path.join(DATA_DIR, 'e2e-logs'),
    database: { url: url.toString(), embedded: true, stop: async () => {} },
    extraEnv: { RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'warn' },
  });
  return {
    url: stack.url,
    cdnDir,
    services: stack.services,
    stop: async () => {
      await stack.stop();
      const cleanup = new pg.Client({ connectionString: cluster.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await cluster.stop();
    },
  };
}
