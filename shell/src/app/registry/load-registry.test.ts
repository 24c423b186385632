import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRegistry } from './load-registry';

const route = (title: string) => ({ path: '/itskillcheckup', access: 'public' as const, layout: 'default' as const, title });
const entry = (name: string, version: string) => ({
  name,
  version,
  manifestUrl: `/bundles/${name}/${version}/mf-manifest.json`,
  routes: [route(version)],
  releasedAt: '2026-01-01T00:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('the registry the shell loads', () => {
  it("loads each remote at the version the gateway gave this visitor (a canary's too), and drops a malformed entry alone", async () => {
    const asked: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      asked.push(init);
      const remotes = [entry('mfe_itskill', '1.1.0-canary'), { ...entry('mfe_mypage', '2.0.0'), manifestUrl: '' }, entry('mfe_careercard', '3.0.0')];
      return new Response(JSON.stringify({ remotes }), { status: 200 });
    });
    const loaded = await loadRegistry();
    expect(loaded.map((e) => [e.name, e.version, e.manifestUrl])).toEqual([
      ['mfe_itskill', '1.1.0-canary', '/bundles/mfe_itskill/1.1.0-canary/mf-manifest.json'],
      ['mfe_careercard', '3.0.0', '/bundles/mfe_careercard/3.0.0/mf-manifest.json'],
    ]);
    expect(loaded[0]!.routes).toEqual([{ ...route('1.1.0-canary'), ready: true }]);
    // Never from the browser's cache: a release, or the end of a canary, shows on the next load.
    expect(asked[0]?.cache).toBe('no-cache');
  });
});
