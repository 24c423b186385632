import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { AdminPaymentRecord } from '@sq/contracts/api/operators/payments';
import { sprintCohort } from '../../../shared/console/test/fixtures';
import { renderConsoleAt } from '../../../shared/console/test/render-console';
import { moneyRoutes } from '../routes';

// The API client is replaced at its edge (the feature's api/ files and hooks run as they are).
const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({ ...(await actual<object>()), apiGet: api.get }));

const released: AdminPaymentRecord = {
  joinId: 41,
  userId: 7001,
  name: null,
  role: 'DEVELOPER',
  state: 'CANCELLED',
  stateName: '지원 취소',
  feeKrw: 30_000,
  chargePolicy: 'ON_TEAM_PUBLISH',
  card: '424242******4242',
  reservedAt: '2027-01-02T01:00:00.000Z',
  releasedAt: '2027-01-03T02:00:00.000Z',
  chargedAt: null,
  chargedKrw: 0,
  refundedKrw: 0,
  events: [
    { type: 'RESERVED', name: '결제 예약', at: '2027-01-02T01:00:00.000Z', amountKrw: 0, note: null },
    { type: 'RELEASED', name: '예약 해제', at: '2027-01-03T02:00:00.000Z', amountKrw: 0, note: null },
  ],
};
const refunded: AdminPaymentRecord = {
  ...released,
  joinId: 42,
  userId: 7002,
  name: '김하나',
  state: 'REFUNDED',
  stateName: '환불 완료',
  reservedAt: null,
  releasedAt: null,
  chargedAt: '2027-01-12T15:30:00.000Z',
  chargedKrw: 30_000,
  refundedKrw: 30_000,
  events: [
    { type: 'CHARGED', name: '결제', at: '2027-01-12T15:30:00.000Z', amountKrw: 30_000, note: null },
    { type: 'REFUNDED', name: '환불', at: '2027-01-13T03:00:00.000Z', amountKrw: 30_000, note: null },
  ],
};

describe('operators console: payment records', { timeout: 20_000 }, () => {
  beforeEach(() => {
    api.get.mockImplementation((path: string) => {
      if (path === '/admin/cohorts') return Promise.resolve({ cohorts: [sprintCohort] });
      if (path === '/admin/cohorts/212/payments') return Promise.resolve({ payments: [released, refunded] });
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows each record with its state, amounts and timeline, a withdrawn member by number; its tab is the current one', async () => {
    renderConsoleAt('/admin/cohorts/212/payments', moneyRoutes);
    await screen.findByTestId('payment-table', {}, { timeout: 8000 });
    const [first, second] = screen.getAllByTestId('payment-row');
    expect(within(first!).getByTestId('payment-name').textContent).toBe('-');
    expect(first!.getAttribute('data-user-id')).toBe('7001');
    expect(within(first!).getByTestId('payment-state').textContent).toBe('지원 취소');
    // Korean days: 2027-01-03T02:00Z is 11:00 on the 3rd in Seoul.
    expect(within(first!).getByTestId('payment-reserved').textContent).toBe('2027.01.02 (2027.01.03 해제)');
    expect(within(first!).getByTestId('payment-charged').textContent).toBe('-');
    expect(within(second!).getByTestId('payment-name').textContent).toBe('김하나');
    expect(within(second!).getByTestId('payment-charged').textContent).toBe('30,000원');
    expect(within(second!).getByTestId('payment-refunded').textContent).toBe('30,000원');
    // 15:30Z on the 12th is already the 13th in Seoul.
    expect(
      within(second!)
        .getAllByTestId('payment-event')
        .map((e) => e.textContent),
    ).toEqual(['2027.01.13 결제 30,000원', '2027.01.13 환불 30,000원']);

    const tabs = screen.getByRole('navigation', { name: '기수 메뉴' });
    expect(within(tabs).getByRole('link', { name: '결제 기록' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: '지원자' }).getAttribute('aria-current')).toBeNull();
    expect(within(tabs).getByRole('link', { name: '운영 기록' }).getAttribute('aria-current')).toBeNull();
    const main = screen.getByRole('navigation', { name: '운영자 콘솔' });
    expect(within(main).getByRole('link', { name: '기수 관리' }).getAttribute('aria-current')).toBe('page');
    expect(api.get).toHaveBeenCalledWith('/admin/cohorts/212/payments', undefined, expect.anything());
  });
});
