import { formatDate } from '@sq/ui';

const SEOUL_OFFSET_MS = 9 * 3_600_000;

/**
 * An ISO instant (recruiting opens and closes at an instant) as the Korean calendar day, YYYY.MM.DD, whatever
 * the browser's time zone: the programs run on Korean days. Date-only strings are shown as they are.
 */
export function seoulDay(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  const t = Date.parse(value);
  if (Number.isNaN(t)) return '';
  return formatDate(new Date(t + SEOUL_OFFSET_MS).toISOString().slice(0, 10));
}

/** "2026.11.02 ~ 2026.11.29"; one day when both ends are the same. */
export function dayRange(from: string, to: string): string {
  const a = seoulDay(from);
  const b = seoulDay(to);
  return a === b ? a : `${a} ~ ${b}`;
}
