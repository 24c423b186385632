import type { ReleaseWindow } from '@sq/contracts/rum';

/** The windows the page offers (contracts' RELEASE_WINDOWS), in the picker's order. */
export const RELEASE_WINDOW_LABELS: [ReleaseWindow, string][] = [
  ['1h', '최근 1시간'],
  ['24h', '최근 24시간'],
  ['7d', '최근 7일'],
  ['30d', '최근 30일'],
];

/** "1,830ms", "0.05", "2.5%", or "-" where no browser reported the figure. */
export const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value).toLocaleString('ko-KR')}ms`);
export const cls = (value: number | null) => (value === null ? '-' : value.toFixed(2));
export const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)}%`);
