import { describe, expect, it } from 'vitest';
import type { RefundRule } from './api/programs';
import { groupRules, shareText } from './refund-text';

const rule = (over: Partial<RefundRule>): RefundRule => ({
  case: 'INDIVIDUAL',
  phase: 'p',
  refundPercent: 0,
  refundRatio: { numerator: 0, denominator: 100 },
  refundAmountKrw: null,
  boundary: null,
  condition: null,
  ...over,
});

describe('refund text', () => {
  it('words each share with the amount of the fee, rounded down', () => {
    expect(shareText(rule({ refundRatio: { numerator: 100, denominator: 100 } }), 300_000)).toBe(
      '전액 환불(300,000원)',
    );
    expect(shareText(rule({ refundRatio: { numerator: 80, denominator: 100 } }), 300_000)).toBe('80% 환불(240,000원)');
    expect(shareText(rule({ refundRatio: { numerator: 2, denominator: 3 } }), 350_000)).toBe('3분의 2 환불(233,333원)');
    expect(shareText(rule({}), 300_000)).toBe('환불 불가');
    expect(shareText(rule({ case: 'REWARD', refundAmountKrw: 50_000 }), 350_000)).toBe('50,000원 환급');
    expect(shareText(rule({ case: 'REWARD', refundRatio: { numerator: 50, denominator: 100 } }), 350_000)).toBe(
      '참가비의 50%(175,000원) 환급',
    );
    expect(shareText(rule({ case: 'REWARD', refundRatio: { numerator: 1, denominator: 1 } }), 300_000)).toBe(
      '참가비 전액(300,000원) 환급',
    );
  });

  it('groups rules by case in row order', () => {
    const groups = groupRules([
      rule({ case: 'INDIVIDUAL' }),
      rule({ case: 'TEAM_STOP' }),
      rule({ case: 'INDIVIDUAL' }),
    ]);
    expect(groups.map((g) => [g.refundCase, g.rules.length])).toEqual([
      ['INDIVIDUAL', 2],
      ['TEAM_STOP', 1],
    ]);
    expect(groups[0]!.title).toBe('본인 사정으로 취소하는 경우');
  });
});
