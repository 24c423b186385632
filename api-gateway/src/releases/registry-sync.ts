import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { routeManifest } from '@sq/contracts';
import { releaseRemote, type Build, type ChangeResult } from './release-actions';
import { readPointer, readRelease, type SharedDeps } from './registry-store';

/**
 * Making published builds live in bulk: `npm start` (release-cli.ts `sync`) for the builds of the checkout, and
 * the deploy's `registry-sync` role for the builds baked into the image. Neither ever touches a remote whose
 * live version or canary is already the build.
 */

/** A published bundle folder (`<base>/<remote folder>/<version>/`): its route manifest, shared-deps.json and version (the folder's name). */
export function readBundle(bundleDir: string, manifestUrl: string): Build {
  const manifest = routeManifest.parse(JSON.parse(fs.readFileSync(path.join(bundleDir, 'routes.json'), 'utf8')));
  const depsFile = path.join(bundleDir, 'shared-deps.json');
  const shared = fs.existsSync(depsFile)
    ? ((JSON.parse(fs.readFileSync(depsFile, 'utf8')) as { requires?: SharedDeps }).requires ?? {})
    : {};
  return { remote: manifest.name, version: path.basename(bundleDir), manifestUrl, routes: manifest.routes, shared };
}

/** Where visitors load a bundle folder's module federation manifest from: `<base>/<remote folder>/<version>/mf-manifest.json`. */
export const manifestUrlOf = (bundleDir: string, manifestBase: string) =>
  `${manifestBase.replace(/\/+$/, '')}/${path.basename(path.dirname(bundleDir))}/${path.basename(bundleDir)}/mf-manifest.json`;

/** The shell's shared-deps.json `provides`; null when there is no such file (no skew check). */
export function readShellProvides(file: string | null | undefined): SharedDeps | null {
  if (!file || !fs.existsSync(file)) return null;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { provides?: SharedDeps }).provides ?? null;
}

export interface SyncOptions {
  manifestBase: string;
  actor: string;
  shellProvides: SharedDeps | null;
  /**
   * The deploy's rule: the registry's own history wins over the image. A build is left alone when the registry
   * has released its version before (a rollback from it stands), or when the remote's live version or canary
   * was released by anyone but `actor` (a remote's CI or an operator has taken the remote over). False
   * (`npm start`): the checkout's build goes live unless it already is live or the canary.
   */
  keepReleased: boolean;
}

export type SyncOutcome =
  | {
      remote: string;
      version: string;
      skipped: 'live' | 'canary' | 'released before' | 'released by another';
      by?: string;
    }
  | { remote: string; version: string; skipped: null; result: ChangeResult };

async function skipReason(
  knex: Knex,
  build: Build,
  options: SyncOptions,
): Promise<Exclude<SyncOutcome, { skipped: null }> | null> {
  const { remote, version } = build;
  const pointer = await readPointer(knex, remote);
  if (pointer?.live === version) return { remote, version, skipped: 'live' };
  if (pointer?.canary?.version === version) return { remote, version, skipped: 'canary' };
  if (!options.keepReleased) return null;
  if (await readRelease(knex, remote, version)) return { remote, version, skipped: 'released before' };
  for (const current of [pointer?.live, pointer?.canary?.version]) {
    const by = current ? (await readRelease(knex, remote, current))?.releasedBy : undefined;
    if (by && by !== options.actor) return { remote, version, skipped: 'released by another', by };
  }
  return null;
}

/** Each bundle folder's build made live unless `options` say to leave its remote alone; in the folders' order. */
export async function syncBundles(knex: Knex, bundleDirs: string[], options: SyncOptions): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = [];
  for (const bundleDir of bundleDirs) {
    const build = readBundle(bundleDir, manifestUrlOf(bundleDir, options.manifestBase));
    const skipped = await skipReason(knex, build, options);
    if (skipped) {
      outcomes.push(skipped);
      continue;
    }
    // A build of this checkout or image is the site's own: a skew is reported by the shell's fallback, not refused.
    const result = await releaseRemote(knex, {
      build,
      actor: options.actor,
      shellProvides: options.shellProvides,
      force: true,
    });
    outcomes.push({ remote: build.remote, version: build.version, skipped: null, result });
  }
  return outcomes;
}
