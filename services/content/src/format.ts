/** Helpers for text the service composes (spec section 9): KRW with thousands separators, dates as YYYY.MM.DD. */

export function formatThousands(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatKrw(value: number): string {
  return `${formatThousands(value)}원`;
}

/** 'YYYY-MM-DD' (a calendar day, never shifted by a time zone) as 'YYYY.MM.DD'. */
export function formatDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : '';
}

/** Today's calendar day in Korea, whatever the server's time zone. */
export function seoulToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}
