import { describe, expect, it } from 'vitest';
import type { RouteManifest } from '@sq/contracts/registry';
import { createRouteTable, REMEMBERED_PATHNAMES } from './route-table';

const route = (path: string) => ({
  path,
  access: 'public' as const,
  layout: 'default' as const,
  title: path,
  ready: true,
});
const MANIFESTS: RouteManifest[] = [
  { name: 'shell', routes: [route('/signin')] },
  { name: 'mfe_programs', routes: [route('/'), route('/:product'), route('/planx'), route('/story/detail/:storyId')] },
];

describe('route table', () => {
  it('ranks like react-router: a static segment beats a parameter, and a parameter is read from the path', () => {
    const table = createRouteTable(MANIFESTS);
    expect(table.match('/planx')?.route.path).toBe('/planx');
    expect(table.match('/bside')).toMatchObject({
      route: { path: '/:product', owner: 'mfe_programs' },
      params: { product: 'bside' },
    });
    expect(table.match('/story/detail/7')?.params).toEqual({ storyId: '7' });
    expect(table.match('/signin')?.route.owner).toBe('shell');
    expect(table.match('/no/such/page')).toBeNull();
  });

  it('answers a pathname it was asked recently from memory, and still right once the memory has moved on', () => {
    const table = createRouteTable(MANIFESTS);
    const first = table.match('/bside');
    expect(table.match('/bside')).toBe(first);
    expect(table.match('/no/such/page')).toBeNull();
    for (let i = 0; i < REMEMBERED_PATHNAMES; i += 1) table.match(`/product-${i}`);
    const again = table.match('/bside');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('keeps a pathname asked again and again while others come and go', () => {
    const table = createRouteTable(MANIFESTS);
    const home = table.match('/');
    for (let i = 0; i < REMEMBERED_PATHNAMES * 2; i += 1) {
      table.match(`/product-${i}`);
      expect(table.match('/')).toBe(home);
    }
  });
});
