import { describe, expect, it } from 'vitest';
import { routeManifest } from '@sq/contracts/registry';
import { routesOwnedBy } from '@sq/contracts/spec-routes';
import manifest from './routes.json';
import { BUILT_PATHS } from './app/AppRoutes';

describe('mfe_itskill route manifest', () => {
  const parsed = routeManifest.parse(manifest);

  it('matches the registry schema and is named like the remote', () => {
    expect(parsed.name).toBe('mfe_itskill');
  });

  it('declares exactly its routes of the site route list (spec section 2) with their access, and nothing twice', () => {
    const declared = new Map(parsed.routes.map((r) => [r.path, r.access]));
    expect(declared.size).toBe(parsed.routes.length);
    expect(Object.fromEntries(declared)).toEqual(Object.fromEntries(routesOwnedBy('mfe_itskill')));
  });

  it('marks exactly the built screens as ready', () => {
    expect(parsed.routes.filter((r) => r.ready).map((r) => r.path).sort()).toEqual([...BUILT_PATHS].sort());
  });
});
