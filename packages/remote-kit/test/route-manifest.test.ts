import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { routeManifest, type RouteEntry } from '@sq/contracts/registry';
import { DEFAULT_ENTRY, entryOf } from '@sq/contracts/remote-entry';
import { remoteByFolder } from '@sq/contracts/remotes';
import { routesOwnedBy } from '@sq/contracts/spec-routes';
import type { Screens } from '../src/ManifestRoutes';

declare module 'vitest' {
  interface ProvidedContext {
    /** The folder of the remote whose project runs this file (remote-project.mjs). */
    remoteDir: string;
  }
}

/**
 * The route manifest test of every remote, written once: each remote's project (remoteProject) runs it for
 * that remote, so `npx vitest run --project mfe-itskill` checks mfe-itskill's src/routes.json against the
 * site route list and against the screens its entries export. Not part of the kit's own project.
 */
const dir = inject('remoteDir');
const remote = remoteByFolder(path.basename(dir));
const load = (file: string): Promise<Record<string, unknown>> => import(/* @vite-ignore */ path.join(dir, 'src', file));

describe(`${remote.name} route manifest (src/routes.json)`, async () => {
  const { default: json } = await load('routes.json');
  const manifest = routeManifest.parse(json);
  const paths = (routes: RouteEntry[]) => routes.map((route) => route.path).sort();

  it('matches the registry schema and is named as the list of remotes names the remote', () => {
    expect(manifest.name).toBe(remote.name);
  });

  it('declares exactly its routes of the site route list (spec section 2) with their access, and nothing twice', () => {
    const declared = new Map(manifest.routes.map((route) => [route.path, route.access]));
    expect(declared.size).toBe(manifest.routes.length);
    expect(Object.fromEntries(declared)).toEqual(Object.fromEntries(routesOwnedBy(remote.name)));
  });

  it('routes only to the entries the list of remotes gives it, and no operator route to its public entry', () => {
    expect(
      manifest.routes.filter((route) => !remote.entries.includes(entryOf(route))).map((route) => route.path),
    ).toEqual([]);
    for (const entry of remote.entries) {
      const routes = manifest.routes.filter((route) => entryOf(route) === entry);
      // An entry is either the operators' or the visitors' and members': a public page never loads console code.
      const operator = routes.filter((route) => route.access === 'admin');
      expect(
        operator.length === 0 || operator.length === routes.length,
        `${entry}: ${paths(operator).join(', ')}`,
      ).toBe(true);
      if (entry === DEFAULT_ENTRY) expect(paths(operator)).toEqual([]);
    }
  });

  it.each(remote.entries.map((entry) => ({ entry })))(
    'marks exactly the screens its $entry entry exports (src/<entry>.tsx) as ready',
    async ({ entry }) => {
      const { screens } = (await load(`${entry}.tsx`)) as { screens: Screens };
      const ready = manifest.routes.filter((route) => route.ready && entryOf(route) === entry);
      expect(paths(ready)).toEqual(Object.keys(screens).sort());
    },
  );
});
