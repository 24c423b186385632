import { describe, expect, it } from 'vitest';
import { routeManifest } from '@sq/contracts/registry';
import { entryOf } from '@sq/contracts/remote-entry';
import { routesOwnedBy } from '@sq/contracts/spec-routes';
import manifest from './routes.json';
import { BUILT_PATHS } from './app/AppRoutes';
import { ADMIN_SCREENS } from './features/admin/screens';

describe('mfe_programs route manifest', () => {
  const parsed = routeManifest.parse(manifest);
  const ready = (entry: string) => parsed.routes.filter((r) => r.ready && entryOf(r) === entry).map((r) => r.path).sort();

  it('matches the registry schema and is named like the remote', () => {
    expect(parsed.name).toBe('mfe_programs');
  });

  it('declares exactly its routes of the site route list (spec section 2) with their access, and nothing twice', () => {
    const declared = new Map(parsed.routes.map((r) => [r.path, r.access]));
    expect(declared.size).toBe(parsed.routes.length);
    expect(Object.fromEntries(declared)).toEqual(Object.fromEntries(routesOwnedBy('mfe_programs')));
  });

  it('marks exactly the built screens of each entry as ready', () => {
    expect(ready('app')).toEqual([...BUILT_PATHS].sort());
    expect(ready('admin')).toEqual(Object.keys(ADMIN_SCREENS).sort());
  });

  it('puts every admin route, and only those, in the console entry', () => {
    const admin = parsed.routes.filter((r) => r.access === 'admin').map((r) => r.path);
    expect(admin.length).toBeGreaterThan(0);
    expect(parsed.routes.filter((r) => entryOf(r) === 'admin').map((r) => r.path)).toEqual(admin);
  });
});
