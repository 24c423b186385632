import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@sq/api-client';
import type { MoneyException, ReconciliationRun } from '@sq/contracts/api/money';
import { renderConsoleAt } from '../../../shared/console/test/render-console';
import { ageText } from './MoneyPage';
import { moneyRoutes } from '../routes';

// The API client is replaced at its edge (the feature's api/ files run as they are).
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({ ...(await actual<object>()), apiGet: api.get, apiPost: api.post }));

const run = (overrides: Partial<ReconciliationRun> = {}): ReconciliationRun => ({
  runId: 7,
  windowFrom: '2026-11-26T19:30:00.000Z',
  windowUntil: '2026-11-28T19:30:00.000Z',
  status: 'DONE',
  trigger: 'SCHEDULE',
  pgPayments: 3,
  pgBillingKeys: 2,
  matchedCount: 2,
  matchedKrw: 650_000,
  matchedRefundKrw: 0,
  mismatches: { AMOUNT_DIFFERS: { count: 1, amountKrw: 50_000 } },
  openedCount: 1,
  resolvedCount: 0,
  error: null,
  startedAt: '2026-11-28T19:30:00.000Z',
  finishedAt: '2026-11-28T19:30:02.000Z',
  ...overrides,
});
const consoleCancellation: MoneyException = {
  exceptionId: 41,
  kind: 'AMOUNT_DIFFERS',
  paymentId: 'sq-12-charge',
  joinId: 12,
  userId: 5001,
  memberName: '김민지',
  cohortName: '기획 코스 3기',
  billingKey: null,
  amountKrw: 50_000,
  detail: '환불 누계가 달라요: PG 50,000원(취소 1건), 장부 0원.',
  openedAt: '2026-11-27T01:00:00.000Z',
  ageHours: 26,
  actions: { retry: false, book: true },
};

let exceptions: MoneyException[];
let runs: ReconciliationRun[];
beforeEach(() => {
  exceptions = [consoleCancellation];
  runs = [run()];
  api.get.mockImplementation(async (path: string) => (path === '/admin/money/runs' ? { runs } : { exceptions }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const exceptionRow = async () => screen.findByTestId('money-exception', {}, { timeout: 8000 });
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('operators console: 결제 대사 (/admin/money)', { timeout: 20_000 }, () => {
  it('shows the runs with their figures and the open exceptions with age, amount, member and application', async () => {
    renderConsoleAt('/admin/money', moneyRoutes);
    const row = await exceptionRow();
    expect(cells(row).slice(0, 7)).toEqual([
      '금액 불일치',
      '1일 2시간',
      '50,000원',
      '김민지',
      '#12 기획 코스 3기',
      'sq-12-charge',
      consoleCancellation.detail,
    ]);
    expect(within(row).queryByRole('button', { name: '다시 시도' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'PG 기록 반영' })).toBeTruthy();
    const runRow = screen.getByTestId('money-run');
    expect(cells(runRow).slice(2)).toEqual([
      '정기',
      '완료',
      '3',
      '2건',
      '650,000원',
      '0원',
      '금액 불일치 1건 50,000원',
      '1',
      '0',
    ]);
    expect(screen.getByRole('link', { name: '결제 대사' })).toBeTruthy();
  });

  it('"대사 실행" runs the reconciliation now, says what it found, and shows the new figures', async () => {
    renderConsoleAt('/admin/money', moneyRoutes);
    await exceptionRow();
    api.post.mockResolvedValueOnce({
      run: run({ runId: 8, trigger: 'OPERATOR', mismatches: {}, matchedCount: 3, openedCount: 0 }),
    });
    runs = [run({ runId: 8, trigger: 'OPERATOR', mismatches: {}, matchedCount: 3, openedCount: 0 }), run()];
    exceptions = [];
    fireEvent.click(screen.getByRole('button', { name: '대사 실행' }));
    expect((await screen.findByTestId('money-notice')).textContent).toBe('대사를 마쳤어요. 결제 3건이 모두 일치해요.');
    expect(api.post).toHaveBeenCalledWith('/admin/money/runs', {});
    await waitFor(() => expect(screen.getAllByTestId('money-run')).toHaveLength(2));
    expect(await screen.findByText('열린 예외가 없어요')).toBeTruthy();
  });

  it("shows the service's refusal of a run (another one running)", async () => {
    renderConsoleAt('/admin/money', moneyRoutes);
    await exceptionRow();
    api.post.mockRejectedValueOnce(new ApiError('09', '대사가 이미 실행 중이에요. 끝난 뒤 다시 실행해 주세요.', 409));
    fireEvent.click(screen.getByRole('button', { name: '대사 실행' }));
    expect((await screen.findByTestId('money-error')).textContent).toBe(
      '대사가 이미 실행 중이에요. 끝난 뒤 다시 실행해 주세요.',
    );
  });

  it('"PG 기록 반영" asks the service and reloads the queue; one the books still do not match stays with a notice', async () => {
    renderConsoleAt('/admin/money', moneyRoutes);
    const row = await exceptionRow();
    api.post.mockResolvedValueOnce({ closed: false, outcome: 'UNCHANGED' });
    fireEvent.click(within(row).getByRole('button', { name: 'PG 기록 반영' }));
    expect((await screen.findByTestId('money-notice')).textContent).toBe(
      '처리했지만 아직 PG 기록과 맞지 않아요. 잠시 후 다시 확인해 주세요.',
    );
    expect(api.post).toHaveBeenCalledWith('/admin/money/exceptions/41/book', {});
    exceptions = [];
    api.post.mockResolvedValueOnce({ closed: true, outcome: 'SETTLED' });
    fireEvent.click(within(await exceptionRow()).getByRole('button', { name: 'PG 기록 반영' }));
    expect(await screen.findByText('처리했어요. 장부가 PG 기록과 맞아 예외를 닫았어요.')).toBeTruthy();
    expect(await screen.findByText('열린 예외가 없어요')).toBeTruthy();
  });

  it('closing asks for a written reason: refused empty with the Korean message, sent with it', async () => {
    exceptions = [{ ...consoleCancellation, kind: 'REFUND_OWED_UNPAID', actions: { retry: true, book: false } }];
    renderConsoleAt('/admin/money', moneyRoutes);
    const row = await exceptionRow();
    expect(within(row).getByRole('button', { name: '다시 시도' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '닫기' }));
    fireEvent.click(await screen.findByTestId('money-close-confirm'));
    expect(screen.getByTestId('money-close-error').textContent).toBe('닫는 사유를 입력해 주세요.');
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('닫는 사유'), { target: { value: '회원과 통화, 계좌로 직접 환불함' } });
    api.post.mockResolvedValueOnce({ closed: true, outcome: 'CLOSED' });
    exceptions = [];
    fireEvent.click(screen.getByTestId('money-close-confirm'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/admin/money/exceptions/41/close', {
        reason: '회원과 통화, 계좌로 직접 환불함',
      }),
    );
    expect(await screen.findByText('예외를 닫았어요.')).toBeTruthy();
    expect(screen.queryByTestId('money-close-confirm')).toBeNull();
  });

  it("writes an exception's age in days and hours", () => {
    expect([0, 5, 24, 50].map(ageText)).toEqual(['1시간 미만', '5시간', '1일', '2일 2시간']);
  });
});
