import { describe, expect, it } from 'vitest';
import { routeManifest } from '@sq/contracts/registry';
import manifest from './routes.json';
import { BUILT_PATHS } from './app/AppRoutes';

/** Spec section 2's routes owned by this remote ("/mypage with children"), with the access each must declare. */
const SPEC: [string, 'public' | 'member' | 'admin'][] = [
  ['/mypage', 'member'],
  ['/mypage/history', 'member'],
  ['/mypage/info', 'member'],
  ['/mypage/history/:id', 'member'],
  ['/mypage/apply/:jid', 'member'],
];

describe('mfe_mypage route manifest', () => {
  const parsed = routeManifest.parse(manifest);

  it('matches the registry schema and is named like the remote', () => {
    expect(parsed.name).toBe('mfe_mypage');
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
