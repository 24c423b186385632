import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, TOKEN_STORAGE_KEY } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import type { ApplicationDetail, ApplicationSummary } from '@sq/contracts/api/applications';
import { cohort, draftOf } from '../test-fixtures';
import { DupcheckPage, PotendayDupcheckPage } from './DupcheckPage';
import { BookFailPage, BookSuccessPage } from './BookResultPages';
import { PaymentCallbackPage } from './PaymentCallbackPage';

vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));
const api = vi.hoisted(() => ({
  getDupcheck: vi.fn(),
  confirmPayment: vi.fn(),
  getApplication: vi.fn(),
  getCohort: vi.fn(),
}));
vi.mock('../api/applications', () => ({
  getDupcheck: api.getDupcheck,
  confirmPayment: api.confirmPayment,
  getApplication: api.getApplication,
}));
vi.mock('../api/get-cohort', () => ({ getCohort: api.getCohort }));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}
const where = () => screen.getByTestId('where').textContent;

function renderRoute(pattern: string, element: React.ReactNode, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const {
  order: _order,
  flow: _flow,
  steps: _steps,
  answers: _answers,
  maxFriends: _m,
  minExperienceMonths: _e,
  lastFailure: _l,
  ...summaryBase
} = draftOf();
const reserved: ApplicationSummary = {
  ...summaryBase,
  state: 'RESERVED',
  stateName: '결제 예약',
  role: 'DEVELOPER',
  roleName: '개발자',
  currentStep: null,
  submittedAt: '2026-11-20T02:00:00Z',
  links: { ...summaryBase.links, resume: null },
};

describe('duplicate check', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('a member who already applied sees that application and a link to it in my page, not a second wizard', async () => {
    api.getCohort.mockResolvedValue(cohort);
    api.getDupcheck.mockResolvedValue({ applied: true, application: reserved, open: true, closedReason: null });
    renderRoute('/:product/apply/:oddId/dupcheck', <DupcheckPage />, '/bside/apply/12/dupcheck');
    const page = await screen.findByTestId('dupcheck-applied');
    expect(page.textContent).toContain('이미 지원한 기수예요');
    expect(screen.getByTestId('application-state').textContent).toBe('결제 예약');
    expect(screen.getByRole('link', { name: '지원 내역 보기' }).getAttribute('href')).toBe('/mypage/history/77');
    expect(where()).toBe('/bside/apply/12/dupcheck');
  });

  it('an unfinished application resumes where it stopped; no application goes on into the wizard', async () => {
    api.getCohort.mockResolvedValue(cohort);
    api.getDupcheck.mockResolvedValue({
      applied: true,
      application: { ...reserved, state: 'DRAFT', links: { ...reserved.links, resume: '/bside/apply/12/aside' } },
      open: true,
      closedReason: null,
    });
    renderRoute('/:product/apply/:oddId/dupcheck', <DupcheckPage />, '/bside/apply/12/dupcheck');
    await waitFor(() => expect(where()).toBe('/bside/apply/12/aside'));
    cleanup();
    api.getDupcheck.mockResolvedValue({ applied: false, application: null, open: true, closedReason: null });
    renderRoute('/:product/apply/:oddId/dupcheck', <DupcheckPage />, '/bside/apply/12/dupcheck');
    await waitFor(() => expect(where()).toBe('/bside/apply/12/required'));
  });

  it('a full cohort says why in Korean; another program’s dupcheck path goes to its own', async () => {
    api.getCohort.mockResolvedValue(cohort);
    api.getDupcheck.mockResolvedValue({
      applied: false,
      application: null,
      open: false,
      closedReason: MESSAGES.applyCohortFull,
    });
    renderRoute('/:product/apply/:oddId/dupcheck', <DupcheckPage />, '/bside/apply/12/dupcheck');
    expect((await screen.findByTestId('apply-closed')).textContent).toContain(MESSAGES.applyCohortFull);
    cleanup();
    renderRoute('/potenday/apply/:oddId/dupcheck', <PotendayDupcheckPage />, '/potenday/apply/12/dupcheck');
    await waitFor(() => expect(where()).toBe('/bside/apply/12/dupcheck'));
  });

  it('an unknown cohort is the error page', async () => {
    api.getCohort.mockRejectedValue(new ApiError('40', MESSAGES.notFound, 404, {}));
    api.getDupcheck.mockRejectedValue(new ApiError('40', MESSAGES.applyCohortNotFound, 404, {}));
    renderRoute('/:product/apply/:oddId/dupcheck', <DupcheckPage />, '/bside/apply/999/dupcheck');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.pageNotFound);
  });
});

/** A well-formed unexpired token (ES256 header, sub, sid, exp); the signature is the gateway's business. */
const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const signedToken = () =>
  `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64({ sub: '7', sid: 's1', exp: 4_102_444_800 })}.c2ln`;

describe('payment results', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.clearAllMocks();
  });

  it('the fail page shows the PG reason in Korean and a retry to the book step, where the answers are kept', async () => {
    api.getCohort.mockResolvedValue(cohort);
    renderRoute(
      '/:product/book/fail/:oddId',
      <BookFailPage />,
      `/bside/book/fail/12?code=CARD_DECLINED&message=${encodeURIComponent('카드가 거절되었어요.')}`,
    );
    expect((await screen.findByTestId('fail-reason')).textContent).toBe('카드가 거절되었어요.');
    expect(screen.getByTestId('fail-retry').getAttribute('href')).toBe('/bside/apply/12/book');
    expect(screen.getByRole('link', { name: '지원서 수정하기' }).getAttribute('href')).toBe('/bside/apply/12/required');
  });

  it('the mobile callback confirms with the server, then goes on to the page it names', async () => {
    api.getCohort.mockResolvedValue(cohort);
    api.confirmPayment.mockResolvedValue({ next: '/bside/book/success/77' });
    renderRoute('/bisde/cb/:oddId', <PaymentCallbackPage />, '/bisde/cb/12?billingKey=bk_9&issueId=iss_9');
    await waitFor(() => expect(where()).toBe('/bside/book/success/77'));
    expect(api.confirmPayment).toHaveBeenCalledWith(12, {
      issueId: 'iss_9',
      billingKey: 'bk_9',
      code: undefined,
      message: undefined,
    });
  });

  it('a refusal the server confirmed goes to the fail page with the PG reason', async () => {
    api.getCohort.mockResolvedValue(cohort);
    api.confirmPayment.mockResolvedValue({
      result: 'PAYMENT_FAILED',
      next: '/bside/book/fail/12',
      failure: { code: 'CARD_DECLINED', message: '카드사에서 승인을 거절했어요.' },
    });
    renderRoute('/bisde/cb/:oddId', <PaymentCallbackPage />, '/bisde/cb/12?issueId=iss_9&code=CARD_DECLINED');
    await waitFor(() =>
      expect(where()).toBe(
        `/bside/book/fail/12?code=CARD_DECLINED&message=${encodeURIComponent('카드사에서 승인을 거절했어요.').replace(/%20/g, '+')}`,
      ),
    );
  });

  it('a callback without an issue goes to the fail page with the reason it came with', async () => {
    api.getCohort.mockResolvedValue(cohort);
    renderRoute(
      '/bisde/cb/:oddId',
      <PaymentCallbackPage />,
      `/bisde/cb/12?code=X&message=${encodeURIComponent('사용자가 결제를 취소했어요.')}`,
    );
    await waitFor(() =>
      expect(where()).toBe(
        `/bside/book/fail/12?code=X&message=${new URLSearchParams({ m: '사용자가 결제를 취소했어요.' }).toString().slice(2)}`,
      ),
    );
    expect(api.confirmPayment).not.toHaveBeenCalled();
  });

  it('signed out (the page is public), the success page says where to find the application without asking for it', async () => {
    renderRoute('/:product/book/success/:orderId', <BookSuccessPage />, '/bside/book/success/77');
    expect(await screen.findByText('신청이 접수되었어요')).toBeTruthy();
    expect(api.getApplication).not.toHaveBeenCalled();
  });

  it('the success page says what was reserved and when it will be charged', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, signedToken());
    const detail = {
      ...reserved,
      answers: {},
      history: [],
      cancel: { allowed: true, reason: null, refundKrw: 0 },
      cardUpdate: { open: false, deadlineAt: null },
      payment: {
        chargePolicy: 'ON_TEAM_PUBLISH',
        amountKrw: 300_000,
        card: '424242******4242',
        reservedAt: '2026-11-20T02:00:00Z',
        chargeOn: '2026-12-15',
        chargedAt: null,
        chargedKrw: 0,
        refundedKrw: 0,
        refundableTodayKrw: 0,
        refundableUntil: null,
        events: [],
      },
    } as ApplicationDetail;
    api.getApplication.mockResolvedValue(detail);
    renderRoute('/:product/book/success/:orderId', <BookSuccessPage />, '/bside/book/success/77');
    const next = await screen.findByTestId('book-next');
    expect(next.textContent).toContain('300,000원 결제가 예약되었어요');
    expect(next.textContent).toContain('2026.12.15');
    expect(api.getApplication).toHaveBeenCalledWith(77, expect.anything());
  });
});
