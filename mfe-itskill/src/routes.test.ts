import { describe, expect, it } from 'vitest';
import { routeManifest } from '@sq/contracts/registry';
import manifest from './routes.json';
import { BUILT_PATHS } from './app/AppRoutes';

/** Spec section 2's routes owned by this remote ("IT skill check-up and trends"), with the access each must declare. */
const SPEC: [string, 'public' | 'member' | 'admin'][] = [
  ['/itskillcheckup', 'public'],
  ['/itskillcheckup/step-a', 'member'],
  ['/itskillcheckup/step-b', 'member'],
  ['/itskillcheckup/loading', 'member'],
  // "result (public, shareable)": the latest result, and one result by id for shared links.
  ['/itskillcheckup/result', 'public'],
  ['/itskillcheckup/result/:resultId', 'public'],
  ['/itskilltrends/*', 'public'],
];

describe('mfe_itskill route manifest', () => {
  const parsed = routeManifest.parse(manifest);

  it('matches the registry schema and is named like the remote', () => {
    expect(parsed.name).toBe('mfe_itskill');
  });

  it('declares every route of spec section 2 with its access, and nothing twice', () => {
    const declared = new Map(parsed.routes.map((r) => [r.path, r.access]));
    expect(declared.size).toBe(parsed.routes.length);
    for (const [path, access] of SPEC) expect([path, declared.get(path)]).toEqual([path, access]);
    expect([...declared.keys()].sort()).toEqual(SPEC.map(([p]) => p).sort());
  });

  it('marks exactly the built screens as ready', () => {
    expect(parsed.routes.filter((r) => r.ready).map((r) => r.path).sort()).toEqual([...BUILT_PATHS].sort());
  });
});
