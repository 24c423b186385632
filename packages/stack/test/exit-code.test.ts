import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../src/paths';

describe('a test run with the embedded PostgreSQL', () => {
  it('exits non-zero when a test fails, so CI cannot pass over a failure', () => {
    const env = { ...process.env };
    delete env.DATABASE_URL; // the embedded default, whose exit hooks once forced exit code 0
    const run = spawnSync(
      path.join(ROOT, 'node_modules/.bin/vitest'),
      ['run', '--config', path.join(import.meta.dirname, 'fixtures/failing.config.ts')],
      {
        cwd: ROOT,
        env,
        encoding: 'utf8',
        timeout: 110_000,
      },
    );
    expect(run.stdout + run.stderr).toContain('fails on purpose');
    expect(run.status).toBe(1);
  });
});
