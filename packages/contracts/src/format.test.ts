import { describe, expect, it } from 'vitest';
import { formatDate, formatKrw, formatPhone, formatThousands, isValidPhone, seoulDay, seoulTime } from './format';
import { seoulClock, seoulDate } from './seoul';

describe('formatThousands / formatKrw', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [300000, '300,000'],
    [1000000, '1,000,000'],
    [-50000, '-50,000'],
    [1234.5, '1,234.5'],
    ['600000', '600,000'],
    ['1,000', '1,000'],
    [Number.NaN, '0'],
  ])('%s -> %s', (input, expected) => {
    expect(formatThousands(input)).toBe(expected);
  });
  it('appends 원', () => {
    expect(formatKrw(300000)).toBe('300,000원');
  });
});

describe('formatDate', () => {
  it('keeps date-only strings on their calendar day', () => {
    expect(formatDate('2020-07-24')).toBe('2020.07.24');
    expect(formatDate('2024-3-5')).toBe('2024.03.05');
  });
  it('formats Date objects and timestamps in local time', () => {
    expect(formatDate(new Date(2024, 0, 9, 23, 59))).toBe('2024.01.09');
    expect(formatDate(new Date(2024, 11, 31).getTime())).toBe('2024.12.31');
  });
  it('gives an empty string for invalid input', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatPhone', () => {
  it.each([
    ['01012345678', '010-1234-5678'],
    ['010-1234-5678', '010-1234-5678'],
    ['010 1234 5678', '010-1234-5678'],
    ['010', '010'],
    ['0101', '010-1'],
    ['0101234', '010-123-4'],
    ['01012345', '010-123-45'],
    ['0212345678', '02-1234-5678'],
    ['021234567', '02-123-4567'],
    ['0311234567', '031-123-4567'],
    ['010123456789999', '010-1234-5678'],
    ['abc', ''],
  ])('%s -> %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
  it('validates the 010-1234-5678 format', () => {
    expect(isValidPhone('010-1234-5678')).toBe(true);
    expect(isValidPhone('01012345678')).toBe(false);
    expect(isValidPhone('010-12-5678')).toBe(false);
  });
});

describe('Korean days and times', () => {
  it('shows instants on the Korean calendar day and dates as they are', () => {
    expect(seoulDay('2026-11-01T15:00:00.000Z')).toBe('2026.11.02');
    expect(seoulDay('2026-11-29T14:59:59.000Z')).toBe('2026.11.29');
    expect(seoulDay('2027-01-04')).toBe('2027.01.04');
    expect(seoulDay('nope')).toBe('');
    expect(seoulDay(null)).toBe('');
  });

  it('shows instants in Korean time to the minute', () => {
    expect(seoulTime('2026-11-29T12:59:30.000Z')).toBe('2026.11.29 21:59');
    expect(seoulTime('2026-11-29T15:00:00.000Z')).toBe('2026.11.30 00:00');
    expect(seoulTime(undefined)).toBe('');
  });

  it('gives the Korean calendar day and wall clock of an instant, whatever the machine zone', () => {
    expect(seoulDate(new Date('2026-11-29T14:59:59.999Z'))).toBe('2026-11-29');
    expect(seoulDate('2026-11-29T15:00:00.000Z')).toBe('2026-11-30');
    expect(seoulClock(Date.parse('2027-01-12T01:03:21.000Z'))).toBe('2027-01-12T10:03:21.000');
  });
});
