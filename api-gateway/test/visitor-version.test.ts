import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RegistryEntry } from '@sq/contracts';
import { canaryBucket, registryFor, versionFor } from '../src/releases/visitor-version';

/** The one decision of which version a visitor runs (src/releases/visitor-version.ts), on many visitor ids. */
const route = (title: string) => ({
  path: '/itskillcheckup',
  access: 'public' as const,
  layout: 'default' as const,
  title,
  ready: true,
});
const entry = (percent: number, name = 'mfe_itskill'): RegistryEntry => ({
  name,
  version: '1.0.0',
  manifestUrl: `/bundles/${name}/1.0.0/mf-manifest.json`,
  routes: [route('안정')],
  history: [],
  releasedAt: '2026-01-01T00:00:00.000Z',
  canary: {
    version: '1.1.0',
    manifestUrl: `/bundles/${name}/1.1.0/mf-manifest.json`,
    percent,
    routes: [route('카나리')],
  },
});
const visitors = Array.from({ length: 4_000 }, () => randomUUID());

describe('the version a visitor runs', () => {
  it('is the same for the same visitor every time', () => {
    for (const id of visitors.slice(0, 50))
      expect(new Set(Array.from({ length: 3 }, () => versionFor(entry(50), id).version)).size).toBe(1);
  });

  it('is the canary, with its manifest and routes, for about its share of visitors and the stable version, with its own, for the rest', () => {
    for (const percent of [10, 50]) {
      const chosen = visitors.map((id) => versionFor(entry(percent), id));
      const share = chosen.filter((e) => e.version === '1.1.0').length / visitors.length;
      expect(Math.abs(share - percent / 100)).toBeLessThan(0.03);
      expect(chosen.find((e) => e.version === '1.1.0')).toMatchObject({
        manifestUrl: '/bundles/mfe_itskill/1.1.0/mf-manifest.json',
        routes: [{ title: '카나리' }],
      });
      expect(chosen.find((e) => e.version === '1.0.0')).toMatchObject({
        manifestUrl: '/bundles/mfe_itskill/1.0.0/mf-manifest.json',
        routes: [{ title: '안정' }],
      });
      expect(chosen.every((e) => e.canary === undefined)).toBe(true);
    }
    // Raising the share keeps everyone who had the canary on it.
    const at10 = visitors.filter((id) => versionFor(entry(10), id).version === '1.1.0');
    expect(at10.every((id) => versionFor(entry(50), id).version === '1.1.0')).toBe(true);
  });

  it("is decided per remote, so one remote's canary visitors are not every remote's", () => {
    const same = visitors.filter(
      (id) => canaryBucket(id, 'mfe_itskill') < 50 === canaryBucket(id, 'mfe_mypage') < 50,
    ).length;
    expect(same / visitors.length).toBeGreaterThan(0.4);
    expect(same / visitors.length).toBeLessThan(0.6);
    const id = visitors[0]!;
    expect(registryFor({ remotes: [entry(50), entry(50, 'mfe_mypage')] }, id).remotes.map((e) => e.version)).toEqual([
      canaryBucket(id, 'mfe_itskill') < 50 ? '1.1.0' : '1.0.0',
      canaryBucket(id, 'mfe_mypage') < 50 ? '1.1.0' : '1.0.0',
    ]);
  });
});
