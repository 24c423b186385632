import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Repository root and the git-ignored folder where the local stack keeps its state between runs. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DATA_DIR = process.env.SQ_DATA_DIR ?? path.join(ROOT, '.data');
/** What a CDN would hold: `remotes.json` and `bundles/<remote>/<version>/`. */
export const CDN_DIR = process.env.CDN_DIR ?? path.join(DATA_DIR, 'cdn');
export const REMOTES = ['mfe-programs', 'mfe-careercard', 'mfe-itskill', 'mfe-mypage'] as const;
export type RemoteDir = (typeof REMOTES)[number];
