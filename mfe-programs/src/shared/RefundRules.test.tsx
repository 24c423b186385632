import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { RefundRule } from '@sq/contracts';
import { RefundRules } from './RefundRules';

const rule = (over: Partial<RefundRule>): RefundRule => ({
  case: 'INDIVIDUAL',
  phase: '단계',
  refundPercent: 0,
  refundRatio: { numerator: 0, denominator: 100 },
  refundAmountKrw: null,
  boundary: null,
  condition: null,
  ...over,
});
const RULES: RefundRule[] = [
  rule({ phase: '팀 빌딩 발표 전날까지', refundPercent: 100, refundRatio: { numerator: 100, denominator: 100 } }),
  rule({ phase: '킥오프 밋업까지', refundPercent: 80, refundRatio: { numerator: 80, denominator: 100 } }),
  rule({ phase: '시작 2주 후부터' }),
  rule({
    case: 'TEAM_STOP',
    phase: '팀 활동 중단: 1~4주차',
    refundPercent: 67,
    refundRatio: { numerator: 2, denominator: 3 },
  }),
];

afterEach(cleanup);

describe('RefundRules', () => {
  it('shows each case with its phases worded like the FAQ and the terms, amounts from the fee', () => {
    render(<RefundRules rules={RULES} feeKrw={300_000} />);
    expect(screen.getByRole('heading', { name: '본인 사정으로 취소하는 경우' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '팀 활동이 중단된 경우' })).toBeTruthy();
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual([
      '팀 빌딩 발표 전날까지전액 환불(300,000원)',
      '킥오프 밋업까지80% 환불(240,000원)',
      '시작 2주 후부터환불 불가',
      '팀 활동 중단: 1~4주차3분의 2 환불(200,000원)',
    ]);
  });

  it("adds a cohort's last day to each phase that has one (Korean calendar day)", () => {
    const schedule = [
      {
        case: 'INDIVIDUAL' as const,
        phase: '팀 빌딩 발표 전날까지',
        refundPercent: 100,
        until: '2026-12-14T15:00:00.000Z',
      },
      { case: 'INDIVIDUAL' as const, phase: '킥오프 밋업까지', refundPercent: 80, until: '2027-01-02' },
      { case: 'INDIVIDUAL' as const, phase: '시작 2주 후부터', refundPercent: 0, until: null },
    ];
    render(<RefundRules rules={RULES.slice(0, 3)} feeKrw={300_000} schedule={schedule} />);
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual([
      '팀 빌딩 발표 전날까지2026.12.15까지전액 환불(300,000원)',
      '킥오프 밋업까지2027.01.02까지80% 환불(240,000원)',
      '시작 2주 후부터환불 불가',
    ]);
  });

  it('says so when no rule is registered', () => {
    render(<RefundRules rules={[]} feeKrw={300_000} />);
    expect(screen.getByText('환불 규정이 아직 등록되지 않았어요.')).toBeTruthy();
  });
});
