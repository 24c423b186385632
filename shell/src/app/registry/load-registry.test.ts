import { afterEach, describe, expect, it, vi } from 'vitest';
import { remoteFolder } from '@sq/contracts/manifest-url';
import { loadRegistry } from './load-registry';

const route = (title: string) => ({
  path: '/itskillcheckup',
  access: 'public' as const,
  layout: 'default' as const,
  title,
});
const entry = (name: string, version: string) => ({
  name,
  version,
  manifestUrl: `/bundles/${remoteFolder(name)}/${version}/mf-manifest.json`,
  routes: [route(version)],
  releasedAt: '2026-01-01T00:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('the registry the shell loads', () => {
  it("loads each remote at the version the gateway gave this visitor (a canary's too), and drops a malformed entry alone", async () => {
    const asked: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      asked.push(init);
      const remotes = [
        entry('mfe_itskill', '1.1.0-canary'),
        { ...entry('mfe_mypage', '2.0.0'), manifestUrl: '' },
        entry('mfe_careercard', '3.0.0'),
      ];
      return new Response(JSON.stringify({ remotes }), { status: 200 });
    });
    const loaded = await loadRegistry();
    expect(loaded.map((e) => [e.name, e.version, e.manifestUrl])).toEqual([
      ['mfe_itskill', '1.1.0-canary', '/bundles/mfe-itskill/1.1.0-canary/mf-manifest.json'],
      ['mfe_careercard', '3.0.0', '/bundles/mfe-careercard/3.0.0/mf-manifest.json'],
    ]);
    expect(loaded[0]!.routes).toEqual([{ ...route('1.1.0-canary'), ready: true }]);
    // Never from the browser's cache: a release, or the end of a canary, shows on the next load.
    expect(asked[0]?.cache).toBe('no-cache');
  });

  it("registers only the site's own bundles of that remote and version, or a bundle on an asset origin the gateway names", async () => {
    const cdn = 'https://cdn.example.com';
    const remotes = [
      { ...entry('mfe_itskill', '1.0.0'), manifestUrl: 'https://evil.example/mf-manifest.json' },
      { ...entry('mfe_itskill', '1.0.1'), manifestUrl: 'javascript:alert(1)' },
      { ...entry('mfe_itskill', '1.0.2'), manifestUrl: 'data:application/json,{}' },
      { ...entry('mfe_itskill', '1.0.3'), manifestUrl: '/bundles/mfe-programs/1.0.3/mf-manifest.json' },
      {
        ...entry('mfe_itskill', '1.0.4'),
        manifestUrl: '/bundles/mfe-itskill/1.0.4/../../mfe-programs/1.0.4/mf-manifest.json',
      },
      { ...entry('mfe_itskill', '1.0.5'), manifestUrl: '//evil.example/bundles/mfe-itskill/1.0.5/mf-manifest.json' },
      { ...entry('mfe_mypage', '2.0.0'), manifestUrl: `${cdn}/bundles/mfe-mypage/2.0.0/mf-manifest.json` },
      entry('mfe_careercard', '3.0.0'),
    ];
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ remotes, assetOrigins: [cdn] }), { status: 200 }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loaded = await loadRegistry();
    expect(loaded.map((e) => e.manifestUrl)).toEqual([
      `${cdn}/bundles/mfe-mypage/2.0.0/mf-manifest.json`,
      '/bundles/mfe-careercard/3.0.0/mf-manifest.json',
    ]);
    expect(errors).toHaveBeenCalledTimes(6);
    errors.mockRestore();
  });

  it('refuses a bundle on another origin when the gateway names no asset origin', async () => {
    const remotes = [
      {
        ...entry('mfe_mypage', '2.0.0'),
        manifestUrl: 'https://cdn.example.com/bundles/mfe-mypage/2.0.0/mf-manifest.json',
      },
    ];
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ remotes }), { status: 200 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await loadRegistry()).toEqual([]);
  });
});
