import { formatDate } from '@sq/ui';

const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** An ISO instant as the Korean calendar day (YYYY.MM.DD) whatever the browser's zone; date-only strings as they are. */
export function seoulDay(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  const t = Date.parse(value);
  return Number.isNaN(t) ? '' : formatDate(new Date(t + SEOUL_OFFSET_MS).toISOString().slice(0, 10));
}

/** YYYY.MM.DD HH:mm in Korea. */
export function seoulTime(value: string | null | undefined): string {
  if (!value) return '';
  const t = Date.parse(value);
  if (Number.isNaN(t)) return '';
  const iso = new Date(t + SEOUL_OFFSET_MS).toISOString();
  return `${formatDate(iso.slice(0, 10))} ${iso.slice(11, 16)}`;
}
