// @ts-check
// Plain JavaScript: vitest loads a config's packages with Node itself, which does not run TypeScript.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** @type {{ remotes: Array<{ name: string, folder: string }> }} */
const BUNDLES = createRequire(import.meta.url)('@sq/contracts/remotes.json');
/** The kit's route manifest test, run in every remote's project (see its header). */
const ROUTE_MANIFEST_TEST = fileURLToPath(new URL('./route-manifest.test.ts', import.meta.url));

/**
 * A remote's whole vitest.config.ts: `export default remoteProject(import.meta.url)`. The project is named
 * after the remote's folder (`npx vitest run --project mfe-itskill`) and runs the remote's own tests in jsdom
 * and the kit's route manifest test against the remote's routes.json and screens. The remote must be in the
 * one list of remotes (@sq/contracts/remotes.json), which is also where the root config finds the projects.
 * @param {string} configUrl the remote's vitest.config.ts (`import.meta.url`)
 */
export function remoteProject(configUrl) {
  const dir = path.dirname(fileURLToPath(configUrl));
  const remote = BUNDLES.remotes.find((r) => r.folder === path.basename(dir));
  if (!remote) throw new Error(`@sq/remote-kit/vitest: ${dir} is not a remote of @sq/contracts/remotes.json`);
  return defineProject({
    test: {
      name: remote.folder,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', path.relative(dir, ROUTE_MANIFEST_TEST)],
      provide: { remoteDir: dir },
    },
  });
}
