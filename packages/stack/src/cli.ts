import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildBundle } from './build';
import { REMOTES, ROOT, type RemoteDir } from './paths';
import pg from 'pg';
import { BUNDLES_URL, publishBundle, releaseCli, remoteName, SHELL_SHARED_DEPS } from './registry';
import { buildAndPublishAll, startStack } from './stack';
import { embeddedDatabaseUrl, ensureDatabase, stopClustersYourselfOnSignals, type Database } from './database';
import { describeError } from './errors';
import { buildServer } from './server-build';
import { printServerSize } from './server-size';
import { embeddedPgPort, gatewayPort } from './ports';

const [command, ...args] = process.argv.slice(2);

function flag(name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

function remoteArg(): RemoteDir {
  const remote = args[0] as RemoteDir | undefined;
  if (!remote || !REMOTES.includes(remote)) {
    console.error(
      `usage: npm run ${command} -- <${REMOTES.join('|')}> [--version <version>] [--canary <percent>] [--force] [--to <version>]`,
    );
    process.exit(2);
  }
  return remote;
}

function run(bin: string, binArgs: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, binArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} ${binArgs.join(' ')} exited with ${code}`)),
    );
  });
}

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

/** `tsc --noEmit` for every workspace package, two at a time (the machines have two cores). */
async function typecheck(): Promise<void> {
  const projects = WORKSPACE_DIRS().filter((dir) => fs.existsSync(path.join(ROOT, dir, 'tsconfig.json')));
  const queue = [...projects];
  const worker = async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift())
      await run(bin('tsc'), ['-p', path.join(dir, 'tsconfig.json')]);
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

/**
 * The remote registry's database: DATABASE_URL, else the local embedded PostgreSQL: the running site's
 * (`npm start`) when it answers, else started for this command and stopped after it.
 */
async function withRegistry(work: (databaseUrl: string) => Promise<void>): Promise<void> {
  if (process.env.DATABASE_URL) return work(process.env.DATABASE_URL);
  const running = embeddedDatabaseUrl(embeddedPgPort(), 'sidequest');
  const client = new pg.Client({ connectionString: running, connectionTimeoutMillis: 2_000 });
  const answers = await client.connect().then(
    () => true,
    () => false,
  );
  await client.end().catch(() => {});
  let database: Database | null = null;
  if (!answers) database = await ensureDatabase({ name: 'sidequest', port: embeddedPgPort() });
  try {
    await work(database?.url ?? running);
  } finally {
    await database?.stop();
  }
}

async function main(): Promise<void> {
  switch (command) {
    case 'start': {
      const port = gatewayPort();
      const stack = await startStack({ port });
      console.log(
        `\n  사이트가 준비되었습니다: ${stack.url}\n  API 문서: ${stack.url}/api/docs\n  개발용 메일함: ${stack.mailboxUrl}\n  결제 샌드박스: ${stack.paymentUrl}\n  종료: Ctrl+C\n`,
      );
      // Ours is the stop order: the services and the gateway (SIGKILL for any that hangs), the peers, then PostgreSQL.
      stopClustersYourselfOnSignals();
      const stop = async () => {
        await stack.stop();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      // A closed terminal: PostgreSQL would only reload its configuration on SIGHUP and stay behind.
      process.once('SIGHUP', stop);
      return;
    }
    case 'release': {
      const remote = remoteArg();
      const version = flag('version') ?? `${new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)}`;
      await buildBundle(remote, { REMOTE_VERSION: version }, { force: true });
      const bundleDir = publishBundle(remote, version);
      const canary = flag('canary');
      await withRegistry((url) =>
        releaseCli(
          [
            'release',
            bundleDir,
            '--manifest-url',
            `${BUNDLES_URL}/${remote}/${version}/mf-manifest.json`,
            '--shell-deps',
            SHELL_SHARED_DEPS,
            ...(canary ? ['--canary', canary] : []),
            ...(args.includes('--force') ? ['--force'] : []),
          ],
          url,
        ),
      );
      return;
    }
    case 'promote':
      return withRegistry((url) => releaseCli(['promote', remoteName(remoteArg())], url));
    case 'rollback': {
      const to = flag('to');
      return withRegistry((url) => releaseCli(['rollback', remoteName(remoteArg()), ...(to ? ['--to', to] : [])], url));
    }
    case 'typecheck':
      return typecheck();
    case 'build':
      return buildAndPublishAll();
    case 'server-build': {
      // The image's build stage: every role compiled into packages/server-runtime/dist (server-build.ts).
      const server = await buildServer();
      console.log(
        `server build: ${server.outdir} (${(server.bytes / 1024 / 1024).toFixed(1)} MB, imports ${server.packages.join(', ')})`,
      );
      return;
    }
    case 'server-size':
      return printServerSize();
    case 'create-operator': {
      // The role a container runs for it (roles.ts), on DATABASE_URL or the local embedded database (README).
      const database = process.env.DATABASE_URL
        ? null
        : await ensureDatabase({ name: 'sidequest', port: embeddedPgPort() });
      try {
        await run(
          process.execPath,
          [path.join(ROOT, 'packages/stack/bin/role.mjs'), 'create-operator', ...args],
          database ? { DATABASE_URL: database.url } : {},
        );
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
      await run(bin('prettier'), ['--check', '.']);
      await run(bin('vitest'), ['run']);
      await run(bin('vitest'), ['run', '--config', 'e2e/vitest.config.ts']);
      return;
    }
    default:
      console.error(
        'usage: cli.ts start | test | build | server-build | server-size | typecheck | bench | release <remote> [--version v] [--canary percent] [--force] | promote <remote> | rollback <remote> [--to v] | create-operator --email e [--name n]',
      );
      process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(1);
});
