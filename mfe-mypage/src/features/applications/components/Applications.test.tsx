import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import type { ApplicationDetail, ApplicationSummary } from '@sq/contracts/api/applications';
import { AnswersPage } from './AnswersPage';
import { HistoryDetailPage } from './HistoryDetailPage';
import { HistoryPage } from './HistoryPage';

vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));
const api = vi.hoisted(() => ({
  getHistory: vi.fn(),
  getApplication: vi.fn(),
  cancelApplication: vi.fn(),
  getCodeNames: vi.fn(),
  getJoinProjects: vi.fn(),
}));
vi.mock('../api/applications', () => api);
// These applications have no published team yet (the team section's own states: team/TeamSection.test.tsx).
vi.mock('../api/get-my-team', async () => {
  const { useAsync } = await import('@sq/ui');
  const { ApiError: NotFound } = await import('@sq/api-client');
  return {
    useMyTeam: (joinId: number) =>
      useAsync(() => Promise.reject(new NotFound('40', `no team ${joinId}`, 404, {})), [joinId]),
  };
});
// The IT skill box asks for the member's result; here they have none.
vi.mock('../api/skill', () => ({ getMySkillResult: async () => null, attachSkill: vi.fn() }));

const summary = (over: Partial<ApplicationSummary>): ApplicationSummary => ({
  joinId: 5,
  oddId: 12,
  productId: 1,
  productSlug: 'bside',
  productName: '14주 팀 프로젝트',
  kind: 'TEAM_PROJECT',
  chargePolicy: 'ON_TEAM_PUBLISH',
  cohortName: '12기',
  cohortStatus: 'RECRUITING',
  startDate: '2027-01-04',
  endDate: '2027-04-11',
  teamBuildingAnnounceDate: '2026-12-15',
  role: 'DEVELOPER',
  roleName: '개발자',
  state: 'RESERVED',
  stateName: '결제 예약',
  live: true,
  currentStep: null,
  feeKrw: 300_000,
  createdAt: '2026-11-19T16:00:00Z',
  submittedAt: '2026-11-19T16:30:00Z',
  updatedAt: '2026-11-20T00:00:00Z',
  links: { detail: '/mypage/history/5', answers: '/mypage/apply/5', resume: null },
  ...over,
});

const detail = (over: Partial<ApplicationDetail> = {}): ApplicationDetail => ({
  ...summary({}),
  answers: {},
  history: [],
  cancel: { allowed: true, reason: null, refundKrw: 0 },
  cardUpdate: { open: false, deadlineAt: null },
  payment: {
    chargePolicy: 'ON_TEAM_PUBLISH',
    amountKrw: 300_000,
    card: '424242******4242',
    reservedAt: '2026-11-19T16:30:00Z',
    chargeOn: '2026-12-15',
    chargedAt: null,
    chargedKrw: 0,
    refundedKrw: 0,
    refundableTodayKrw: 0,
    refundableUntil: null,
    events: [{ type: 'RESERVED', name: '결제 예약', at: '2026-11-19T16:30:00Z', amountKrw: 300_000, note: null }],
  },
  ...over,
});

function renderAt(pattern: string, element: React.ReactNode, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('my applications', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('/mypage/history lists every application in the order the server gives (newest first), state in Korean, with dates in Korea', async () => {
    api.getHistory.mockResolvedValue([
      summary({ joinId: 9, productName: '플래너 코스', cohortName: '3기', state: 'PAID', stateName: '결제 완료' }),
      summary({}),
    ]);
    renderAt('/mypage/history', <HistoryPage />, '/mypage/history');
    const items = await screen.findAllByTestId('application-item');
    expect(items.map((i) => i.getAttribute('href'))).toEqual(['/mypage/history/9', '/mypage/history/5']);
    expect(within(items[0]!).getByTestId('state-badge').textContent).toBe('결제 완료');
    // 2026-11-19T16:30Z is the 20th in Korea.
    expect(items[1]!.textContent).toContain('지원 2026.11.20');
    expect(items[1]!.textContent).toContain('14주 팀 프로젝트 12기');
  });

  it('an empty history says so and points to the programs', async () => {
    api.getHistory.mockResolvedValue([]);
    renderAt('/mypage/history', <HistoryPage />, '/mypage/history');
    expect(await screen.findByText('아직 지원한 프로그램이 없어요')).toBeTruthy();
  });

  it('/mypage/history/{id}: payment timeline, then a confirmed cancel releases the reservation', async () => {
    api.getApplication.mockResolvedValue(detail());
    api.cancelApplication.mockResolvedValue({
      application: detail({
        state: 'CANCELLED',
        stateName: '지원 취소',
        cancel: { allowed: false, reason: MESSAGES.cancelNotAllowed, refundKrw: 0 },
      }),
      refundKrw: 0,
    });
    renderAt('/mypage/history/:id', <HistoryDetailPage />, '/mypage/history/5');
    const timeline = await screen.findByTestId('payment-timeline');
    expect(within(timeline).getByTestId('reserved-at').textContent).toBe('2026.11.20');
    expect(within(timeline).getByTestId('charge-on').textContent).toContain('2026.12.15');
    fireEvent.click(screen.getByTestId('cancel-open'));
    const dialog = await screen.findByRole('dialog', { name: '지원을 취소할까요?' });
    expect(within(dialog).getByTestId('cancel-quote').textContent).toContain('결제 예약이 해제되고');
    expect(api.cancelApplication).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByTestId('cancel-confirm'));
    await waitFor(() => expect(screen.getByTestId('cancel-done').textContent).toBe('지원이 취소되었어요.'));
    expect(api.cancelApplication).toHaveBeenCalledWith(5);
    expect(screen.getByTestId('state-badge').textContent).toBe('지원 취소');
    expect(screen.queryByTestId('cancel-open')).toBeNull();
  });

  it('a paid application quotes today’s refund and its last day; the refund shows after cancelling', async () => {
    const paid = detail({
      state: 'PAID',
      stateName: '결제 완료',
      chargePolicy: 'AT_PURCHASE',
      cancel: { allowed: true, reason: null, refundKrw: 350_000 },
      payment: {
        ...detail().payment,
        chargePolicy: 'AT_PURCHASE',
        reservedAt: null,
        chargeOn: null,
        chargedAt: '2026-11-19T16:30:00Z',
        chargedKrw: 350_000,
        amountKrw: 350_000,
        refundableTodayKrw: 350_000,
        refundableUntil: '2026-11-26',
      },
    });
    api.getApplication.mockResolvedValue(paid);
    api.cancelApplication.mockResolvedValue({
      application: {
        ...paid,
        state: 'REFUNDED',
        stateName: '환불 완료',
        cancel: { allowed: false, reason: null, refundKrw: 0 },
      },
      refundKrw: 350_000,
    });
    renderAt('/mypage/history/:id', <HistoryDetailPage />, '/mypage/history/5');
    expect((await screen.findByTestId('refundable-today')).textContent).toBe('350,000원 환불 (2026.11.26까지)');
    fireEvent.click(screen.getByTestId('cancel-open'));
    expect((await screen.findByTestId('cancel-quote')).textContent).toContain('오늘 취소하면 350,000원이 환불돼요.');
    fireEvent.click(screen.getByTestId('cancel-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('cancel-done').textContent).toBe('지원이 취소되었어요. 350,000원이 환불돼요.'),
    );
  });

  it('during team building there is no cancel button; the page says to use the support channel', async () => {
    api.getApplication.mockResolvedValue(
      detail({
        state: 'TEAM_BUILDING',
        stateName: '팀 빌딩 중',
        cancel: { allowed: false, reason: MESSAGES.cancelDuringTeamBuilding, refundKrw: 0 },
      }),
    );
    renderAt('/mypage/history/:id', <HistoryDetailPage />, '/mypage/history/5');
    expect((await screen.findByTestId('cancel-unavailable')).textContent).toBe(MESSAGES.cancelDuringTeamBuilding);
    expect(screen.queryByTestId('cancel-open')).toBeNull();
  });

  it('a refused cancel keeps the dialog open with the server message', async () => {
    api.getApplication.mockResolvedValue(detail());
    api.cancelApplication.mockRejectedValue(new ApiError('30', MESSAGES.cancelDuringTeamBuilding, 409, {}));
    renderAt('/mypage/history/:id', <HistoryDetailPage />, '/mypage/history/5');
    fireEvent.click(await screen.findByTestId('cancel-open'));
    fireEvent.click(await screen.findByTestId('cancel-confirm'));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGES.cancelDuringTeamBuilding));
  });

  it("another member's application (404) is the Korean not-found page, for the detail and the answers", async () => {
    api.getApplication.mockRejectedValue(new ApiError('40', MESSAGES.applyNotFound, 404, {}));
    api.getCodeNames.mockResolvedValue({});
    renderAt('/mypage/history/:id', <HistoryDetailPage />, '/mypage/history/6');
    expect((await screen.findByTestId('application-not-found')).textContent).toContain(MESSAGES.applyNotFound);
    cleanup();
    renderAt('/mypage/apply/:jid', <AnswersPage />, '/mypage/apply/6');
    expect((await screen.findByTestId('application-not-found')).textContent).toContain(MESSAGES.applyNotFound);
  });

  it('/mypage/apply/{jid} shows the submitted answers read-only, codes by name', async () => {
    api.getApplication.mockResolvedValue(
      detail({
        answers: {
          required: {
            contactEmail: 'c@example.com',
            phone: '010-1234-5678',
            jobGroup: 'JG_DEV',
            position: 'POS_BACKEND',
            careerYears: 'CY_1_3Y',
            experienceMonths: 18,
            role: 'DEVELOPER',
          },
          aside: {
            portfolioUrl: null,
            githubUrl: 'https://github.com/minji',
            wantToBuild: '중고 거래 앱',
            availableTime: '평일 저녁',
            friendCareerCardIds: ['minsu'],
          },
          product: {
            kind: 'TEAM_PROJECT',
            motivation: '출시',
            roleQuestions: { role: 'DEVELOPER', stack: ['React', 'Spring'], shippedExperience: '운영' },
          },
        },
      }),
    );
    api.getCodeNames.mockResolvedValue({ JG_DEV: '개발', POS_BACKEND: '백엔드', CY_1_3Y: '1년 이상 3년 미만' });
    renderAt('/mypage/apply/:jid', <AnswersPage />, '/mypage/apply/5');
    const page = await screen.findByTestId('answers');
    for (const text of [
      '백엔드',
      '1년 이상 3년 미만',
      '18개월',
      '개발자',
      'https://github.com/minji',
      'minsu',
      'React, Spring',
      '운영',
    ])
      expect(page.textContent).toContain(text);
    expect(page.querySelector('input, textarea, select')).toBeNull();
  });
});
