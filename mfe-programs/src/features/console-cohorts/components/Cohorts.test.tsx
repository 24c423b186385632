import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { ApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import { products, sprintCohort } from '../../../shared/console/test/fixtures';
import { renderConsoleAt, field, type, errorUnder } from '../../../shared/console/test/render-console';
import { cohortRoutes } from '../routes';

// The API client is replaced at its edge (the feature's api/ files and hooks run as they are).
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({
  ...(await actual<object>()),
  apiGet: api.get,
  apiPost: api.post,
  apiPut: api.put,
}));

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const renderAt = (path: string) => renderConsoleAt(path, cohortRoutes, <Where />);

// The first render loads the console's lazy page chunks; on a busy machine that alone can take seconds.
describe('operators console: cohorts', { timeout: 20_000 }, () => {
  beforeEach(() => {
    api.get.mockImplementation((path: string) => {
      if (path === '/products') return Promise.resolve({ products });
      if (path === '/admin/cohorts') return Promise.resolve({ cohorts: [sprintCohort] });
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists cohorts with live counts per state and role, per product tab', async () => {
    renderAt('/admin');
    const row = await screen.findByTestId('cohort-row', {}, { timeout: 8000 });
    expect(within(row).getByTestId('total-count').textContent).toBe('6');
    expect(within(row).getByTestId('state-counts').textContent).toBe('결제 예약 5대기 1');
    expect(within(row).getByTestId('role-counts').textContent).toBe('개발자 4디자이너 2');
    expect(api.get).toHaveBeenCalledWith('/admin/cohorts', { productId: undefined }, expect.anything());
    expect(screen.getByRole('tab', { name: '전체' }).getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('tabpanel', { name: '전체' })).getByTestId('cohort-row')).toBeTruthy();
    fireEvent.click(await screen.findByRole('tab', { name: '10일 팀 스프린트' }));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/admin/cohorts', { productId: 2 }, expect.anything()),
    );
    expect(screen.getByRole('tab', { name: '10일 팀 스프린트' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '전체' }).getAttribute('aria-selected')).toBe('false');
    // The keyboard reaches the other programs from the selected tab with the arrow keys.
    fireEvent.keyDown(screen.getByRole('tab', { name: '10일 팀 스프린트' }), { key: 'Home' });
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/admin/cohorts', { productId: undefined }, expect.anything()),
    );
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '전체' }));
  });

  it('create: Korean messages under the fields, nothing sent, every value kept; then saved and back to the list', async () => {
    renderAt('/admin/cohorts/new');
    await screen.findByTestId('cohort-form', {}, { timeout: 8000 });
    fireEvent.change(screen.getByRole('combobox', { name: /프로그램/ }), { target: { value: '2' } });
    type('기수 이름', '10일 팀 스프린트 2027년 1월');
    type('모집 시작', '2027-01-01T10:00');
    type('모집 마감', '2027-01-10T23:59');
    type('시작일', '2027-01-13');
    type('종료일', '2027-01-05');
    type('정원', '0');
    fireEvent.click(screen.getByTestId('cohort-save'));
    await waitFor(() => expect(errorUnder('종료일')).toBe(MESSAGES.adminCohortDatesInvalid));
    expect(errorUnder('정원')).toBe(MESSAGES.adminCohortCapacityInvalid);
    expect(api.post).not.toHaveBeenCalled();
    // Fixing one field clears only its own message.
    type('정원', '40');
    expect(errorUnder('정원')).toBeFalsy();
    expect(errorUnder('종료일')).toBe(MESSAGES.adminCohortDatesInvalid);
    fireEvent.click(screen.getByTestId('cohort-save'));
    await waitFor(() => expect(errorUnder('종료일')).toBe(MESSAGES.adminCohortDatesInvalid));
    expect(field('기수 이름').value).toBe('10일 팀 스프린트 2027년 1월');
    expect(field('종료일').value).toBe('2027-01-05');

    type('종료일', '2027-01-22');
    expect(errorUnder('종료일')).toBeFalsy();
    api.post.mockResolvedValue({ cohort: { ...sprintCohort, oddId: 500 } });
    fireEvent.click(screen.getByTestId('cohort-save'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/cohorts'));
    expect(api.post).toHaveBeenCalledWith(
      '/admin/cohorts',
      expect.objectContaining({
        productId: 2,
        recruitStart: '2027-01-01T01:00:00.000Z',
        capacity: 40,
        roleSeats: null,
        endDate: '2027-01-22',
      }),
    );
    expect((await screen.findByTestId('cohort-saved')).textContent).toContain('#500');
  });

  it('edit: the stored cohort in the form; a refusal by the server shows its message and keeps the input', async () => {
    renderAt('/admin/cohorts/212/edit');
    await screen.findByTestId('cohort-form', {}, { timeout: 8000 });
    expect(field('모집 마감').value).toBe('2027-01-10T23:59');
    expect(field('정원').value).toBe('40');
    type('디자이너', '1');
    api.put.mockRejectedValue(
      new ApiError('400', MESSAGES.adminCohortDatesInvalid, 400, {
        ErrorCode: '400',
        message: MESSAGES.adminCohortDatesInvalid,
      }),
    );
    fireEvent.click(screen.getByTestId('cohort-save'));
    expect((await screen.findByTestId('form-error')).textContent).toBe(MESSAGES.adminCohortDatesInvalid);
    expect(api.put).toHaveBeenCalledWith('/admin/cohorts/212', expect.objectContaining({ roleSeats: { DESIGNER: 1 } }));
    expect(field('디자이너').value).toBe('1');
    expect(screen.getByTestId('where').textContent).toBe('/admin/cohorts/212/edit');
  });
});
