import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths';
import { NEVER_SHIPPED, buildServer } from './server-build';

/** The repository's pnpm (package.json `packageManager`), as the image's build stage installs it. */
const PNPM = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { packageManager: string })
  .packageManager;

/** Bytes under `dir`, each file once (pnpm's store links the same file from several places). */
function sizeOf(dir: string): number {
  const seen = new Set<string>();
  let bytes = 0;
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const file = path.join(current, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) walk(file);
      else {
        const stat = fs.statSync(file);
        const key = `${stat.dev}:${stat.ino}`;
        if (!seen.has(key)) bytes += stat.size;
        seen.add(key);
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return bytes;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `npm run server:size`: the image's server part as its Dockerfile makes it: the roles compiled (server-build.ts) and
 * a production install of the server runtime alone (`pnpm deploy --prod`), in a temporary folder. Prints the sizes,
 * the largest packages, the Node.js the image runs, and fails if a build or development tool got in.
 */
export async function printServerSize(print: (line: string) => void = console.log): Promise<void> {
  const build = await buildServer();
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-server-runtime-'));
  try {
    fs.rmSync(target, { recursive: true, force: true });
    const deploy = spawnSync(
      'npx',
      ['--yes', PNPM, '--filter', '@sq/server-runtime', 'deploy', '--prod', '--legacy', '--prefer-offline', target],
      { cwd: ROOT, encoding: 'utf8' },
    );
    if (deploy.status !== 0) throw new Error(`pnpm deploy failed:\n${deploy.stdout}\n${deploy.stderr}`);
    const modules = path.join(target, 'node_modules', '.pnpm');
    const packages = fs.readdirSync(modules).filter((name) => name !== 'node_modules' && name !== 'lock.yaml');
    const bySize = packages
      .map((name) => ({ name: name.replace(/@[^@]*$/, '').replace('+', '/'), bytes: sizeOf(path.join(modules, name)) }))
      .sort((a, b) => b.bytes - a.bytes);
    const image =
      /^FROM (node:\S+) AS runtime$/m.exec(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))?.[1] ?? 'unknown';
    print(`server runtime (what the image runs besides the bundles it serves)`);
    print(`  Node.js            ${image}`);
    print(
      `  compiled roles     ${mb(build.bytes)} of JavaScript (packages/server-runtime/dist, ${build.packages.length} npm packages imported)`,
    );
    print(`  production install ${mb(sizeOf(path.join(target, 'node_modules')))} in ${packages.length} packages`);
    print(
      `  largest            ${bySize
        .slice(0, 8)
        .map((p) => `${p.name} ${mb(p.bytes)}`)
        .join(', ')}`,
    );
    const shipped = NEVER_SHIPPED.filter((tool) => bySize.some((p) => p.name === tool));
    if (shipped.length)
      throw new Error(`the production install holds build or development tools: ${shipped.join(', ')}`);
    print(`  never shipped      ${NEVER_SHIPPED.join(', ')}: none present`);
  } finally {
    fs.rmSync(target, { recursive: true, force: true });
  }
}
