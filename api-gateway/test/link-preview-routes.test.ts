import { describe, expect, it } from 'vitest';
import { readRouteManifests } from '@sq/stack/route-manifests';
import { PREVIEW_ROUTES } from '../src/link-preview';

describe('link previews', () => {
  it("are for public routes the remotes' routes.json declare, by their very patterns", () => {
    const publicRoutes = new Set(
      readRouteManifests().flatMap((m) => m.routes.filter((r) => r.access === 'public').map((r) => r.path)),
    );
    expect(PREVIEW_ROUTES.length).toBeGreaterThan(0);
    expect(PREVIEW_ROUTES.filter((route) => !publicRoutes.has(route))).toEqual([]);
  });
});
