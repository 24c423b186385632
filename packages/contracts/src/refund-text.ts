import type { ProgramRefundRulesResponse } from './api/content';
import type { RefundCase, RefundRule } from './api/programs';
import { formatDate, formatKrw } from './format';

/**
 * Korean text of a product's refund rules, composed from the programs service's rows. The FAQ and the terms
 * (content service) and the program intros (mfe-programs) all use these functions, so the schedule reads
 * the same everywhere and is typed nowhere.
 */
export const REFUND_CASE_TITLES: Record<RefundCase, string> = {
  INDIVIDUAL: '본인 사정으로 취소하는 경우',
  TEAM_STOP: '팀 활동이 중단된 경우',
  COMPANY_ENDED: '회사 사정으로 프로그램이 끝나는 경우',
  LEFT_AFTER_INVITE: '팀 초대를 받은 뒤 그만두는 경우',
  REWARD: '참가비 환급 혜택',
};

/** '80%', '50%', or '3분의 2' when the share is not a whole percentage. */
export function shareLabel({ numerator, denominator }: RefundRule['refundRatio']): string {
  return (numerator * 100) % denominator === 0
    ? `${(numerator * 100) / denominator}%`
    : `${denominator}분의 ${numerator}`;
}

/** The amount a share of the fee comes to, in whole won, rounded down (never more than the rule gives). */
export function shareAmount(rule: Pick<RefundRule, 'refundRatio' | 'refundAmountKrw'>, feeKrw: number): number {
  if (rule.refundAmountKrw !== null) return rule.refundAmountKrw;
  return Math.floor((feeKrw * rule.refundRatio.numerator) / rule.refundRatio.denominator);
}

/** What the member gets back in one phase: 전액 환불(300,000원), 80% 환불(240,000원), 환불 불가, ... */
export function shareText(rule: RefundRule, feeKrw: number): string {
  const { numerator, denominator } = rule.refundRatio;
  const reward = rule.case === 'REWARD';
  const verb = reward ? '환급' : '환불';
  if (rule.refundAmountKrw !== null) return `${formatKrw(rule.refundAmountKrw)} ${verb}`;
  if (numerator === 0) return reward ? '환급 없음' : '환불 불가';
  if (numerator === denominator)
    return reward ? `참가비 전액(${formatKrw(feeKrw)}) ${verb}` : `전액 ${verb}(${formatKrw(feeKrw)})`;
  return reward
    ? `참가비의 ${shareLabel(rule.refundRatio)}(${formatKrw(shareAmount(rule, feeKrw))}) ${verb}`
    : `${shareLabel(rule.refundRatio)} ${verb}(${formatKrw(shareAmount(rule, feeKrw))})`;
}

export function ruleLine(rule: RefundRule, feeKrw: number): string {
  const condition = rule.case === 'REWARD' && rule.condition ? ` (조건: ${rule.condition})` : '';
  // A dash, not a colon: some phases already carry one ("팀 활동 중단: 1~4주차").
  return `· ${rule.phase} — ${shareText(rule, feeKrw)}${condition}`;
}

function casesOf(data: ProgramRefundRulesResponse, only: readonly RefundCase[] | null): RefundCase[] {
  const present = [...new Set(data.refundRules.map((rule) => rule.case))];
  return only ? present.filter((c) => only.includes(c)) : present;
}

/**
 * One line per phase; when several cases are shown, each group starts with its title in brackets.
 * `only` keeps some cases (null: all of them).
 */
export function refundLines(data: ProgramRefundRulesResponse, only: readonly RefundCase[] | null = null): string[] {
  const cases = casesOf(data, only);
  const lines: string[] = [];
  for (const refundCase of cases) {
    if (cases.length > 1) lines.push(`[${REFUND_CASE_TITLES[refundCase]}]`);
    for (const rule of data.refundRules.filter((r) => r.case === refundCase))
      lines.push(ruleLine(rule, data.product.feeKrw));
  }
  return lines;
}

/**
 * The days of the cohort recruiting now (or opening next), one line per case, e.g. "14주 팀 프로젝트 12기(모집
 * 중) 기준: 2026.12.15까지 전액, 2027.01.02까지 80%, ... 환불". Empty when no phase has a fixed day.
 */
export function cohortDateLines(data: ProgramRefundRulesResponse, only: readonly RefundCase[] | null = null): string[] {
  const cohort = data.cohort;
  if (!cohort) return [];
  const cases = casesOf(data, only).filter((c) => c !== 'REWARD');
  const lines: string[] = [];
  for (const refundCase of cases) {
    const rules = data.refundRules.filter((r) => r.case === refundCase);
    const dated = cohort.refundSchedule.filter((s) => s.case === refundCase);
    const parts: string[] = [];
    for (const [index, rule] of rules.entries()) {
      const day = dated[index];
      if (!day?.until || day.phase !== rule.phase || rule.refundRatio.numerator === 0) continue;
      const share = rule.refundRatio.numerator === rule.refundRatio.denominator ? '전액' : shareLabel(rule.refundRatio);
      parts.push(`${formatDate(day.until)}까지 ${share}`);
    }
    if (parts.length === 0) continue;
    const label = cases.length > 1 ? ` ${REFUND_CASE_TITLES[refundCase]}` : '';
    lines.push(`${cohort.name}(${cohort.statusName}) 기준${label}: ${parts.join(', ')} 환불`);
  }
  return lines;
}

/** The rules grouped by case, in the order the rows come (the intro pages show one block per case). */
export function groupRules(
  rules: readonly RefundRule[],
): { refundCase: RefundCase; title: string; rules: RefundRule[] }[] {
  const cases = [...new Set(rules.map((r) => r.case))];
  return cases.map((refundCase) => ({
    refundCase,
    title: REFUND_CASE_TITLES[refundCase],
    rules: rules.filter((r) => r.case === refundCase),
  }));
}
