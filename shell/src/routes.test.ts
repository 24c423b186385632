import { describe, expect, it } from 'vitest';
import { routeManifest } from '@sq/contracts/registry';
import { routesOwnedBy } from '@sq/contracts/spec-routes';
import manifest from './routes.json';

describe('shell route manifest', () => {
  const parsed = routeManifest.parse(manifest);

  it('declares exactly its routes of the site route list (spec section 2) with their access, and nothing twice', () => {
    expect(parsed.name).toBe('shell');
    const declared = new Map(parsed.routes.map((r) => [r.path, r.access]));
    expect(declared.size).toBe(parsed.routes.length);
    expect(Object.fromEntries(declared)).toEqual(Object.fromEntries(routesOwnedBy('shell')));
  });
});
