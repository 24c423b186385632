import { describe, expect, it } from 'vitest';
import { coverHue, initialOf, isProfileId, roleLine } from './card-display';

describe('isProfileId', () => {
  it.each([
    ['minji', true],
    ['ab', true],
    ['User01', true],
    ['a'.repeat(20), true],
    ['a', false],
    ['a'.repeat(21), false],
    ['min-ji', false],
    ['민지', false],
    ['myAdmin1', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (value, expected) => {
    expect(isProfileId(value)).toBe(expected);
  });
});

describe('initialOf', () => {
  it('takes the first character, upper-cased, and a placeholder for an empty alias', () => {
    expect(initialOf('민지')).toBe('민');
    expect(initialOf(' junho')).toBe('J');
    expect(initialOf('')).toBe('?');
  });
});

describe('coverHue', () => {
  it('is stable per id and ignores case', () => {
    expect(coverHue('minji')).toBe(coverHue('MINJI'));
    expect(coverHue('minji')).toBeGreaterThanOrEqual(0);
    expect(coverHue('minji')).toBeLessThan(360);
  });
});

describe('roleLine', () => {
  it('joins the non-empty parts', () => {
    expect(roleLine('기획', '서비스 기획')).toBe('기획 · 서비스 기획');
    expect(roleLine('개발', '')).toBe('개발');
    expect(roleLine('', '')).toBe('');
  });
});
