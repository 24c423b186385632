import fs from 'node:fs';
import path from 'node:path';

/**
 * Folders another OS user must pass through: as root, the embedded PostgreSQL runs as the `postgres` user
 * and has to reach its cluster folder under `.data`, so every folder above it is traversable.
 */
export const SHARED_DIR_MODE = 0o755;
/** Folders holding secrets (keys): their owner only. */
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Makes `dir` and any missing folder above it with `SHARED_DIR_MODE`. `mkdirSync({ recursive, mode })`
 * would give every missing ancestor the mode of the last one, and the umask trims it further, so each
 * folder is made one at a time and set with chmod. Folders that already existed keep their mode.
 */
export function ensureSharedDir(dir: string): void {
  const missing: string[] = [];
  for (let current = path.resolve(dir); !fs.existsSync(current); current = path.dirname(current))
    missing.unshift(current);
  for (const folder of missing) {
    fs.mkdirSync(folder, { mode: SHARED_DIR_MODE });
    fs.chmodSync(folder, SHARED_DIR_MODE);
  }
}

/** Makes `dir` readable by its owner only (and its missing parents shared, never private). */
export function ensurePrivateDir(dir: string): void {
  ensureSharedDir(path.dirname(path.resolve(dir)));
  if (!fs.existsSync(dir)) fs.mkdirSync(dir, { mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}
