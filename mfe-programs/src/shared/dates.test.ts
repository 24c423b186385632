import { describe, expect, it } from 'vitest';
import { dayRange } from './dates';

describe('dayRange', () => {
  it('shows both Korean calendar days, or one when the range is one day', () => {
    expect(dayRange('2026-11-01T15:00:00.000Z', '2026-11-29')).toBe('2026.11.02 ~ 2026.11.29');
    expect(dayRange('2026-11-29T14:59:59.000Z', '2026-11-29')).toBe('2026.11.29');
  });
});
