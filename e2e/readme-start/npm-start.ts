import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { LOG_DIR, ROOT } from '@sq/stack/paths';

/** How long `npm start` may take on a fresh clone before the ready line (install, bundle builds, initdb). */
export const READY_TIMEOUT_MS = Number(process.env.README_START_READY_MS ?? 600_000);
/** How long Ctrl+C may take to stop everything (services, gateway, peers, PostgreSQL's shutdown). */
export const STOP_TIMEOUT_MS = Number(process.env.README_START_STOP_MS ?? 60_000);
export const READY_LINE = '사이트가 준비되었습니다';

/** Settings a developer's shell may carry that would make this start differ from the README's. */
const NOT_THE_README_START = [
  'DATABASE_URL',
  'SQ_DATA_DIR',
  'CDN_DIR',
  'UPLOAD_STORAGE',
  'UPLOAD_DIR',
  'PORT',
  'EMBEDDED_PG_PORT',
  'NODE_ENV',
  'SEED_DEMO_DATA',
  'DEMO_CALENDAR',
];

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface NpmStart {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** The address printed after a label of the ready banner (`결제 샌드박스: http://…`). */
  printed(label: string): string;
  /** Ctrl+C: SIGINT to the whole process group, as a terminal sends it; resolves with how npm ended. */
  interrupt(): Promise<Exit>;
}

/** `npm start` in the repository, in a process group of its own, resolved once the ready line is printed. */
export async function npmStart(): Promise<NpmStart> {
  const env = { ...process.env };
  for (const name of NOT_THE_README_START) delete env[name];
  const child = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "${READY_LINE}" within ${READY_TIMEOUT_MS} ms:\n${text}`)),
      READY_TIMEOUT_MS,
    );
    const take = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${signal ?? code} before "${READY_LINE}":\n${text}`));
    });
  });
  try {
    await ready;
  } catch (error) {
    killGroup(child, 'SIGKILL');
    throw error;
  }
  return {
    child,
    output: () => text,
    printed(label) {
      const match = new RegExp(`${label}: (\\S+)`).exec(text);
      if (!match) throw new Error(`"${label}" is not in the start's output:\n${text}`);
      return match[1]!;
    },
    async interrupt() {
      killGroup(child, 'SIGINT');
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`npm start did not stop within ${STOP_TIMEOUT_MS} ms after Ctrl+C:\n${text}`)),
          STOP_TIMEOUT_MS,
        ).unref(),
      );
      try {
        return await Promise.race([exited, timeout]);
      } catch (error) {
        killGroup(child, 'SIGKILL');
        throw error;
      }
    },
  };
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone already.
  }
}

/** Whether any process of the group is still alive (the services, the gateway, PostgreSQL). */
export function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether something accepts connections on the loopback port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * What is left of the group, for a failure message: each process (pid, seconds alive, command line) and the
 * last lines of every service log, where a process that does not stop says what it waits for.
 */
export function groupLeftovers(child: ChildProcess, logLines = 15): string {
  const ps = spawnSync('ps', ['-o', 'pid=,etimes=,args=', '-g', String(child.pid)], { encoding: 'utf8' });
  const logs = fs.existsSync(LOG_DIR)
    ? fs.readdirSync(LOG_DIR).map((name) => {
        const lines = fs.readFileSync(path.join(LOG_DIR, name), 'utf8').trimEnd().split('\n').slice(-logLines);
        return `--- ${name}\n${lines.join('\n')}`;
      })
    : [];
  return `processes still in the group:\n${ps.stdout.trim() || '(none)'}\n${logs.join('\n')}`;
}
