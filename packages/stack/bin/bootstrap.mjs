#!/usr/bin/env node
// The two README commands land here. Only Node.js and npm are assumed: dependencies are installed with a
// pinned pnpm through npx when the lockfile changed, then the TypeScript stack CLI takes over.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PNPM = 'pnpm@10.34.9';
const stamp = path.join(root, 'node_modules', '.sq-install-stamp');
const lockfile = path.join(root, 'pnpm-lock.yaml');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const lock = fs.readFileSync(lockfile, 'utf8');
const installed = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8') : '';
if (installed !== lock) {
  console.log('[stack] installing dependencies (pnpm, from the lockfile)...');
  run('npx', ['--yes', PNPM, 'install', '--frozen-lockfile'], { env: { ...process.env, npm_config_yes: 'true' } });
  fs.writeFileSync(stamp, lock);
}

const [command = 'start', ...rest] = process.argv.slice(2);
// Ctrl+C reaches the whole foreground process group, the CLI below included, which stops the site on it. This
// launcher waits for that stop and ends with the CLI's exit code instead of dying at once (npm, above it, still
// ends on the SIGINT itself, so `npm start`'s prompt may come back a second before the last process is gone).
process.on('SIGINT', () => {});
run(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'packages/stack/src/cli.ts'), command, ...rest]);
