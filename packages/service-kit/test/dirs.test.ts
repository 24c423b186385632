import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateDevJwtKeys } from '../src/jwt-keys';

const roots: string[] = [];
function freshRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-dirs-'));
  fs.chmodSync(root, 0o755);
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

const mode = (dir: string) => fs.statSync(dir).mode & 0o777;

/** Whether another OS user (nobody) can enter the folder; only checkable as root. */
function otherUserCanEnter(dir: string): boolean {
  return spawnSync('test', ['-x', dir], { uid: 65534, gid: 65534 }).status === 0;
}

describe('the development key folder on a fresh clone', () => {
  it('is private while the .data folder it creates stays traversable, even under a strict umask', () => {
    const root = freshRoot();
    const data = path.join(root, '.data');
    const keys = path.join(data, 'keys');
    const previous = process.umask(0o077);
    try {
      loadOrCreateDevJwtKeys(keys);
    } finally {
      process.umask(previous);
    }
    expect(mode(data).toString(8)).toBe('755');
    expect(mode(keys).toString(8)).toBe('700');
    expect(fs.statSync(path.join(keys, 'jwt-private.pem')).mode & 0o077).toBe(0);
    if (process.getuid?.() === 0) {
      // What the embedded PostgreSQL, running as its own OS user, needs to reach .data/pg-54329.
      expect(otherUserCanEnter(data)).toBe(true);
      expect(otherUserCanEnter(keys)).toBe(false);
    }
  });

  it('makes a too-open keys folder private again when it makes a new pair', () => {
    const keys = path.join(freshRoot(), '.data', 'keys');
    const first = loadOrCreateDevJwtKeys(keys);
    fs.chmodSync(keys, 0o755);
    fs.rmSync(path.join(keys, 'jwt-private.pem'));
    const second = loadOrCreateDevJwtKeys(keys);
    expect(second.publicKey).not.toBe(first.publicKey);
    expect(mode(keys).toString(8)).toBe('700');
  });
});
