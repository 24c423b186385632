import { describe, expect, it } from 'vitest';
import { routeManifest } from '@sq/contracts/registry';
import manifest from './routes.json';
import { BUILT_PATHS } from './app/AppRoutes';

/** Spec section 2's routes owned by this remote, with the access each must declare. */
const SPEC: [string, 'public' | 'member' | 'admin'][] = [
  ['/', 'public'], ['/:product', 'public'], ['/planx', 'public'], ['/potenday', 'public'], ['/product/:productId', 'public'],
  ['/projects', 'public'], ['/projects/detail/:projectId', 'public'], ['/story', 'public'], ['/story/detail/:storyId', 'public'], ['/faq', 'public'],
  ['/:product/apply/:oddId/dupcheck', 'member'], ['/product/apply/:oddId/dupcheck', 'member'], ['/potenday/apply/:oddId/dupcheck', 'member'], ['/planx/apply/:oddId/dupcheck', 'member'],
  ['/:product/apply/:oddId', 'public'], ['/:product/apply/:oddId/required', 'member'], ['/:product/apply/:oddId/aside', 'member'],
  ['/:product/apply/:oddId/:productStep', 'member'], ['/:product/apply/:oddId/book', 'member'], ['/:product/apply/:oddId/bookorder', 'member'],
  ['/potenday/apply/:oddId/required', 'member'], ['/potenday/apply/:oddId/aside', 'member'], ['/potenday/apply/:oddId/:productStep', 'member'], ['/potenday/apply/:oddId/book', 'member'],
  ['/product/apply/:oddId/required', 'member'], ['/product/apply/:oddId/aside', 'member'], ['/product/apply/:oddId/book', 'member'],
  ['/planx/apply/:oddId', 'public'], ['/planx/apply/:oddId/required', 'member'], ['/planx/apply/:oddId/aside', 'member'],
  ['/planx/apply/:oddId/:productStep', 'member'], ['/planx/apply/:oddId/book', 'member'], ['/planx/apply/:oddId/bookorder', 'member'],
  ['/:product/recruit', 'public'], ['/:product/recruit/*', 'public'],
  ['/product/cb/:oddId', 'member'], ['/bisde/cb/:oddId', 'member'], ['/potenday/cb/:oddId', 'member'], ['/planx/cb/:oddId', 'member'],
  ['/potenday/book/success/:orderId', 'public'], ['/product/book/success/:orderId', 'public'], ['/:product/book/success/:orderId', 'public'],
  ['/planx/book/success/:orderId', 'public'], ['/:product/book/successorder', 'public'], ['/:product/book/fail/:oddId', 'public'],
  ['/planx/recruit/:oddId', 'public'], ['/planx/recruit', 'public'], ['/potenday/recruit', 'public'], ['/potenday/recruit/:oddId', 'public'],
  ['/admin/*', 'admin'],
];

describe('mfe_programs route manifest', () => {
  const parsed = routeManifest.parse(manifest);

  it('matches the registry schema and is named like the remote', () => {
    expect(parsed.name).toBe('mfe_programs');
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
