import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';
import { REMOTES as REMOTE_LIST } from '@sq/contracts/remotes';
import { ensurePrivateDir, ensureSharedDir, SHARED_DIR_MODE } from '@sq/service-kit';

/** Repository root and the git-ignored folder where the local stack keeps its state between runs. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DATA_DIR = process.env.SQ_DATA_DIR ?? path.join(ROOT, '.data');
/** What a CDN would hold: `remotes.json` and `bundles/<remote>/<version>/`. */
export const CDN_DIR = process.env.CDN_DIR ?? path.join(DATA_DIR, 'cdn');
/** Development secrets (JWT pair, internal secret, the sandbox PG's secrets): the only private folder. */
export const KEYS_DIR = path.join(DATA_DIR, 'keys');
export const LOG_DIR = path.join(DATA_DIR, 'logs');
/** careercard's uploaded images unless `UPLOAD_DIR` says otherwise. */
export const UPLOAD_DIR = path.join(DATA_DIR, 'uploads');
/** The embedded PostgreSQL's cluster for a port; PostgreSQL itself makes it private to its OS user. */
export const clusterDir = (port: number) => path.join(DATA_DIR, `pg-${port}`);
/** The remotes' folders, from the one list of remotes (@sq/contracts/remotes). */
export const REMOTES: readonly string[] = REMOTE_LIST.map((remote) => remote.folder);
export type RemoteDir = string;

/**
 * The `.data` layout, made before anything writes into it. `.data` is set traversable even when it
 * exists: a start before this layout was explicit left it private to root, and as root the embedded
 * PostgreSQL runs as the `postgres` OS user, which must pass through it to its cluster.
 */
export function prepareDataDir(): void {
  ensureSharedDir(DATA_DIR);
  fs.chmodSync(DATA_DIR, SHARED_DIR_MODE);
  ensureSharedDir(LOG_DIR);
  ensureSharedDir(CDN_DIR);
  ensureSharedDir(UPLOAD_DIR);
  ensurePrivateDir(KEYS_DIR);
}
