/**
 * Korean time, whatever the zone of the machine or browser that runs the code: the programs run on Korean days
 * (a cohort's milestones, check-ins, refund phases), and Korea keeps one offset all year (no daylight saving).
 */
export const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** An instant as Korean wall-clock time, `YYYY-MM-DDTHH:mm:ss.sss` (no zone). Throws on an invalid instant. */
export function seoulClock(at: Date | string | number): string {
  const t = at instanceof Date ? at.getTime() : typeof at === 'string' ? Date.parse(at) : at;
  return new Date(t + SEOUL_OFFSET_MS).toISOString().slice(0, 23);
}

/** The Korean calendar day of an instant, `YYYY-MM-DD`. Throws on an invalid instant. */
export function seoulDate(at: Date | string | number): string {
  return seoulClock(at).slice(0, 10);
}
