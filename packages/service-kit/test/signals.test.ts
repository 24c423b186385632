import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/signalled-process.ts');

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Starts the fixture, sends `signals` once it is ready (100 ms apart), resolves when it ends. */
function signalled(mode: 'finishes' | 'fails' | 'hangs', timeoutMs: number, signals: NodeJS.Signals[]): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, mode, String(timeoutMs)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let sent = false;
    const take = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (sent || !output.includes('ready')) return;
      sent = true;
      signals.forEach((signal, i) => setTimeout(() => child.kill(signal), i * 100));
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

describe('a signalled process', () => {
  it('exits 0 once its shutdown finishes', async () => {
    expect(await signalled('finishes', 30_000, ['SIGTERM'])).toMatchObject({ code: 0 });
  });

  it('exits 1 and says why when its shutdown fails', async () => {
    const ended = await signalled('fails', 30_000, ['SIGINT']);
    expect(ended.code).toBe(1);
    expect(ended.output).toContain('shutdown failed');
  });

  it('exits 1 at the deadline when its shutdown never ends, instead of staying alive with its port', async () => {
    const ended = await signalled('hangs', 500, ['SIGTERM']);
    expect(ended.code).toBe(1);
    expect(ended.output).toContain('shutdown did not finish in time');
  });

  it('ends at once on a second Ctrl+C while the first shutdown is still running', async () => {
    expect(await signalled('hangs', 60_000, ['SIGINT', 'SIGINT'])).toMatchObject({ code: null, signal: 'SIGINT' });
  });
});
