import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureSharedDir } from '@sq/service-kit';
import { LOG_DIR, ROOT } from './paths';

export interface Managed {
  name: string;
  child: ChildProcess;
  logFile: string;
}

/** Runs a TypeScript entry in its own Node process, output to `.data/logs/<name>.log`. */
export function runTs(name: string, entry: string, env: Record<string, string>, logDir = LOG_DIR): Managed {
  ensureSharedDir(logDir);
  const logFile = path.join(logDir, `${name}.log`);
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  return { name, child, logFile };
}

/**
 * How long a started process has to answer its health check: a minute by default; STACK_HEALTH_TIMEOUT_MS gives more
 * on a machine so busy that compiling a service's TypeScript at start takes longer.
 */
const HEALTH_TIMEOUT_MS = Number(process.env.STACK_HEALTH_TIMEOUT_MS ?? 60_000);

export async function waitForHealth(url: string, managed: Managed, timeoutMs = HEALTH_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (managed.child.exitCode !== null) break;
    const ok = await fetch(url, { signal: AbortSignal.timeout(1_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const tail = fs.existsSync(managed.logFile)
    ? fs.readFileSync(managed.logFile, 'utf8').split('\n').slice(-30).join('\n')
    : '';
  throw new Error(`${managed.name} did not become healthy at ${url}\n${tail}`);
}

export async function stopAll(processes: Managed[]): Promise<void> {
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
        }),
    ),
  );
}
