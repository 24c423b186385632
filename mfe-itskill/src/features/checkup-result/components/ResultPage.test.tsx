import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { TOKEN_STORAGE_KEY } from '@sq/api-client';
import type { SharedCheckupResult } from '@sq/contracts';
import { MESSAGES } from '@sq/contracts/messages';
import { ResultPage } from './ResultPage';

const getSharedResult = vi.fn<(key: string) => Promise<SharedCheckupResult>>();
const getMyResult = vi.fn<() => Promise<SharedCheckupResult | null>>();
const getPointReceived = vi.fn<() => Promise<boolean>>();
const claimSkillPoint = vi.fn<() => Promise<number>>();
vi.mock('../api/result-api', () => ({
  getSharedResult: (key: string) => getSharedResult(key),
  getMyResult: () => getMyResult(),
  getPointReceived: () => getPointReceived(),
  claimSkillPoint: () => claimSkillPoint(),
}));

/** An unsigned JWT-shaped token that has not expired (the browser never verifies signatures). */
const token = () =>
  ['{"alg":"ES256"}', JSON.stringify({ sub: '7', sid: 's7', exp: Math.floor(Date.now() / 1000) + 600 }), 'sig']
    .map((p) => btoa(p).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'))
    .join('.');

const KEY = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const result: SharedCheckupResult = {
  shareKey: KEY,
  surveyId: 3,
  surveyTitle: 'IT 스킬 체크업 2026 하반기',
  completedDate: '2026-11-23',
  jobGroupCode: 'JG_DEV',
  jobGroupName: '개발',
  careerBand: 'Y1_3',
  careerBandName: '1~3년',
  totalScore: 76,
  level: 4,
  levelName: '숙련',
  areas: [
    { code: 'DV_CODE', name: '코드와 설계', percent: 0, score: 0, maxScore: 21, level: 1 },
    { code: 'DV_DATA', name: 'API와 데이터', percent: 100, score: 24, maxScore: 24, level: 5 },
  ],
  ranking: { topPercent: 34, peerCount: 3 },
  learnNext: [{ areaCode: 'DV_CODE', areaName: '코드와 설계', advice: '도메인 규칙을 타입으로 표현해 보세요.' }],
};

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/itskillcheckup/result" element={<ResultPage />} />
        <Route path="/itskillcheckup/result/:resultId" element={<ResultPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ResultPage', () => {
  beforeEach(() => getSharedResult.mockResolvedValue(result));
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.clearAllMocks();
  });

  it('shows a shared result to a visitor: level, percentile, area scores and what to learn next, without the point', async () => {
    renderAt(`/itskillcheckup/result/${KEY}`);
    expect(await screen.findByTestId('itskill-level')).toHaveProperty('textContent', 'Lv.4 숙련');
    expect(screen.getByTestId('itskill-ranking').textContent).toBe('같은 직군·경력대 참여자 3명 중 상위 34%예요.');
    expect(screen.getByTestId('itskill-area-chart').textContent).toContain('API와 데이터100점 Lv.5 전문가');
    expect(screen.getByTestId('itskill-learn-next').textContent).toContain('도메인 규칙을 타입으로 표현해 보세요.');
    expect(screen.queryByTestId('itskill-point')).toBeNull();
    expect(getMyResult).not.toHaveBeenCalled();
    expect(getSharedResult).toHaveBeenCalledWith(KEY);
  });

  it('offers the member the point on their own result, once', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, token());
    getMyResult.mockResolvedValue(result);
    getPointReceived.mockResolvedValue(false);
    claimSkillPoint.mockResolvedValue(1_000);
    renderAt('/itskillcheckup/result');
    fireEvent.click(await screen.findByRole('button', { name: '포인트 받기' }, { timeout: 5_000 }));
    expect(await screen.findByText('1,000포인트를 받았어요.')).toBeTruthy();
    expect(screen.getByTestId('itskill-point-claim')).toHaveProperty('disabled', true);
    expect(claimSkillPoint).toHaveBeenCalledTimes(1);
  });

  it('says when the point was already received', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, token());
    getMyResult.mockResolvedValue(result);
    getPointReceived.mockResolvedValue(true);
    renderAt(`/itskillcheckup/result/${KEY}`);
    expect(await screen.findByText(MESSAGES.pointAlreadyGranted, {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('itskill-point-claim')).toHaveProperty('disabled', true);
  });

  it('asks a visitor without a link to sign in for their own result', async () => {
    renderAt('/itskillcheckup/result');
    await waitFor(() => expect(screen.getByText('로그인하면 내 체크업 결과를 볼 수 있어요')).toBeTruthy());
  });
});
