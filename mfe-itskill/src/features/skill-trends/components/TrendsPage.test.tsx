import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { SkillTrends } from '@sq/contracts';
import { TrendsPage } from './TrendsPage';

const getTrends = vi.fn<(surveyId: number | null) => Promise<SkillTrends>>();
vi.mock('../api/trends-api', async () => {
  const { useAsync } = await import('@sq/ui');
  return { useTrends: (surveyId: number | null) => useAsync(() => getTrends(surveyId), [surveyId]) };
});

const seasons = [
  {
    surveyId: 1,
    title: 'IT 스킬 체크업 2026 상반기 (예시)',
    openedDate: '2026-03-01',
    isDemo: true,
    participantCount: 36,
  },
  { surveyId: 3, title: 'IT 스킬 체크업 2026 하반기', openedDate: '2026-11-01', isDemo: false, participantCount: 2 },
];
const trends: SkillTrends = {
  season: seasons[1]!,
  seasons,
  levels: [
    {
      jobGroupCode: 'JG_PLAN',
      jobGroupName: '기획',
      careerBand: 'Y3_5',
      careerBandName: '3~5년',
      participantCount: 1,
      averageScore: 71.5,
      averageLevel: 4,
    },
    {
      jobGroupCode: 'JG_DEV',
      jobGroupName: '개발',
      careerBand: 'Y1_3',
      careerBandName: '1~3년',
      participantCount: 1,
      averageScore: 40,
      averageLevel: 3,
    },
  ],
  missedAreas: [
    {
      jobGroupCode: 'JG_PLAN',
      jobGroupName: '기획',
      areaCode: 'PL_PROBLEM',
      areaName: '문제 정의',
      averagePercent: 12.5,
    },
    { jobGroupCode: 'JG_DEV', jobGroupName: '개발', areaCode: 'DV_CODE', areaName: '코드와 설계', averagePercent: 20 },
  ],
  changes: [
    {
      jobGroupCode: 'JG_PLAN',
      jobGroupName: '기획',
      points: [
        { surveyId: 1, title: seasons[0]!.title, isDemo: true, averageScore: 50 },
        { surveyId: 3, title: seasons[1]!.title, isDemo: false, averageScore: 71.5 },
      ],
    },
  ],
};

describe('TrendsPage', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('gives screen readers a table for each chart, and marks demo seasons', async () => {
    getTrends.mockResolvedValue(trends);
    render(
      <MemoryRouter initialEntries={['/itskilltrends']}>
        <TrendsPage />
      </MemoryRouter>,
    );
    const levels = await screen.findByRole('table', { name: '직군·경력별 평균 점수 (100점 만점)' });
    expect(within(levels).getByRole('row', { name: '3~5년 71.5점 -' })).toBeTruthy();
    const missed = screen.getByRole('table', { name: '직군별로 평균 점수가 가장 낮은 영역' });
    expect(
      within(missed)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['직군영역평균 점수', '기획문제 정의12.5점', '개발코드와 설계20점']);
    const changes = screen.getByRole('table', { name: '시즌별 직군 평균 점수' });
    expect(within(changes).getByRole('row', { name: '2026 상반기 (예시) 50점' })).toBeTruthy();
    expect(screen.getByTestId('itskill-trends-participants').textContent).toBe('참여자 2명');
    expect(getTrends).toHaveBeenCalledWith(null);
  });

  it('labels a demo season as example data when it is chosen', async () => {
    getTrends.mockResolvedValue({ ...trends, season: seasons[0]! });
    render(
      <MemoryRouter initialEntries={['/itskilltrends?season=1']}>
        <TrendsPage />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('itskill-trends-participants')).textContent).toContain('예시 데이터');
    expect(getTrends).toHaveBeenCalledWith(1);
  });
});
