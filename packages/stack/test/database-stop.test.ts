import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase } from '../src/database';

/** Whether a process is alive (signal 0 checks without touching it). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('stopping the embedded PostgreSQL', () => {
  // The suites' shared database comes through DATABASE_URL; this one needs a cluster of its own.
  const shared = process.env.DATABASE_URL;
  beforeAll(() => {
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    if (shared !== undefined) process.env.DATABASE_URL = shared;
  });

  it('finishes when Ctrl+C already ended PostgreSQL before its turn came', async () => {
    const database = await startTestDatabase('sq_stop');
    // The postmaster's pid is the first line of postmaster.pid in the folder the server names.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ setting: string }>(
      "SELECT setting FROM pg_settings WHERE name = 'data_directory'",
    );
    await client.end();
    const pidFile = path.join(rows[0]!.setting, 'postmaster.pid');
    const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGINT');
    await expect.poll(() => alive(postmaster), { timeout: 20_000 }).toBe(false);
    // Before the fix this waited forever for an 'exit' that had already happened.
    await database.stop();
    expect(fs.existsSync(pidFile)).toBe(false);
  });
});
