import { describe, expect, it } from 'vitest';
import { seoulDay } from './dates';

describe('seoulDay', () => {
  it('shows instants on the Korean calendar day and dates as they are', () => {
    expect(seoulDay('2026-11-01T15:00:00.000Z')).toBe('2026.11.02');
    expect(seoulDay('2026-11-29T14:59:59.000Z')).toBe('2026.11.29');
    expect(seoulDay('2027-01-04')).toBe('2027.01.04');
    expect(seoulDay('nope')).toBe('');
  });
});
