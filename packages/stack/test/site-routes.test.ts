import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryOf } from '@sq/contracts/remote-entry';
import { REMOTES, ROUTE_OWNERS, SHELL } from '@sq/contracts/remotes';
import { SITE_ROUTES } from '@sq/contracts/spec-routes';
import { ROOT, REMOTES as REMOTE_FOLDERS } from '../src/paths';
import { readRouteManifests } from '../src/route-manifests';

const manifests = readRouteManifests();
const { DEV_SERVER_PORTS } = createRequire(import.meta.url)(
  path.join(ROOT, 'packages/mf-config/src/dev-ports.cjs'),
) as { DEV_SERVER_PORTS: Record<string, number> };

describe('the site route list, derived from the one list of remotes and their routes.json', () => {
  it('is exactly what spec section 2 requires: every path once, with its access, in the bundle the design card gives it', () => {
    const derived = manifests.flatMap((m) => m.routes.map((r) => ({ path: r.path, access: r.access, owner: m.name })));
    expect(new Set(derived.map((r) => r.path)).size).toBe(derived.length);
    const key = (r: { path: string; access: string; owner: string }) => `${r.owner} ${r.access} ${r.path}`;
    expect(derived.map(key).sort()).toEqual(SITE_ROUTES.map(key).sort());
  });

  it('names each bundle as the list does, the four remotes of the design card after the shell', () => {
    expect(manifests.map((m) => m.name)).toEqual(ROUTE_OWNERS);
    expect(ROUTE_OWNERS).toEqual(['shell', 'mfe_programs', 'mfe_careercard', 'mfe_itskill', 'mfe_mypage']);
    expect(REMOTE_FOLDERS).toEqual(REMOTES.map((r) => r.folder));
  });

  it("routes to each remote's listed entries and to no other; the console is its own entry, with every admin route", () => {
    for (const remote of REMOTES) {
      const routes = manifests.find((m) => m.name === remote.name)!.routes;
      expect([...new Set(routes.map(entryOf))].sort(), remote.name).toEqual([...remote.entries].sort());
    }
    const admin = manifests.flatMap((m) =>
      m.routes.filter((r) => r.access === 'admin').map((r) => `${m.name} ${entryOf(r)} ${r.path}`),
    );
    expect(admin).toEqual(['mfe_programs admin /admin/*']);
  });

  it("gives the dev servers the list's ports", () => {
    expect(DEV_SERVER_PORTS).toEqual(Object.fromEntries([SHELL, ...REMOTES].map((b) => [b.folder, b.devPort])));
  });
});
