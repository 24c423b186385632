import { seoulDay } from '@sq/ui';

export { seoulDay };

/** "2026.11.02 ~ 2026.11.29"; one day when both ends are the same. */
export function dayRange(from: string, to: string): string {
  const a = seoulDay(from);
  const b = seoulDay(to);
  return a === b ? a : `${a} ~ ${b}`;
}
