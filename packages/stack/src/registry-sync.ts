import fs from 'node:fs';
import path from 'node:path';
import { createKnex } from '@sq/service-kit';
import { CDN_DIR, REMOTES } from './paths';
import { gatewayRegistrySync } from './role-modules';
import { BUNDLES_URL } from './registry';

/** Who the registry's audit log names for the deploy's sync; a remote released by anyone else is left to them. */
export const REGISTRY_SYNC_ACTOR = 'registry-sync';

/**
 * The image's own build of each remote: the one version folder under `<cdnDir>/bundles/<remote>/` that the
 * image's build stage published. Several versions there (a shared folder rather than the image's) would leave
 * the sync guessing which one the image means, so that is refused.
 */
export function imageBundles(cdnDir: string): string[] {
  return REMOTES.flatMap((remote) => {
    const folder = path.join(cdnDir, 'bundles', remote);
    const versions = fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((name) => fs.statSync(path.join(folder, name)).isDirectory() && !name.endsWith('.tmp'))
      : [];
    if (versions.length === 0)
      throw new Error(
        `${folder} holds no build of ${remote}: the image's build stage publishes one (CDN_DIR=${cdnDir})`,
      );
    if (versions.length > 1)
      throw new Error(
        `${folder} holds ${versions.length} builds (${versions.join(', ')}); the registry-sync role expects the image's one build per remote`,
      );
    return [path.join(folder, versions[0]!)];
  });
}

/**
 * The `registry-sync` role (a Job run after the migrate Jobs, before the Deployments roll): the registry in
 * PostgreSQL learns the image's builds, so a fresh cluster's shell has its remotes. The registry's history wins
 * over the image (api-gateway/src/releases/registry-sync.ts, keepReleased): a version it has released before,
 * or a remote whose live version or canary a remote's CI or an operator released, is left as it is.
 */
export async function registrySync(
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): Promise<void> {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error(
      'DATABASE_URL is not set: the registry-sync role writes the gateway schema of an existing PostgreSQL.',
    );
  const cdnDir = env.CDN_DIR ? path.resolve(env.CDN_DIR) : CDN_DIR;
  const manifestBase = env.REGISTRY_MANIFEST_BASE || BUNDLES_URL;
  const shellDepsFile =
    env.SHELL_SHARED_DEPS_FILE ?? (env.SHELL_DIR ? path.join(env.SHELL_DIR, 'shared-deps.json') : null);
  const bundles = imageBundles(cdnDir);
  const sync = await gatewayRegistrySync();
  const knex = createKnex({ databaseUrl, schema: 'gateway', pool: { min: 0, max: 2 } });
  try {
    const outcomes = await sync.syncBundles(knex, bundles, {
      manifestBase,
      actor: REGISTRY_SYNC_ACTOR,
      shellProvides: sync.readShellProvides(shellDepsFile),
      keepReleased: true,
    });
    for (const outcome of outcomes) {
      print(
        outcome.skipped
          ? `[registry-sync] ${outcome.remote} ${outcome.version}: left alone (${outcome.skipped}${outcome.by ? `: ${outcome.by}` : ''})`
          : `[registry-sync] ${outcome.remote} ${outcome.version}: live (${outcome.result?.kind ?? 'unchanged'})`,
      );
    }
  } finally {
    await knex.destroy();
  }
}
