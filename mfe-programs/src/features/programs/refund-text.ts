import type { RefundCase, RefundRule } from '@sq/contracts';
import { formatKrw } from '@sq/ui';

/**
 * Korean text of refund rules for the intro pages, worded as the content service words them for the FAQ
 * and the terms (services/content/src/refund-text.ts): the rows come from the programs service, one source.
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
  return (numerator * 100) % denominator === 0 ? `${(numerator * 100) / denominator}%` : `${denominator}분의 ${numerator}`;
}

/** The amount a share comes to, in whole won, rounded down. */
export function shareAmount(rule: Pick<RefundRule, 'refundRatio' | 'refundAmountKrw'>, feeKrw: number): number {
  if (rule.refundAmountKrw !== null) return rule.refundAmountKrw;
  return Math.floor((feeKrw * rule.refundRatio.numerator) / rule.refundRatio.denominator);
}

/** 전액 환불(300,000원), 80% 환불(240,000원), 3분의 2 환불(233,333원), 환불 불가, 50,000원 환급, ... */
export function shareText(rule: RefundRule, feeKrw: number): string {
  const { numerator, denominator } = rule.refundRatio;
  const reward = rule.case === 'REWARD';
  const verb = reward ? '환급' : '환불';
  if (rule.refundAmountKrw !== null) return `${formatKrw(rule.refundAmountKrw)} ${verb}`;
  if (numerator === 0) return reward ? '환급 없음' : '환불 불가';
  if (numerator === denominator) return reward ? `참가비 전액(${formatKrw(feeKrw)}) ${verb}` : `전액 ${verb}(${formatKrw(feeKrw)})`;
  return reward
    ? `참가비의 ${shareLabel(rule.refundRatio)}(${formatKrw(shareAmount(rule, feeKrw))}) ${verb}`
    : `${shareLabel(rule.refundRatio)} ${verb}(${formatKrw(shareAmount(rule, feeKrw))})`;
}

/** The rules grouped by case, in the order the rows come. */
export function groupRules(rules: readonly RefundRule[]): { refundCase: RefundCase; title: string; rules: RefundRule[] }[] {
  const cases = [...new Set(rules.map((r) => r.case))];
  return cases.map((refundCase) => ({ refundCase, title: REFUND_CASE_TITLES[refundCase], rules: rules.filter((r) => r.case === refundCase) }));
}
