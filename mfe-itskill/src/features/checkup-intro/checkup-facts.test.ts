import { describe, expect, it } from 'vitest';
import { checkupFacts } from './checkup-facts';

describe('checkupFacts', () => {
  it('labels questions, minutes and participants with thousands separators', () => {
    expect(checkupFacts({ questionCount: 25, estimatedMinutes: 10, participantCount: 12345 })).toEqual([
      { label: '문항 수', value: '25문항' },
      { label: '소요 시간', value: '약 10분' },
      { label: '참여자', value: '12,345명' },
    ]);
  });

  it('shows zero participants as 0명, not blank', () => {
    expect(checkupFacts({ questionCount: 1, estimatedMinutes: 1, participantCount: 0 })[2]?.value).toBe('0명');
  });
});
