import type { RefundCase, RefundRule } from '@sq/contracts';
import { addToDate, lastDayOf, seoulDate, type CohortDates, type RuleBoundary } from '../../schedule';
import type { RefundRuleRow } from '../../repositories/product-repository';

/**
 * The refund engine: what a payment gets back at a given instant, from the stored `refund_rule` rows
 * (migration 003) of the product. Pure: no clock, no database; days are Korean calendar days.
 *
 * Reading of the rows (same as the FAQ and terms the content service renders from them):
 * - The rows of one case are read in sort order; the first phase whose last day has not passed (in
 *   Asia/Seoul, so 23:59:59 of the last day is still inside, 00:00 of the next day is not) applies.
 *   A row without a boundary closes the list ("after that").
 * - A PAID-anchored phase counts from the Korean day of payment; while nothing is paid yet (a reservation),
 *   it has not started, so it applies and has no last day yet.
 * - A phase anchored on a date the cohort does not have (no kickoff meetup) does not exist for that cohort.
 * - A phase with a VOD limit (planner course) applies only when the member's VOD usage is within it.
 * - Amounts are whole won: floor(fee × share), never more than what is still paid.
 * - REWARD rows are paybacks, not cancellations: the boundary is the day the reward becomes payable.
 */
export type EngineRefundRule = RefundRule & {
  /** Planner course: the phase needs VOD usage at most this percent (column max_vod_usage_percent). */
  maxVodUsagePercent?: number | null;
};

/** Which reward a REWARD quote is for (a product may have several REWARD rows). */
export type RewardKind = 'COMPLETION' | 'REFERRAL' | 'TOP_STUDENT';

export interface RefundQuoteInput {
  /** The product's rules in sort order (all cases; the engine picks `case`). */
  rules: readonly EngineRefundRule[];
  cohort: CohortDates;
  /** The program fee the shares are taken of. */
  feeKrw: number;
  /** What is paid and not yet refunded (0 for a reservation that was never charged): the cap. */
  paidAmountKrw: number;
  paidAt: Date | null;
  /** The instant of the cancellation (or stop, end, leave, reward). */
  at: Date;
  case: RefundCase;
  /** Share of the course's VOD watched, 0-100. Unknown counts as 0 (nothing tracked, nothing watched). */
  vodUsagePercent?: number;
  /** Only for case REWARD; absent: the product's first REWARD row. */
  reward?: RewardKind;
}

export interface RefundQuote {
  refundKrw: number;
  /** The phase's Korean name (from the row), or why nothing applies. */
  phase: string;
  ratio: { numerator: number; denominator: number };
  /** Last Korean day (YYYY-MM-DD) this amount stays available; null when open-ended or not dated yet. */
  refundableUntil: string | null;
  rule: RefundRule | null;
  /** REWARD only: the Korean day from which the reward is payable (null: at once). */
  payableFrom?: string | null;
}

export const NO_RULE_PHASE = '해당하는 환불 규정이 없어요';
export const PHASES_OVER_PHASE = '환불 기간이 지났어요';
export const REWARD_NOT_YET_PHASE_SUFFIX = ' (지급일 전)';

const NOTHING = { numerator: 0, denominator: 1 } as const;

const boundaryOf = (rule: EngineRefundRule): RuleBoundary | null => {
  const b = rule.boundary;
  if (!b) return null;
  return b.type === 'ELAPSED'
    ? { anchor: null, offsetMonths: 0, offsetDays: 0, elapsed: [b.numerator, b.denominator] }
    : { anchor: b.anchor, offsetMonths: b.offsetMonths, offsetDays: b.offsetDays, elapsed: null };
};

/**
 * The last Korean day a phase applies: a date, 'OPEN' (no end: the closing row, or payment-based while
 * unpaid), or 'ABSENT' (the cohort has no such day, so the phase does not exist for it).
 */
export function phaseLastDay(
  rule: EngineRefundRule,
  cohort: CohortDates,
  paidAt: Date | null,
): string | 'OPEN' | 'ABSENT' {
  const boundary = boundaryOf(rule);
  if (!boundary) return 'OPEN';
  if (boundary.anchor === 'PAID') {
    return paidAt ? addToDate(seoulDate(paidAt), boundary.offsetMonths, boundary.offsetDays) : 'OPEN';
  }
  return lastDayOf(boundary, cohort) ?? 'ABSENT';
}

function shareOf(
  rule: EngineRefundRule,
  feeKrw: number,
  capKrw: number,
): { refundKrw: number; ratio: RefundQuote['ratio'] } {
  if (rule.refundAmountKrw !== null) {
    const refundKrw = Math.max(0, Math.min(rule.refundAmountKrw, capKrw));
    return { refundKrw, ratio: { numerator: refundKrw, denominator: feeKrw > 0 ? feeKrw : 1 } };
  }
  const { numerator, denominator } = rule.refundRatio;
  return {
    refundKrw: Math.max(0, Math.min(Math.floor((feeKrw * numerator) / denominator), capKrw)),
    ratio: { numerator, denominator },
  };
}

const publicRule = ({ maxVodUsagePercent: _vod, ...rule }: EngineRefundRule): RefundRule => rule;

function checkMoney(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative whole number of won, got ${value}`);
}

/** Which REWARD row a kind means: the dated one (completion), the fixed amount (referral), the share (top students). */
function rewardRule(rules: readonly EngineRefundRule[], kind: RewardKind | undefined): EngineRefundRule | null {
  const rewards = rules.filter((r) => r.case === 'REWARD');
  if (!kind) return rewards[0] ?? null;
  const match: Record<RewardKind, (r: EngineRefundRule) => boolean> = {
    COMPLETION: (r) => r.boundary !== null,
    REFERRAL: (r) => r.refundAmountKrw !== null,
    TOP_STUDENT: (r) => r.boundary === null && r.refundAmountKrw === null,
  };
  return rewards.find(match[kind]) ?? null;
}

function quoteReward(input: RefundQuoteInput): RefundQuote {
  const rule = rewardRule(input.rules, input.reward);
  if (!rule)
    return { refundKrw: 0, phase: NO_RULE_PHASE, ratio: NOTHING, refundableUntil: null, rule: null, payableFrom: null };
  const last = phaseLastDay(rule, input.cohort, input.paidAt);
  const payableFrom = last === 'OPEN' || last === 'ABSENT' ? null : last;
  if (last === 'ABSENT' || (payableFrom && seoulDate(input.at) < payableFrom)) {
    return {
      refundKrw: 0,
      phase: `${rule.phase}${REWARD_NOT_YET_PHASE_SUFFIX}`,
      ratio: NOTHING,
      refundableUntil: null,
      rule: publicRule(rule),
      payableFrom,
    };
  }
  return {
    ...shareOf(rule, input.feeKrw, input.paidAmountKrw),
    phase: rule.phase,
    refundableUntil: null,
    rule: publicRule(rule),
    payableFrom,
  };
}

/** What the payment gets back at `at` for `case`, by the product's rules. */
export function quoteRefund(input: RefundQuoteInput): RefundQuote {
  checkMoney('feeKrw', input.feeKrw);
  checkMoney('paidAmountKrw', input.paidAmountKrw);
  if (input.case === 'REWARD') return quoteReward(input);
  const today = seoulDate(input.at);
  const rules = input.rules.filter((r) => r.case === input.case);
  if (rules.length === 0)
    return { refundKrw: 0, phase: NO_RULE_PHASE, ratio: NOTHING, refundableUntil: null, rule: null };
  for (const rule of rules) {
    const last = phaseLastDay(rule, input.cohort, input.paidAt);
    if (last === 'ABSENT') continue;
    if (rule.maxVodUsagePercent != null && (input.vodUsagePercent ?? 0) > rule.maxVodUsagePercent) continue;
    if (last === 'OPEN' || today <= last) {
      return {
        ...shareOf(rule, input.feeKrw, input.paidAmountKrw),
        phase: rule.phase,
        refundableUntil: last === 'OPEN' ? null : last,
        rule: publicRule(rule),
      };
    }
  }
  return { refundKrw: 0, phase: PHASES_OVER_PHASE, ratio: NOTHING, refundableUntil: null, rule: null };
}

export interface RefundSchedulePhase {
  case: RefundCase;
  phase: string;
  ratio: { numerator: number; denominator: number };
  /** The share for display, rounded to two decimals (as CohortDetail.refundSchedule has it). */
  refundPercent: number;
  /** What this phase refunds of this payment (fee share, capped at what is paid). */
  refundKrw: number;
  /**
   * First Korean day of the phase when the earlier phases' conditions hold (the day after the previous
   * phase's last day); null for the first phase. For a REWARD row: the day it becomes payable.
   */
  from: string | null;
  /** Last Korean day; null when open-ended or not dated yet (payment-based while unpaid). */
  until: string | null;
  condition: string | null;
  /** The phase `quoteRefund` picks at `at` (false for all when no `at` was given). */
  current: boolean;
  rule: RefundRule;
}

export interface RefundScheduleInput {
  rules: readonly EngineRefundRule[];
  cohort: CohortDates;
  feeKrw: number;
  /** The cap of each amount; absent: the fee (what a reservation will be charged). */
  paidAmountKrw?: number;
  paidAt: Date | null;
  case?: RefundCase;
  /** Marks the current phase. */
  at?: Date;
  vodUsagePercent?: number;
}

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Every phase of one case with its last day and amount for this cohort and payment, for the member's
 * payment timeline ("refundable amount today and until when") and the order summary. Phases that cannot
 * happen for this cohort (no such day, or entirely before the previous phase ended) are left out.
 */
export function refundScheduleFor(input: RefundScheduleInput): RefundSchedulePhase[] {
  const refundCase = input.case ?? 'INDIVIDUAL';
  const cap = input.paidAmountKrw ?? input.feeKrw;
  checkMoney('feeKrw', input.feeKrw);
  checkMoney('paidAmountKrw', cap);
  const current = input.at
    ? quoteRefund({
        rules: input.rules,
        cohort: input.cohort,
        feeKrw: input.feeKrw,
        paidAmountKrw: cap,
        paidAt: input.paidAt,
        at: input.at,
        case: refundCase,
        vodUsagePercent: input.vodUsagePercent,
      }).rule
    : null;
  const phases: RefundSchedulePhase[] = [];
  const reward = refundCase === 'REWARD';
  // `previous`: the last day of the phase before; `covered`: the last day some unconditional phase reaches.
  let previous: string | null = null;
  let covered: string | null = null;
  let undated = false;
  for (const rule of input.rules) {
    if (rule.case !== refundCase) continue;
    const last = phaseLastDay(rule, input.cohort, input.paidAt);
    if (last === 'ABSENT' && !reward) continue;
    const until = last === 'OPEN' || last === 'ABSENT' ? null : last;
    if (!reward && until && covered && until <= covered) continue;
    const from = reward ? until : undated || !previous ? null : dayAfter(previous);
    phases.push({
      case: refundCase,
      phase: rule.phase,
      ...shareOf(rule, input.feeKrw, cap),
      refundPercent: rule.refundPercent,
      from: from && until && !reward && from > until ? null : from,
      until: reward ? null : until,
      condition: rule.condition,
      current: current !== null && current.phase === rule.phase && current.case === rule.case,
      rule: publicRule(rule),
    });
    if (reward) continue;
    // After an undated phase (payment-based, not paid yet) the next phases have no known first day.
    if (!until) undated = true;
    else {
      previous = until;
      if (rule.maxVodUsagePercent == null && (!covered || until > covered)) covered = until;
    }
  }
  return phases;
}

/** Maps stored `refund_rule` rows (snake_case, sort order kept) to the engine's rules. */
export function refundRulesFromRows(rows: readonly RefundRuleRow[]): EngineRefundRule[] {
  return [...rows]
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((row) => ({
      case: row.case_kind,
      phase: row.phase,
      refundPercent: Math.round((row.refund_numerator * 10_000) / row.refund_denominator) / 100,
      refundRatio: { numerator: row.refund_numerator, denominator: row.refund_denominator },
      refundAmountKrw: row.refund_amount_krw,
      boundary:
        row.elapsed_numerator !== null && row.elapsed_denominator !== null
          ? { type: 'ELAPSED', numerator: row.elapsed_numerator, denominator: row.elapsed_denominator }
          : row.anchor
            ? { type: 'DATE', anchor: row.anchor, offsetMonths: row.offset_months, offsetDays: row.offset_days }
            : null,
      condition: row.condition,
      maxVodUsagePercent: row.max_vod_usage_percent,
    }));
}
