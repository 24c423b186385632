import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegistryEntry } from '@sq/contracts/registry';
import { VISITOR_ID_KEY } from '../../shared/constants';
import { canaryBucket, chooseVersion, visitorId } from './canary';
import { loadRegistry } from './load-registry';

const route = (title: string) => ({ path: '/itskillcheckup', access: 'public' as const, layout: 'default' as const, title, ready: true });
const entry = (percent: number): RegistryEntry => ({
  name: 'mfe_itskill',
  version: '1.0.0',
  manifestUrl: '/bundles/mfe-itskill/1.0.0/mf-manifest.json',
  routes: [route('안정')],
  history: [],
  releasedAt: '2026-01-01T00:00:00.000Z',
  canary: { version: '1.1.0', manifestUrl: '/bundles/mfe-itskill/1.1.0/mf-manifest.json', percent, routes: [route('카나리')] },
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('canary versions per visitor', () => {
  it('keeps one anonymous id per browser, so the same visitor gets the same version on every load', () => {
    const first = visitorId();
    expect(localStorage.getItem(VISITOR_ID_KEY)).toBe(first);
    expect(visitorId()).toBe(first);
    const choices = new Set(Array.from({ length: 5 }, () => chooseVersion(entry(50), visitorId()).version));
    expect(choices.size).toBe(1);
  });

  it('gives the canary to about its share of visitors and the stable version with its own routes to the rest', () => {
    const visitors = Array.from({ length: 4_000 }, () => crypto.randomUUID());
    for (const percent of [10, 50]) {
      const chosen = visitors.map((id) => chooseVersion(entry(percent), id));
      const share = chosen.filter((e) => e.version === '1.1.0').length / visitors.length;
      expect(Math.abs(share - percent / 100)).toBeLessThan(0.03);
      expect(chosen.find((e) => e.version === '1.1.0')).toMatchObject({ manifestUrl: '/bundles/mfe-itskill/1.1.0/mf-manifest.json', routes: [{ title: '카나리' }] });
      expect(chosen.find((e) => e.version === '1.0.0')).toMatchObject({ manifestUrl: '/bundles/mfe-itskill/1.0.0/mf-manifest.json', routes: [{ title: '안정' }] });
    }
    // Raising the share keeps everyone who had the canary on it.
    const at10 = visitors.filter((id) => chooseVersion(entry(10), id).version === '1.1.0');
    expect(at10.every((id) => chooseVersion(entry(50), id).version === '1.1.0')).toBe(true);
  });

  it('splits each remote on its own bucket', () => {
    const visitors = Array.from({ length: 1_000 }, () => crypto.randomUUID());
    const same = visitors.filter((id) => (canaryBucket(id, 'mfe_itskill') < 50) === (canaryBucket(id, 'mfe_mypage') < 50)).length;
    expect(same / visitors.length).toBeGreaterThan(0.4);
    expect(same / visitors.length).toBeLessThan(0.6);
  });

  it('loads the registry as this visitor sees it, and ignores a malformed canary', async () => {
    localStorage.setItem(VISITOR_ID_KEY, 'visitor-a');
    const inCanary = canaryBucket('visitor-a', 'mfe_itskill') < 50;
    const broken = { ...entry(50), name: 'mfe_mypage', canary: { version: '2.0.0', manifestUrl: '', percent: 50, routes: [] } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ remotes: [entry(50), broken] }), { status: 200 }));
    const [itskill, mypage] = await loadRegistry();
    expect(itskill?.version).toBe(inCanary ? '1.1.0' : '1.0.0');
    expect(itskill?.canary).toBeUndefined();
    expect(mypage?.version).toBe('1.0.0');
  });
});
