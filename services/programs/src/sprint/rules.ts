import { MEMBER_PRIZE_MAX_KRW, TOTAL_PRIZE_MAX_KRW, WINNING_TEAM_PRIZE_KRW } from '@sq/contracts/api/operators/judging';

/** Check-ins close at 22:00 Korean time each day of the sprint (spec). */
export const CHECKIN_CLOSES_AT = '22:00';
/** Consecutive missed check-ins after which the member is dropped (spec). */
export const MISSES_BEFORE_DROP = 2;
/** The final submission closes at 15:00 Korean time on the last day (spec). */
export const SUBMISSION_CLOSES_AT = '15:00';
// Prizes (spec), shared with the console's judging page through the contract.
export { WINNING_TEAM_PRIZE_KRW, MEMBER_PRIZE_MAX_KRW, TOTAL_PRIZE_MAX_KRW };
/** The judging rubric: criteria scored 0..10, weights in percent (they add up to 100). */
export const JUDGING_RUBRIC = [
  { key: 'problem', name: '문제 정의', weight: 25 },
  { key: 'execution', name: '완성도', weight: 35 },
  { key: 'design', name: '사용성과 디자인', weight: 20 },
  { key: 'teamwork', name: '협업', weight: 20 },
] as const;
export type RubricKey = (typeof JUDGING_RUBRIC)[number]['key'];

/** The instant `HH:MM` Korean time on a Korean calendar day. */
export const seoulInstant = (day: string, time: string) => new Date(`${day}T${time}:00+09:00`);
