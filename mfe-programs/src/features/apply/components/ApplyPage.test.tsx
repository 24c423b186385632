import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import type { ApplicationDraft } from '@sq/contracts/api/applications';
import { careerYears, cohort, draftOf, jobGroups, product, requiredAnswers, user } from '../test-fixtures';
import { ApplyPage } from './ApplyPage';

vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));

const api = vi.hoisted(() => ({
  openDraft: vi.fn(),
  saveStep: vi.fn(),
  book: vi.fn(),
  confirmPayment: vi.fn(),
  getCohortWithProduct: vi.fn(),
}));
vi.mock('../api/applications', () => ({
  openDraft: api.openDraft,
  saveStep: api.saveStep,
  book: api.book,
  confirmPayment: api.confirmPayment,
}));
vi.mock('../api/get-cohort', () => ({ getCohortWithProduct: api.getCohortWithProduct }));
vi.mock('../api/get-me', () => ({ getMe: () => Promise.resolve(user) }));
vi.mock('../api/get-codes', () => ({
  getJobGroups: () => Promise.resolve(jobGroups),
  getCareerYears: () => Promise.resolve(careerYears),
}));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <ApplyPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const errorUnder = (label: string | RegExp) =>
  field(label).closest('label')?.parentElement?.querySelector('[data-field-error]')?.textContent;

async function step(name: string) {
  return waitFor(() => {
    const wizard = screen.getByTestId('apply-wizard');
    expect(wizard.dataset.step).toBe(name);
    return wizard;
  });
}

describe('apply wizard', () => {
  beforeEach(() => {
    api.getCohortWithProduct.mockResolvedValue({ cohort, product });
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    vi.clearAllMocks();
  });

  it('required: prefills contact e-mail and phone from the account in the spec format, and the role from the job group', async () => {
    api.openDraft.mockResolvedValue(draftOf());
    renderAt('/bside/apply/12/required');
    await step('required');
    await waitFor(() => expect(field('연락받을 이메일').value).toBe('contact@example.com'));
    expect(field('휴대폰 번호').value).toBe('010-1234-5678');
    expect((screen.getByLabelText('직군') as HTMLSelectElement).value).toBe('JG_DEV');
    expect((screen.getByLabelText('지원 직군') as HTMLSelectElement).value).toBe('DEVELOPER');
    // The phone formatter strips non-digits and inserts hyphens as the member types.
    type('휴대폰 번호', '010 9876 5432');
    expect(field('휴대폰 번호').value).toBe('010-9876-5432');
  });

  it('required: refuses less than 6 months of IT work in Korean, without asking the server', async () => {
    api.openDraft.mockResolvedValue(draftOf());
    renderAt('/bside/apply/12/required');
    await waitFor(() => expect(field('연락받을 이메일').value).toBe('contact@example.com'));
    fireEvent.change(screen.getByLabelText('포지션'), { target: { value: 'POS_BACKEND' } });
    fireEvent.change(screen.getByLabelText('경력'), { target: { value: 'CY_UNDER_6M' } });
    type('IT 실무 경력(개월)', '3');
    expect(screen.getByText('IT 실무 경력 6개월 이상부터 지원할 수 있어요.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(errorUnder('IT 실무 경력(개월)')).toBe('IT 실무 경력 6개월 이상부터 지원할 수 있어요.'));
    expect(api.saveStep).not.toHaveBeenCalled();
  });

  it('required: an empty field shows its catalogue message and nothing is sent', async () => {
    api.openDraft.mockResolvedValue(draftOf());
    renderAt('/bside/apply/12/required');
    await waitFor(() => expect(field('연락받을 이메일').value).toBe('contact@example.com'));
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(errorUnder('포지션')).toBe(MESSAGES.positionRequired));
    expect(errorUnder('경력')).toBe(MESSAGES.careerYearsRequired);
    expect(api.saveStep).not.toHaveBeenCalled();
  });

  it('required: the server message shows next to its field and every typed value stays', async () => {
    api.openDraft.mockResolvedValue(draftOf());
    api.saveStep.mockRejectedValue(
      new ApiError('20', '이미 사용 중인 수신용 이메일이에요.', 409, {
        fields: { contactEmail: '이미 사용 중인 수신용 이메일이에요.' },
      }),
    );
    renderAt('/bside/apply/12/required');
    await waitFor(() => expect(field('연락받을 이메일').value).toBe('contact@example.com'));
    type('연락받을 이메일', 'taken@example.com');
    fireEvent.change(screen.getByLabelText('포지션'), { target: { value: 'POS_BACKEND' } });
    fireEvent.change(screen.getByLabelText('경력'), { target: { value: 'CY_1_3Y' } });
    type('IT 실무 경력(개월)', '18');
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(errorUnder('연락받을 이메일')).toBe('이미 사용 중인 수신용 이메일이에요.'));
    expect(api.saveStep).toHaveBeenCalledWith(12, 'required', {
      ...requiredAnswers,
      contactEmail: 'taken@example.com',
    });
    expect(field('연락받을 이메일').value).toBe('taken@example.com');
    expect(field('IT 실무 경력(개월)').value).toBe('18');
    expect((screen.getByLabelText('포지션') as HTMLSelectElement).value).toBe('POS_BACKEND');
    expect(where()).toBe('/bside/apply/12/required');
  });

  it('required: a saved step goes on to aside', async () => {
    api.openDraft.mockResolvedValue(draftOf({ answers: { required: requiredAnswers }, currentStep: 'aside' }));
    api.saveStep.mockResolvedValue(draftOf({ answers: { required: requiredAnswers }, currentStep: 'aside' }));
    renderAt('/bside/apply/12/required');
    // The saved draft wins over the account.
    await waitFor(() => expect(field('IT 실무 경력(개월)').value).toBe('18'));
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(where()).toBe('/bside/apply/12/aside'));
    expect(api.saveStep).toHaveBeenCalledWith(12, 'required', requiredAnswers);
  });

  it('aside: friends up to the product maximum; the server refusal of a friend shows under that friend, answers kept across a refresh', async () => {
    api.openDraft.mockResolvedValue(draftOf({ answers: { required: requiredAnswers }, currentStep: 'aside' }));
    api.saveStep.mockRejectedValue(
      new ApiError('40', MESSAGES.applyFriendNotFound, 422, {
        fields: { 'friendCareerCardIds.1': MESSAGES.applyFriendNotFound },
      }),
    );
    const view = renderAt('/bside/apply/12/aside');
    await step('aside');
    type('만들고 싶은 서비스', '동네 중고 거래 앱');
    type('참여 가능한 시간', '평일 저녁');
    type(/^일주일에 참여할 수 있는 시간/, '12');
    fireEvent.click(screen.getByRole('button', { name: '친구 추가' }));
    fireEvent.click(screen.getByRole('button', { name: '친구 추가' }));
    // At most 2 friends for the 14-week project: no third box.
    expect(screen.queryByRole('button', { name: '친구 추가' })).toBeNull();
    type('친구 1 커리어 카드 ID', 'minsu');
    type('친구 2 커리어 카드 ID', 'nobody');
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(errorUnder('친구 2 커리어 카드 ID')).toBe(MESSAGES.applyFriendNotFound));
    expect(api.saveStep).toHaveBeenCalledWith(12, 'aside', {
      portfolioUrl: null,
      githubUrl: null,
      wantToBuild: '동네 중고 거래 앱',
      availableTime: '평일 저녁',
      weeklyHours: 12,
      friendCareerCardIds: ['minsu', 'nobody'],
    });
    expect(errorUnder('친구 1 커리어 카드 ID')).toBeUndefined();

    // A refresh (the page mounts again) brings back what was typed.
    view.unmount();
    renderAt('/bside/apply/12/aside');
    await step('aside');
    expect(field('만들고 싶은 서비스').value).toBe('동네 중고 거래 앱');
    expect(field('친구 2 커리어 카드 ID').value).toBe('nobody');
  });

  it('aside: a link that is not http(s) and weekly hours out of 1 to 80 are refused with the catalogue messages', async () => {
    api.openDraft.mockResolvedValue(draftOf({ answers: { required: requiredAnswers }, currentStep: 'aside' }));
    renderAt('/bside/apply/12/aside');
    await step('aside');
    type(/^포트폴리오 링크/, 'my-site');
    type('만들고 싶은 서비스', '앱');
    type('참여 가능한 시간', '주말');
    type(/^일주일에 참여할 수 있는 시간/, '200');
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(errorUnder(/^포트폴리오 링크/)).toBe(MESSAGES.applyUrlFormat));
    expect(errorUnder(/^일주일에 참여할 수 있는 시간/)).toBe(MESSAGES.applyWeeklyHours);
    expect(api.saveStep).not.toHaveBeenCalled();
  });

  it('{product}: the 14-week project asks the questions of the role applied for; lists are sent as lists', async () => {
    api.openDraft.mockResolvedValue(draftOf({ answers: { required: requiredAnswers }, currentStep: 'product' }));
    api.saveStep.mockResolvedValue(draftOf({ answers: { required: requiredAnswers }, currentStep: 'book' }));
    renderAt('/bside/apply/12/bside');
    await step('product');
    expect(screen.queryByLabelText('주로 쓰는 기획 도구')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(errorUnder('이번 팀 프로젝트에 지원하는 이유')).toBe(MESSAGES.applyAnswerRequired));
    type('이번 팀 프로젝트에 지원하는 이유', '출시 경험');
    type('주로 쓰는 기술 스택', 'React, Spring ,  AWS');
    type('출시하거나 운영해 본 경험', '사내 서비스 운영');
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(where()).toBe('/bside/apply/12/book'));
    expect(api.saveStep).toHaveBeenCalledWith(12, 'product', {
      kind: 'TEAM_PROJECT',
      motivation: '출시 경험',
      roleQuestions: { role: 'DEVELOPER', stack: ['React', 'Spring', 'AWS'], shippedExperience: '사내 서비스 운영' },
    });
  });

  it('book: order summary with the fee and when it is charged; consents first; then the card page of the PG', async () => {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
    try {
      api.openDraft.mockResolvedValue(draftOf({ answers: { required: requiredAnswers }, currentStep: 'book' }));
      api.book.mockResolvedValue({
        payment: {
          issueId: 'iss_1',
          paymentPageUrl: 'http://pg.test/billing-keys/issue?issueId=iss_1',
          redirectUrl: '',
        },
      });
      renderAt('/bside/apply/12/book');
      await step('book');
      const summary = screen.getByTestId('order-summary');
      expect(within(summary).getByTestId('order-fee').textContent).toBe('300,000원');
      expect(within(summary).getByTestId('charge-when').textContent).toContain('2026.12.15');
      expect(screen.getByTestId('refund-schedule').textContent).toContain('2026.12.14까지');
      expect(screen.getByTestId('refund-schedule').textContent).toContain('전액 환불(300,000원)');
      fireEvent.click(screen.getByRole('button', { name: '300,000원 결제 예약하기' }));
      await waitFor(() => expect(screen.getAllByText(MESSAGES.applyConsentRequired).length).toBe(3));
      expect(api.book).not.toHaveBeenCalled();
      fireEvent.click(screen.getByLabelText('전체 동의'));
      fireEvent.click(screen.getByRole('button', { name: '300,000원 결제 예약하기' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pg.test/billing-keys/issue?issueId=iss_1'));
      expect(api.book).toHaveBeenCalledWith(12, {
        agreeTerms: true,
        agreePrivacy: true,
        agreeRefundPolicy: true,
        device: window.innerWidth >= 1200 ? 'desktop' : 'mobile',
      });
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('book: the desktop return from the card page is confirmed by the server and goes where it says', async () => {
    api.openDraft.mockResolvedValue(
      draftOf({ answers: { required: requiredAnswers }, currentStep: 'book', state: 'SUBMITTED' }),
    );
    api.confirmPayment.mockResolvedValue({ next: '/bside/book/success/77' });
    renderAt('/bside/apply/12/book?issueId=iss_1&billingKey=bk_1');
    await waitFor(() => expect(where()).toBe('/bside/book/success/77'));
    expect(api.confirmPayment).toHaveBeenCalledWith(12, {
      issueId: 'iss_1',
      billingKey: 'bk_1',
      code: undefined,
      message: undefined,
    });
  });

  it('a step ahead of the saved ones, and the legacy bookorder, land on the current step', async () => {
    api.openDraft.mockResolvedValue(draftOf({ answers: { required: requiredAnswers }, currentStep: 'aside' }));
    renderAt('/bside/apply/12/book');
    await waitFor(() => expect(where()).toBe('/bside/apply/12/aside'));
    cleanup();
    renderAt('/bside/apply/12/bookorder');
    await waitFor(() => expect(where()).toBe('/bside/apply/12/aside'));
  });

  it('an application past the wizard goes to the duplicate check instead of a second wizard', async () => {
    api.openDraft.mockRejectedValue(
      new ApiError('30', MESSAGES.applyAlreadyApplied, 409, { fields: { joinId: '77' } }),
    );
    renderAt('/bside/apply/12/required');
    await waitFor(() => expect(where()).toBe('/bside/apply/12/dupcheck'));
  });

  it('a closed cohort is a Korean page with the way on; an unknown one the error page', async () => {
    api.openDraft.mockRejectedValue(new ApiError('30', MESSAGES.applyCohortNotRecruiting, 409, {}));
    renderAt('/bside/apply/12/required');
    expect((await screen.findByTestId('apply-closed')).textContent).toContain(MESSAGES.applyCohortNotRecruiting);
    cleanup();
    api.getCohortWithProduct.mockRejectedValue(new ApiError('40', MESSAGES.notFound, 404, {}));
    renderAt('/bside/apply/999/required');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.pageNotFound);
    expect(api.openDraft).toHaveBeenCalledTimes(1);
  });

  it('the public intro of a closed cohort says so; of an open one it leads to the duplicate check', async () => {
    renderAt('/bside/apply/12');
    expect((await screen.findByTestId('apply-start')).getAttribute('href')).toBe('/bside/apply/12/dupcheck');
    expect(api.openDraft).not.toHaveBeenCalled();
    cleanup();
    api.getCohortWithProduct.mockResolvedValue({
      cohort: { ...cohort, status: 'TEAM_BUILDING', statusName: '모집 마감', recruiting: false },
      product,
    });
    renderAt('/bside/apply/12');
    expect((await screen.findByTestId('apply-closed')).textContent).toContain(MESSAGES.applyCohortNotRecruiting);
  });

  it("another program's path for a cohort goes to its own flow", async () => {
    const sprint = {
      ...cohort,
      product: { ...cohort.product, slug: 'potenday', kind: 'SPRINT' as const, name: '10일 팀 스프린트' },
    };
    api.getCohortWithProduct.mockResolvedValue({
      cohort: sprint,
      product: { ...product, slug: 'potenday', kind: 'SPRINT' },
    });
    renderAt('/bside/apply/12/required');
    await waitFor(() => expect(where()).toBe('/potenday/apply/12/required'));
  });
});

export type { ApplicationDraft };
