import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@sq/api-client';
import type { CareerCardSkillLevel, MyInfo } from '@sq/contracts';
import { MESSAGES } from '@sq/contracts/messages';
import { SkillLevelSection } from './SkillLevelSection';

const saveSkillVisibility = vi.fn<(show: boolean) => Promise<MyInfo>>();
const getMySkillLevel = vi.fn<() => Promise<Omit<CareerCardSkillLevel, 'completedAt'> | null>>();
vi.mock('../../../shared/card-api', () => ({ saveSkillVisibility: (show: boolean) => saveSkillVisibility(show) }));
vi.mock('../api/get-my-skill-level', async () => {
  const { useAsync } = await import('@sq/ui');
  return { useMySkillLevel: () => useAsync(() => getMySkillLevel(), []) };
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const KEY = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const card = { profileId: 'minji', showSkillLevel: false } as MyInfo;

describe('SkillLevelSection (card editor)', () => {
  it('starts hidden, shows the member’s latest level, and saves the switch', async () => {
    getMySkillLevel.mockResolvedValue({ level: 3, levelName: '중급', shareKey: KEY });
    saveSkillVisibility.mockResolvedValue({ ...card, showSkillLevel: true });
    const onSaved = vi.fn();
    render(<SkillLevelSection card={card} onSaved={onSaved} />);
    const box = screen.getByTestId<HTMLInputElement>('show-skill-level');
    expect(box.checked).toBe(false);
    expect((await screen.findByTestId('editor-skill-level')).textContent).toContain('최근 결과: Lv.3 중급');
    expect(screen.getByRole('link', { name: '결과 보기' }).getAttribute('href')).toBe(`/itskillcheckup/result/${KEY}`);

    fireEvent.click(box);
    fireEvent.click(screen.getByTestId('save-skill-level'));
    expect(await screen.findByText(MESSAGES.profileSaved)).toBeTruthy();
    expect(saveSkillVisibility).toHaveBeenCalledWith(true);
    expect(onSaved).toHaveBeenCalledWith({ ...card, showSkillLevel: true });
  });

  it('invites a member without a result to take the check-up', async () => {
    getMySkillLevel.mockResolvedValue(null);
    render(<SkillLevelSection card={{ ...card, showSkillLevel: true }} onSaved={vi.fn()} />);
    expect(screen.getByTestId<HTMLInputElement>('show-skill-level').checked).toBe(true);
    expect((await screen.findByTestId('editor-skill-level')).textContent).toContain(
      '아직 마친 IT 스킬 체크업이 없어요.',
    );
    expect(screen.getByRole('link', { name: '체크업 하러 가기' }).getAttribute('href')).toBe('/itskillcheckup');
  });

  it('keeps the switch as set and shows the Korean message when the save is refused', async () => {
    getMySkillLevel.mockRejectedValue(new Error('itskill down'));
    saveSkillVisibility.mockRejectedValue(new ApiError('44', MESSAGES.careerCardNotFound, 404));
    const onSaved = vi.fn();
    render(<SkillLevelSection card={card} onSaved={onSaved} />);
    fireEvent.click(screen.getByTestId('show-skill-level'));
    fireEvent.click(screen.getByTestId('save-skill-level'));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.careerCardNotFound);
    expect(screen.getByTestId<HTMLInputElement>('show-skill-level').checked).toBe(true);
    expect(onSaved).not.toHaveBeenCalled();
    // The level could not be read: no level line, the switch still works.
    await waitFor(() => expect(getMySkillLevel).toHaveBeenCalled());
    expect(screen.queryByTestId('editor-skill-level')).toBeNull();
  });
});
