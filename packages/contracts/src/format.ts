/** Display helpers of spec section 9: thousands separator, YYYY.MM.DD dates, phone hyphenation. */

import { seoulClock } from './seoul';

/** 300000 -> "300,000". Non-finite input renders as "0" so a missing price never shows "NaN". */
export function formatThousands(value: number | string): string {
  const n = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value;
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const [int, frac] = Math.abs(n).toString().split('.');
  const grouped = (int ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${sign}${grouped}.${frac}` : `${sign}${grouped}`;
}

/** 300000 -> "300,000원" */
export function formatKrw(value: number | string): string {
  return `${formatThousands(value)}원`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Dates are shown as YYYY.MM.DD. Date-only strings ("2024-03-05") are read as calendar dates, not UTC
 * instants, so they never shift a day in Korea (UTC+9) or anywhere else. Invalid input gives "".
 */
export function formatDate(value: string | number | Date): string {
  if (typeof value === 'string') {
    const m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(value.trim());
    if (m) return `${m[1]}.${pad(Number(m[2]))}.${pad(Number(m[3]))}`;
  }
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
}

/**
 * An instant as the Korean calendar day, YYYY.MM.DD, whatever the browser's time zone (recruiting closes at an
 * instant; the programs run on Korean days). Date-only strings are shown as they are; empty or invalid input gives "".
 */
export function seoulDay(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  return Number.isNaN(Date.parse(value)) ? '' : formatDate(seoulClock(value).slice(0, 10));
}

/** An instant as Korean time, YYYY.MM.DD HH:mm; empty or invalid input gives "". */
export function seoulTime(value: string | null | undefined): string {
  if (!value || Number.isNaN(Date.parse(value))) return '';
  const clock = seoulClock(value);
  return `${formatDate(clock.slice(0, 10))} ${clock.slice(11, 16)}`;
}

/**
 * Strips every non-digit and inserts hyphens as the user types: 01012345678 -> 010-1234-5678,
 * 0212345678 -> 02-1234-5678, 0311234567 -> 031-123-4567. At most 11 digits are kept.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 11);
  const isSeoul = digits.startsWith('02');
  const head = isSeoul ? 2 : 3;
  if (digits.length <= head) return digits;
  const rest = digits.slice(head);
  // The middle block has 3 digits until the number is long enough to need 4 (010-1234-5678, 02-1234-5678).
  const full = isSeoul ? 10 : 11;
  const mid = digits.length >= full ? 4 : 3;
  if (rest.length <= mid) return `${digits.slice(0, head)}-${rest}`;
  return `${digits.slice(0, head)}-${rest.slice(0, mid)}-${rest.slice(mid)}`;
}

/** The spec's example format 010-1234-5678 (mobile numbers). */
export const PHONE_PATTERN = /^01[016789]-\d{3,4}-\d{4}$/;
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}
