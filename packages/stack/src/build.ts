import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';

/** Packages every bundle is built from besides its own folder. */
const SHARED_INPUTS = [
  'packages/mf-config',
  'packages/ui',
  'packages/api-client',
  'packages/contracts',
  'packages/remote-kit',
  'packages/standalone',
  'pnpm-lock.yaml',
];

function hashTree(target: string, hash: ReturnType<typeof createHash>): void {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    hash.update(path.relative(ROOT, target));
    hash.update(fs.readFileSync(target));
    return;
  }
  for (const entry of fs.readdirSync(target).sort()) {
    if (['node_modules', 'dist', 'test', '.turbo'].includes(entry)) continue;
    hashTree(path.join(target, entry), hash);
  }
}

/** A hash of everything a bundle's build reads, so an unchanged bundle is not rebuilt on every start. */
export function sourceHash(bundleDir: string, extra = ''): string {
  const hash = createHash('sha256');
  hashTree(path.join(ROOT, bundleDir), hash);
  for (const input of SHARED_INPUTS) hashTree(path.join(ROOT, input), hash);
  hash.update(extra);
  return hash.digest('hex').slice(0, 12);
}

export async function buildBundle(
  bundleDir: string,
  env: Record<string, string> = {},
  options: { force?: boolean } = {},
): Promise<string> {
  const release = await lock(path.join(ROOT, bundleDir, '.build.lock'));
  try {
    return await buildUnlocked(bundleDir, env, options);
  } finally {
    release();
  }
}

/**
 * One build of a bundle at a time on this machine (two test runs starting together would otherwise write
 * the same dist/ at once); the second waits and then finds the build up to date.
 */
async function lock(file: string): Promise<() => void> {
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch {
      const holder = Number(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') || 0 : 0);
      if (holder && !isAlive(holder)) fs.rmSync(file, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function buildUnlocked(
  bundleDir: string,
  env: Record<string, string>,
  options: { force?: boolean },
): Promise<string> {
  const dir = path.join(ROOT, bundleDir);
  const hash = sourceHash(bundleDir, JSON.stringify(env));
  const stampFile = path.join(dir, 'dist', '.source-hash');
  if (!options.force && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === hash) return hash;
  console.log(`[stack] building ${bundleDir}...`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(path.join(dir, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${bundleDir} build failed:\n${output}`))));
  });
  fs.writeFileSync(stampFile, hash);
  return hash;
}
