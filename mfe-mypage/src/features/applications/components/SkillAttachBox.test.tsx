import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@sq/api-client';
import type { AttachSkillResponse, SharedCheckupResult } from '@sq/contracts';
import { MESSAGES } from '@sq/contracts/messages';
import { SkillAttachBox } from './SkillAttachBox';

const getMySkillResult = vi.fn<() => Promise<SharedCheckupResult | null>>();
const attachSkill = vi.fn<(surveyId: number, joinId: number) => Promise<AttachSkillResponse['attached']>>();
vi.mock('../api/skill', () => ({
  getMySkillResult: () => getMySkillResult(),
  attachSkill: (s: number, j: number) => attachSkill(s, j),
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const KEY = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const result = {
  shareKey: KEY,
  surveyId: 3,
  surveyTitle: 'IT 스킬 체크업 2026 하반기',
  level: 3,
  levelName: '중급',
} as SharedCheckupResult;

describe('SkillAttachBox (application detail)', () => {
  it('attaches the member’s latest result to this application once', async () => {
    getMySkillResult.mockResolvedValue(result);
    attachSkill.mockResolvedValue({ surveyId: 3, joinId: 5, shareKey: KEY, level: 3, levelName: '중급' });
    render(<SkillAttachBox joinId={5} />);
    expect((await screen.findByTestId('skill-attach')).textContent).toContain(
      '최근 결과: Lv.3 중급 (IT 스킬 체크업 2026 하반기)',
    );
    fireEvent.click(screen.getByTestId('skill-attach-button'));
    expect((await screen.findByRole('status')).textContent).toBe('Lv.3 중급 결과를 이 지원서에 첨부했어요.');
    expect(attachSkill).toHaveBeenCalledWith(3, 5);
    expect(screen.getByTestId('skill-attach-button')).toHaveProperty('disabled', true);
  });

  it('shows the Korean message when attaching is refused, and lets the member try again', async () => {
    getMySkillResult.mockResolvedValue(result);
    attachSkill.mockRejectedValue(new ApiError('44', MESSAGES.checkupResultMissing, 404));
    render(<SkillAttachBox joinId={5} />);
    fireEvent.click(await screen.findByTestId('skill-attach-button'));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.checkupResultMissing);
    expect(screen.getByTestId('skill-attach-button')).toHaveProperty('disabled', false);
  });

  it('points a member without a result to the check-up', async () => {
    getMySkillResult.mockResolvedValue(null);
    render(<SkillAttachBox joinId={5} />);
    expect((await screen.findByTestId('skill-attach')).textContent).toContain('아직 마친 IT 스킬 체크업이 없어요.');
    expect(screen.getByRole('link', { name: '체크업 하러 가기' }).getAttribute('href')).toBe('/itskillcheckup');
    expect(screen.queryByTestId('skill-attach-button')).toBeNull();
  });
});
