import {
  MEMBER_PRIZE_MAX_KRW,
  TOTAL_PRIZE_MAX_KRW,
  WINNING_TEAM_PRIZE_KRW,
  type RubricCriterion,
} from '@sq/contracts/api/operators/judging';
import { OPERATOR_MESSAGES } from '@sq/contracts/messages/operators';

/** Scores of a criterion (the service accepts whole numbers 0..10). */
export const SCORE_MAX = 10;
export const SCORE_CHOICES = Array.from({ length: SCORE_MAX + 1 }, (_, i) => i);

/** The weighted total out of 1,000, as the service computes it: score(0..10) x weight(%) summed. */
export function weightedTotal(
  rubric: readonly RubricCriterion[],
  scores: Record<string, number | undefined>,
): number | null {
  if (rubric.some((c) => scores[c.key] === undefined)) return null;
  return rubric.reduce((sum, c) => sum + scores[c.key]! * c.weight, 0);
}

export interface PrizeRow {
  joinId: string;
  amount: string;
}

/**
 * The member prizes as typed, checked before publishing the way the service checks them: each at most
 * 100,000 KRW, and with the winning team's 400,000 KRW at most 600,000 KRW in all.
 */
export function prizeRequest(rows: readonly PrizeRow[]): {
  prizes: { joinId: number; amountKrw: number }[];
  totalKrw: number;
  error: string | null;
} {
  const prizes = rows
    .filter((r) => r.joinId !== '' || r.amount !== '')
    .map((r) => ({ joinId: Number(r.joinId), amountKrw: /^\d+$/.test(r.amount) ? Number(r.amount) : Number.NaN }));
  const totalKrw =
    WINNING_TEAM_PRIZE_KRW + prizes.reduce((sum, p) => sum + (Number.isNaN(p.amountKrw) ? 0 : p.amountKrw), 0);
  const invalid = prizes.some(
    (p) => !p.joinId || Number.isNaN(p.amountKrw) || p.amountKrw <= 0 || p.amountKrw > MEMBER_PRIZE_MAX_KRW,
  );
  return {
    prizes,
    totalKrw,
    error: invalid || totalKrw > TOTAL_PRIZE_MAX_KRW ? OPERATOR_MESSAGES.judgingPrizeLimit : null,
  };
}
