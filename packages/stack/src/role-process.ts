import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './paths';

/** A role started as its container starts it (the compiled `role.mjs …`, or from source), for tests. */
export interface RoleProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code once it has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Only what a container would have: PATH and HOME from this process, the rest from `env`. The test runner's
 * own environment (its DATABASE_URL, PROGRAMS_JOB_WORKERS, …) must not leak into a role said to start from
 * its environment alone.
 */
export function startRole(
  args: string[],
  env: Record<string, string>,
  from: { compiled: string } | 'source' = 'source',
): RoleProcess {
  const entry =
    from === 'source' ? path.join(ROOT, 'packages/stack/bin/role.mjs') : path.join(from.compiled, 'role.mjs');
  const child = spawn(process.execPath, [entry, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Resolves when `url` answers 200; rejects with the role's output when it exits first or `timeoutMs` passes. */
export async function waitForOk(url: string, role: RoleProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && role.child.exitCode === null) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(1_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 (exit code ${role.child.exitCode})\n${role.output().slice(-3_000)}`);
}
