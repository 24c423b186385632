import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildBundle } from './build';
import { REMOTES, ROOT, type RemoteDir } from './paths';
import { publishRemote, rollbackRemote } from './registry';
import { buildAndPublishAll, startStack } from './stack';
import { ensureDatabase } from './database';

const [command, ...args] = process.argv.slice(2);

function flag(name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

function remoteArg(): RemoteDir {
  const remote = args[0] as RemoteDir | undefined;
  if (!remote || !REMOTES.includes(remote)) {
    console.error(`usage: npm run ${command} -- <${REMOTES.join('|')}> [--version <version>]`);
    process.exit(2);
  }
  return remote;
}

function run(bin: string, binArgs: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, binArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} ${binArgs.join(' ')} exited with ${code}`))));
  });
}

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

/** `tsc --noEmit` for every workspace package, two at a time (the machines have two cores). */
async function typecheck(): Promise<void> {
  const projects = WORKSPACE_DIRS().filter((dir) => fs.existsSync(path.join(ROOT, dir, 'tsconfig.json')));
  const queue = [...projects];
  const worker = async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) await run(bin('tsc'), ['-p', path.join(dir, 'tsconfig.json')]);
  };
  await Promise.all([worker(), worker()]);
  console.log(`typecheck: ${projects.length} packages passed`);
}

function WORKSPACE_DIRS(): string[] {
  const dirs = ['shell', 'api-gateway', 'e2e', ...REMOTES];
  for (const parent of ['packages', 'services']) {
    for (const name of fs.readdirSync(path.join(ROOT, parent))) dirs.push(`${parent}/${name}`);
  }
  return dirs;
}

async function main(): Promise<void> {
  switch (command) {
    case 'start': {
      const port = Number(process.env.PORT ?? 8080);
      const stack = await startStack({ port });
      console.log(`\n  사이트가 준비되었습니다: ${stack.url}\n  API 문서: ${stack.url}/api/docs\n  개발용 메일함: ${stack.mailboxUrl}\n  결제 샌드박스: ${stack.paymentUrl}\n  종료: Ctrl+C\n`);
      const stop = async () => {
        await stack.stop();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return;
    }
    case 'release': {
      const remote = remoteArg();
      const version = flag('version') ?? `${new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)}`;
      await buildBundle(remote, { REMOTE_VERSION: version }, { force: true });
      const entry = publishRemote(remote, version);
      console.log(`${remote} ${entry.version} released: ${entry.manifestUrl}`);
      return;
    }
    case 'rollback': {
      const remote = remoteArg();
      const entry = rollbackRemote(remote, flag('to'));
      console.log(`${remote} rolled back to ${entry.version}`);
      return;
    }
    case 'typecheck':
      return typecheck();
    case 'build':
      return buildAndPublishAll();
    case 'create-operator': {
      // The account service's own script, on DATABASE_URL or the local embedded database (README).
      const database = process.env.DATABASE_URL
        ? null
        : await ensureDatabase({ name: 'sidequest', port: Number(process.env.EMBEDDED_PG_PORT ?? 54329) });
      try {
        await run(bin('tsx'), [path.join(ROOT, 'services/account/src/create-operator.ts'), ...args], database ? { DATABASE_URL: database.url } : {});
      } finally {
        await database?.stop();
      }
      return;
    }
    case 'bench':
      return run(bin('tsx'), [path.join(ROOT, 'e2e/bench/run.ts')]);
    case 'test': {
      // Static checks, then unit and integration suites, then the composed site in Chromium.
      await typecheck();
      await run(bin('eslint'), ['.']);
      await run(bin('vitest'), ['run']);
      await run(bin('vitest'), ['run', '--config', 'e2e/vitest.config.ts']);
      return;
    }
    default:
      console.error('usage: cli.ts start | test | build | typecheck | bench | release <remote> [--version v] | rollback <remote> [--to v] | create-operator --email e [--name n]');
      process.exit(2);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
