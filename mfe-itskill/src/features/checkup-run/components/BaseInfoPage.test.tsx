import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { CheckupBaseInfo } from '@sq/contracts';
import { MESSAGES } from '@sq/contracts/messages';
import type { BaseInfoChoices } from '../api/checkup-run-api';
import { BaseInfoPage } from './BaseInfoPage';

const getBaseInfoChoices = vi.fn<() => Promise<BaseInfoChoices>>();
const startRun = vi.fn<(base: CheckupBaseInfo) => Promise<unknown>>();
vi.mock('../api/checkup-run-api', () => ({
  getBaseInfoChoices: () => getBaseInfoChoices(),
  startRun: (base: CheckupBaseInfo) => startRun(base),
}));

const choices = (prefill: Partial<CheckupBaseInfo>): BaseInfoChoices => ({
  jobGroups: [
    { code: 'JG_PLAN', name: '기획', positions: [{ code: 'POS_PM', name: 'PM' }] },
    {
      code: 'JG_DEV',
      name: '개발',
      positions: [
        { code: 'POS_FRONTEND', name: '프론트엔드' },
        { code: 'POS_BACKEND', name: '백엔드' },
      ],
    },
  ],
  careerYears: [
    { code: 'CY_1_3Y', name: '1년 이상 3년 미만' },
    { code: 'CY_3_5Y', name: '3년 이상 5년 미만' },
  ],
  prefill,
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/itskillcheckup/step-a']}>
      <Routes>
        <Route path="/itskillcheckup/step-a" element={<BaseInfoPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('BaseInfoPage (step A)', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('starts from the career card’s job group, position and career years, and goes to the questions', async () => {
    getBaseInfoChoices.mockResolvedValue(
      choices({ jobGroupCode: 'JG_DEV', positionCode: 'POS_BACKEND', yearCode: 'CY_3_5Y' }),
    );
    startRun.mockResolvedValue({});
    renderPage();
    expect(((await screen.findByRole('radio', { name: '개발' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: '포지션 (선택)' }) as HTMLSelectElement).value).toBe('POS_BACKEND');
    expect((screen.getByRole('combobox', { name: '경력' }) as HTMLSelectElement).value).toBe('CY_3_5Y');
    fireEvent.click(screen.getByTestId('itskill-step-a-next'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/itskillcheckup/step-b'));
    expect(startRun).toHaveBeenCalledWith({ jobGroupCode: 'JG_DEV', positionCode: 'POS_BACKEND', yearCode: 'CY_3_5Y' });
  });

  it('asks for the job group and career years before anything is sent, and drops a position of another group', async () => {
    getBaseInfoChoices.mockResolvedValue(choices({ positionCode: 'POS_BACKEND' }));
    renderPage();
    fireEvent.click(await screen.findByTestId('itskill-step-a-next'));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([MESSAGES.jobGroupRequired, MESSAGES.careerYearsRequired]);
    expect(startRun).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: '기획' }));
    expect((screen.getByRole('combobox', { name: '포지션 (선택)' }) as HTMLSelectElement).value).toBe('');
  });
});
