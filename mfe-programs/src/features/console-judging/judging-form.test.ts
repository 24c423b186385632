import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts/messages';
import { prizeRequest, weightedTotal } from './judging-form';

const rubric = [
  { key: 'problem', name: '문제 정의', weight: 25 },
  { key: 'execution', name: '완성도', weight: 35 },
  { key: 'design', name: '사용성과 디자인', weight: 20 },
  { key: 'teamwork', name: '협업', weight: 20 },
];

describe('judging form', () => {
  it('weights the rubric scores into a total out of 1,000, once every criterion is scored', () => {
    expect(weightedTotal(rubric, { problem: 8, execution: 9, design: 7, teamwork: 10 })).toBe(855);
    expect(weightedTotal(rubric, { problem: 10, execution: 10, design: 10, teamwork: 10 })).toBe(1000);
    expect(weightedTotal(rubric, { problem: 8, execution: 9, design: 7 })).toBeNull();
  });

  it('keeps member prizes within 100,000 KRW each and 600,000 KRW with the winning team', () => {
    expect(
      prizeRequest([
        { joinId: '4', amount: '100000' },
        { joinId: '5', amount: '100000' },
      ]),
    ).toEqual({
      prizes: [
        { joinId: 4, amountKrw: 100_000 },
        { joinId: 5, amountKrw: 100_000 },
      ],
      totalKrw: 600_000,
      error: null,
    });
    expect(prizeRequest([{ joinId: '', amount: '' }]).prizes).toEqual([]);
    expect(prizeRequest([{ joinId: '4', amount: '100001' }]).error).toBe(MESSAGES.judgingPrizeLimit);
    expect(
      prizeRequest([
        { joinId: '4', amount: '80000' },
        { joinId: '5', amount: '80000' },
        { joinId: '6', amount: '80000' },
      ]).error,
    ).toBe(MESSAGES.judgingPrizeLimit);
    expect(prizeRequest([{ joinId: '', amount: '50000' }]).error).toBe(MESSAGES.judgingPrizeLimit);
  });
});
