import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import type { ApplicationDetail } from '@sq/contracts/api/applications';
import { HistoryDetailPage } from './HistoryDetailPage';

// The page's calls are the remote's API module (the service's answers are tested in services/programs/test/card-update.test.ts).
vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));
const api = vi.hoisted(() => ({
  getApplication: vi.fn(),
  startCardUpdate: vi.fn(),
  cancelApplication: vi.fn(),
  getCodeNames: vi.fn(),
  getHistory: vi.fn(),
  getJoinProjects: vi.fn(),
}));
vi.mock('../api/applications', () => api);
vi.mock('../api/get-my-team', async () => {
  const { useAsync } = await import('@sq/ui');
  const { ApiError: NotFound } = await import('@sq/api-client');
  return {
    useMyTeam: (joinId: number) =>
      useAsync(() => Promise.reject(new NotFound('40', `no team ${joinId}`, 404, {})), [joinId]),
  };
});
vi.mock('../api/skill', () => ({ getMySkillResult: async () => null, attachSkill: vi.fn() }));

const declined = (cardUpdate: ApplicationDetail['cardUpdate']): ApplicationDetail => ({
  joinId: 7,
  oddId: 212,
  productId: 2,
  productSlug: 'potenday',
  productName: '10일 팀 스프린트',
  kind: 'SPRINT',
  chargePolicy: 'ON_TEAM_PUBLISH',
  cohortName: '2026년 12월',
  cohortStatus: 'TEAM_BUILDING',
  startDate: '2026-12-14',
  endDate: '2026-12-23',
  teamBuildingAnnounceDate: '2026-12-10',
  role: 'DEVELOPER',
  roleName: '개발자',
  state: 'PAYMENT_FAILED',
  stateName: '결제 실패',
  live: true,
  currentStep: null,
  feeKrw: 30_000,
  createdAt: '2026-11-24T03:00:00Z',
  submittedAt: '2026-11-24T03:00:00Z',
  updatedAt: '2026-12-10T01:00:00Z',
  links: { detail: '/mypage/history/7', answers: '/mypage/apply/7', resume: null },
  answers: {},
  history: [],
  cancel: { allowed: false, reason: null, refundKrw: 0 },
  cardUpdate,
  payment: {
    chargePolicy: 'ON_TEAM_PUBLISH',
    amountKrw: 30_000,
    card: '400000******9995',
    reservedAt: null,
    chargeOn: null,
    chargedAt: null,
    chargedKrw: 0,
    refundedKrw: 0,
    refundableTodayKrw: 0,
    refundableUntil: null,
    events: [],
  },
});

const renderDetail = () =>
  render(
    <MemoryRouter initialEntries={['/mypage/history/7']}>
      <Routes>
        <Route path="/mypage/history/:id" element={<HistoryDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('my page: changing the card after a declined team charge', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows the deadline in Korean time and opens the PG card page from "카드 변경"', async () => {
    api.getApplication.mockResolvedValue(declined({ open: true, deadlineAt: '2026-12-12T01:00:00.000Z' }));
    api.startCardUpdate.mockResolvedValue({
      application: declined({ open: true, deadlineAt: '2026-12-12T01:00:00.000Z' }),
      payment: {
        issueId: 'i',
        paymentPageUrl: 'http://pg.example/billing-keys/issue?issueId=i',
        redirectUrl: 'http://site/potenday/cb/212',
      },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderDetail();
    expect((await screen.findByTestId('card-update-deadline')).textContent).toBe('2026.12.12 10:00');
    fireEvent.click(screen.getByTestId('card-update-open'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pg.example/billing-keys/issue?issueId=i'));
    expect(api.startCardUpdate).toHaveBeenCalledWith(7);
    vi.unstubAllGlobals();
  });

  it('says the server’s Korean refusal, and after the deadline that it passed (no button)', async () => {
    api.getApplication.mockResolvedValue(declined({ open: true, deadlineAt: '2026-12-12T01:00:00.000Z' }));
    api.startCardUpdate.mockRejectedValue(new ApiError('30', MESSAGES.cardUpdateClosed, 409, {}));
    renderDetail();
    fireEvent.click(await screen.findByTestId('card-update-open'));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.cardUpdateClosed);
    cleanup();

    api.getApplication.mockResolvedValue(declined({ open: false, deadlineAt: '2026-12-12T01:00:00.000Z' }));
    renderDetail();
    expect((await screen.findByTestId('card-update-closed')).textContent).toBe(MESSAGES.cardUpdateClosed);
    expect(screen.queryByTestId('card-update-open')).toBeNull();
  });

  it('an application without a declined charge shows no card change', async () => {
    api.getApplication.mockResolvedValue({
      ...declined({ open: false, deadlineAt: null }),
      state: 'RESERVED',
      stateName: '결제 예약',
    });
    renderDetail();
    await screen.findByTestId('history-detail');
    expect(screen.queryByTestId('card-update')).toBeNull();
    expect(screen.queryByTestId('card-update-closed')).toBeNull();
  });
});
