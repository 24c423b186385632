import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase, wholeLines } from '../src/database';
import { freePort } from '../src/free-port';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

// As root the embedded PostgreSQL runs as the `postgres` OS user (CI runs as root on a fresh clone).
describe.runIf(process.getuid?.() === 0)('the embedded PostgreSQL started as root', () => {
  // The suites' shared database comes through DATABASE_URL; these start clusters of their own.
  const shared = process.env.DATABASE_URL;
  beforeAll(() => {
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    if (shared !== undefined) process.env.DATABASE_URL = shared;
  });

  it('names the folder its OS user cannot enter instead of failing in initdb', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-private-')); // mkdtemp makes it 0700
    roots.push(root);
    const dataDir = path.join(root, '.data', 'pg');
    const error = await ensureDatabase({ name: 'sq_private', port: await freePort(), dataDir }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(
      `the OS user postgres when started as root, and that user cannot enter ${root} (mode 0700)`,
    );
  });

  it('starts in a fresh root where only the cluster folder is new', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-fresh-'));
    fs.chmodSync(root, 0o755);
    roots.push(root);
    const database = await ensureDatabase({
      name: 'sq_fresh',
      port: await freePort(),
      dataDir: path.join(root, '.data', 'pg'),
    });
    try {
      expect(database.embedded).toBe(true);
      expect(fs.statSync(path.join(root, '.data')).mode & 0o777).toBe(0o755);
    } finally {
      await database.stop();
    }
  });
});

describe('an embedded PostgreSQL whose initdb fails', () => {
  const shared = process.env.DATABASE_URL;
  beforeAll(() => {
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    if (shared !== undefined) process.env.DATABASE_URL = shared;
  });

  it("fails with initdb's own words, not a bare string", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-initdb-'));
    fs.chmodSync(root, 0o755);
    roots.push(root);
    // A folder with something in it but no cluster: initdb refuses to use it.
    const dataDir = path.join(root, 'pg');
    fs.mkdirSync(dataDir, { mode: 0o777 });
    fs.chmodSync(dataDir, 0o777);
    fs.writeFileSync(path.join(dataDir, 'stray.txt'), 'not a cluster');
    const error = await ensureDatabase({ name: 'sq_initdb', port: await freePort(), dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`embedded PostgreSQL could not create its cluster`);
    expect((error as Error).message).toMatch(/\[postgres\] initdb: error: directory ".*pg" exists but is not empty/);
  });
});

describe("PostgreSQL's output in a failure", () => {
  it('keeps each message whole however the writes split it', () => {
    const lines: string[] = [];
    const stream = wholeLines((line) => lines.push(line));
    for (const write of ['initdb: ', 'error: ', 'directory "x" exists but is not empty\ninitdb: hint: ', 'remove it'])
      stream.write(write);
    expect(lines).toEqual(['initdb: error: directory "x" exists but is not empty']);
    stream.end();
    expect(lines).toEqual(['initdb: error: directory "x" exists but is not empty', 'initdb: hint: remove it']);
  });
});
