import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminApplicant, ApplicantListResponse } from '@sq/contracts/api/operators/applicants';
import { MESSAGES } from '@sq/contracts/messages';
import { boardAnswer, peopleBoard, sprintCohort, wholePeopleBoard } from '../../../shared/console/test/fixtures';
import { boardRoutes } from '../routes';
import { lastReadOf, renderConsoleAt } from '../../../shared/console/test/render-console';

// The API client is replaced at its edge (the feature's api/ files and hooks run as they are).
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({ ...(await actual<object>()), apiGet: api.get, apiPost: api.post }));

const CODES: Record<string, { code: string; name: string }[]> = {
  CAREER_YEARS: [
    { code: 'CY_6M_1Y', name: '6개월 이상 1년 미만' },
    { code: 'CY_1_3Y', name: '1년 이상 3년 미만' },
    { code: 'CY_3_5Y', name: '3년 이상 5년 미만' },
    { code: 'CY_5_10Y', name: '5년 이상 10년 미만' },
  ],
  POSITION: [
    { code: 'POS_PM', name: 'PM' },
    { code: 'POS_FRONTEND', name: '프론트엔드' },
    { code: 'POS_UXUI', name: 'UX/UI 디자인' },
    { code: 'POS_BACKEND', name: '백엔드' },
  ],
};
const codeGroup = (groupId: string) => ({
  codeGroup: {
    groupId,
    groupName: groupId,
    codes: (CODES[groupId] ?? []).map((c, i) => ({ ...c, groupId, sortOrder: i, parentCode: null })),
  },
});

const applicant = (joinId: number): AdminApplicant => {
  const m = [...peopleBoard.teams.flatMap((t) => t.members), ...peopleBoard.waitlist].find((x) => x.joinId === joinId)!;
  const { careerMonths: _c, locked: _l, explanation: _e, ...person } = m;
  return {
    ...person,
    userId: 1000 + joinId,
    stateName: '결제 예약',
    friendCareerCardIds: m.friendRequests.map((f) => f.careerCardId),
    submittedAt: '2026-12-01T01:00:00.000Z',
  };
};

/** What the service answers for one page of a list (the page size is the service's). */
const onePage = (all: AdminApplicant[], page: number, pageSize: number): ApplicantListResponse => ({
  applicants: all.slice((page - 1) * pageSize, page * pageSize),
  total: all.length,
  page,
  pageSize,
  pageCount: Math.ceil(all.length / pageSize),
});

const renderAt = (path: string) => renderConsoleAt(path, boardRoutes);

const card = (joinId: number) =>
  screen.queryAllByTestId('board-member').find((el) => el.dataset.joinId === String(joinId));
const shownIds = () => screen.queryAllByTestId('board-member').map((el) => Number(el.dataset.joinId));

// The first render loads the console's lazy page chunks; on a busy machine that alone can take seconds.
describe('operators console: people on the board and the applicant list', { timeout: 20_000 }, () => {
  let applicantAnswer: AdminApplicant[];
  beforeEach(() => {
    applicantAnswer = [11, 12, 13, 14, 15].map(applicant);
    api.get.mockImplementation((path: string, params?: Record<string, string>) => {
      if (path === '/admin/cohorts') return Promise.resolve({ cohorts: [sprintCohort] });
      if (path === '/admin/cohorts/212/board') return Promise.resolve(boardAnswer(wholePeopleBoard, params));
      if (path === '/admin/cohorts/212/applicants')
        return Promise.resolve(onePage(applicantAnswer, Number(params?.page ?? 1), 50));
      if (path === '/common/getCodeGroupDetail') return Promise.resolve(codeGroup(params!.groupId!));
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows each member by nickname and name, with career, IT skill level, weekly hours and friend requests; a withdrawn member by number', async () => {
    renderAt('/admin/cohorts/212/board');
    await screen.findByTestId('board', {}, { timeout: 8000 });
    const planner = card(11)!;
    expect(within(planner).getByTestId('member-name').textContent).toBe('기획하는하은 (김하은)');
    await waitFor(() =>
      expect(within(planner).getByTestId('person-facts').textContent).toContain('PM · 3년 이상 5년 미만 · 4년 2개월'),
    );
    expect(within(planner).getByTestId('person-facts').textContent).toContain('레벨 4 · 숙련');
    expect(within(planner).getByTestId('person-facts').textContent).toContain('주 15시간');
    expect(within(planner).getByTestId('friend-requests').textContent).toBe(
      '친구 요청 모두 같은 팀: 코딩하는도윤 (같은 팀, 서로 요청)',
    );
    expect(within(planner).getByTestId('explanation').textContent).toContain(
      '기획하는하은님이 기획자 자리(1/2)를 채워요.',
    );

    const designer = card(14)!;
    expect(within(designer).getByTestId('person-facts').textContent).toContain('검사 안 함');
    expect(within(designer).getByTestId('friend-requests').textContent).toBe(
      '친구 요청 같은 팀 아님: 버그잡는시우 (다른 팀, 한쪽 요청)',
    );
    expect(within(card(15)!).getByTestId('person-facts').textContent).toContain('시간 미정');
    expect(within(screen.getByTestId('waitlist')).getByTestId('unplaced-reason').textContent).toBe(
      '버그잡는시우님이 지원한 개발자 자리가 모두 찼어요.',
    );

    const withdrawn = card(13)!;
    expect(within(withdrawn).getByTestId('member-name').textContent).toBe('#13');
    expect(within(withdrawn).queryByTestId('friend-requests')).toBeNull();
  });

  it('asks the service for the page of the board the filters match (role, skill level, hours, friend requests, placement, names and nicknames)', async () => {
    renderAt('/admin/cohorts/212/board');
    await screen.findByTestId('board', {}, { timeout: 8000 });
    const board = screen.getByRole('search', { name: '팀 빌딩 보드 필터' });
    const field = (label: string) => within(board).getByLabelText(label);
    const asked = () => api.get.mock.calls.filter(([path]) => path === '/admin/cohorts/212/board').at(-1)![1];
    expect(shownIds()).toEqual([11, 12, 13, 14, 15]);

    fireEvent.change(field('역할'), { target: { value: 'DEVELOPER' } });
    // The cards follow the filters at once; the count comes with the service's answer for them.
    await waitFor(() => {
      expect(shownIds()).toEqual([12, 13, 15]);
      expect(screen.getByTestId('board-filter-count').textContent).toBe('조건에 맞는 사람 3명 / 전체 5명');
      // A team with nobody matching is left out.
      expect(screen.getAllByTestId('board-team').map((t) => t.dataset.teamKey)).toEqual(['T1']);
    });
    expect(asked()).toEqual({ page: '1', role: 'DEVELOPER' });

    fireEvent.change(field('IT 스킬 레벨'), { target: { value: '2' } });
    await waitFor(() => expect(shownIds()).toEqual([12]));
    expect(asked()).toEqual({ page: '1', role: 'DEVELOPER', skillLevel: '2' });
    fireEvent.click(within(board).getByRole('button', { name: '필터 지우기' }));
    await waitFor(() => expect(shownIds()).toEqual([11, 12, 13, 14, 15]));

    fireEvent.change(field('IT 스킬 레벨'), { target: { value: 'none' } });
    await waitFor(() => expect(shownIds()).toEqual([13, 14]));
    fireEvent.change(field('IT 스킬 레벨'), { target: { value: '' } });

    fireEvent.change(field('주당 시간 최소'), { target: { value: '10' } });
    fireEvent.change(field('주당 시간 최대'), { target: { value: '20' } });
    await waitFor(() => expect(shownIds()).toEqual([11]));
    const calls = api.get.mock.calls.length;
    fireEvent.change(field('주당 시간 최소'), { target: { value: '30' } });
    expect(within(board).getByRole('alert').textContent).toBe(MESSAGES.adminHoursRangeInvalid);
    expect(field('주당 시간 최소').getAttribute('aria-invalid')).toBe('true');
    // A backwards range is not asked: the board stays as it was.
    expect(api.get.mock.calls.length).toBe(calls);
    expect(shownIds()).toEqual([11]);
    fireEvent.click(within(board).getByRole('button', { name: '필터 지우기' }));
    await waitFor(() => expect(shownIds()).toEqual([11, 12, 13, 14, 15]));

    fireEvent.change(field('친구 요청'), { target: { value: 'NOT_HONOURED' } });
    await waitFor(() => expect(shownIds()).toEqual([14]));
    fireEvent.change(field('친구 요청'), { target: { value: 'HONOURED' } });
    await waitFor(() => expect(shownIds()).toEqual([11, 12]));
    fireEvent.change(field('친구 요청'), { target: { value: '' } });

    fireEvent.change(field('배치'), { target: { value: 'WAITLISTED' } });
    await waitFor(() => expect(shownIds()).toEqual([15]));
    fireEvent.change(field('배치'), { target: { value: '' } });
    await waitFor(() => expect(shownIds()).toEqual([11, 12, 13, 14, 15]));

    // A search is asked when submitted.
    fireEvent.change(field('이름 또는 닉네임'), { target: { value: '그리는' } });
    expect(shownIds()).toEqual([11, 12, 13, 14, 15]);
    fireEvent.click(within(board).getByRole('button', { name: '검색' }));
    await waitFor(() => expect(shownIds()).toEqual([14]));
    expect(asked()).toEqual({ page: '1', q: '그리는' });
    fireEvent.change(field('이름 또는 닉네임'), { target: { value: '박도' } });
    fireEvent.submit(board);
    await waitFor(() => expect(shownIds()).toEqual([12]));
  });

  it('shows the answer to the latest filters when an earlier answer arrives after it', async () => {
    renderAt('/admin/cohorts/212/board');
    await screen.findByTestId('board', {}, { timeout: 8000 });
    const board = screen.getByRole('search', { name: '팀 빌딩 보드 필터' });
    // The developers' page is slow to come; the planners' page, asked next, comes at once.
    let answerDevelopers: () => void = () => {};
    const answer = api.get.getMockImplementation()!;
    api.get.mockImplementation((path: string, params?: Record<string, string>) =>
      params?.role === 'DEVELOPER'
        ? new Promise((resolve) => {
            answerDevelopers = () => resolve(answer(path, params));
          })
        : answer(path, params),
    );
    fireEvent.change(within(board).getByLabelText('역할'), { target: { value: 'DEVELOPER' } });
    fireEvent.change(within(board).getByLabelText('역할'), { target: { value: 'PLANNER' } });
    await waitFor(() =>
      expect(screen.getByTestId('board-filter-count').textContent).toBe('조건에 맞는 사람 1명 / 전체 5명'),
    );
    answerDevelopers();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shownIds()).toEqual([11]);
    expect(screen.getByTestId('board-filter-count').textContent).toBe('조건에 맞는 사람 1명 / 전체 5명');
  });

  it('asks the service for the applicants matching the filters and shows who they are', async () => {
    renderAt('/admin/cohorts/212/applicants');
    const table = await screen.findByTestId('applicant-table', {}, { timeout: 8000 });
    const row = within(table)
      .getAllByTestId('applicant-row')
      .find((r) => r.dataset.joinId === '11')!;
    await waitFor(() => expect(row.textContent).toContain('PM'));
    for (const text of [
      '기획하는하은 (김하은)',
      'haeun11',
      '3년 이상 5년 미만',
      '4년 2개월',
      '레벨 4 · 숙련',
      '주 15시간',
      '모두 같은 팀: 코딩하는도윤',
      '팀 배정 (T1)',
    ])
      expect(row.textContent).toContain(text);
    expect(
      within(table)
        .getAllByTestId('applicant-row')
        .find((r) => r.dataset.joinId === '13')!.textContent,
    ).toContain('#13');

    const search = screen.getByRole('search');
    applicantAnswer = [applicant(14)];
    fireEvent.change(within(search).getByLabelText('IT 스킬 레벨'), { target: { value: 'none' } });
    await waitFor(() =>
      expect(lastReadOf(api.get, '/admin/cohorts/212/applicants')).toEqual([
        '/admin/cohorts/212/applicants',
        { skillLevel: 'none' },
        expect.anything(),
      ]),
    );
    fireEvent.change(within(search).getByLabelText('친구 요청'), { target: { value: 'NOT_HONOURED' } });
    fireEvent.change(within(search).getByLabelText('주당 시간 최소'), { target: { value: '20' } });
    await waitFor(() =>
      expect(lastReadOf(api.get, '/admin/cohorts/212/applicants')).toEqual([
        '/admin/cohorts/212/applicants',
        { skillLevel: 'none', friendStatus: 'NOT_HONOURED', minHours: '20' },
        expect.anything(),
      ]),
    );
    await waitFor(() => expect(screen.getAllByTestId('applicant-row').map((r) => r.dataset.joinId)).toEqual(['14']));

    // A backwards range is not sent: the message says what to fix.
    const calls = api.get.mock.calls.length;
    fireEvent.change(within(search).getByLabelText('주당 시간 최대'), { target: { value: '10' } });
    expect(within(search).getByRole('alert').textContent).toBe(MESSAGES.adminHoursRangeInvalid);
    expect(api.get.mock.calls.filter((c) => c[0] === '/admin/cohorts/212/applicants').length).toBe(
      api.get.mock.calls.slice(0, calls).filter((c) => c[0] === '/admin/cohorts/212/applicants').length,
    );

    fireEvent.change(within(search).getByLabelText('이름, 닉네임 또는 커리어 카드 ID'), {
      target: { value: '그리는' },
    });
    fireEvent.change(within(search).getByLabelText('주당 시간 최대'), { target: { value: '' } });
    fireEvent.submit(search);
    await waitFor(() =>
      expect(lastReadOf(api.get, '/admin/cohorts/212/applicants')).toEqual([
        '/admin/cohorts/212/applicants',
        { skillLevel: 'none', friendStatus: 'NOT_HONOURED', minHours: '20', q: '그리는' },
        expect.anything(),
      ]),
    );
  });

  it('pages through the applicants with the previous and next buttons, and a changed filter starts again at page 1', async () => {
    const everyone = [11, 12, 13, 14, 15].map(applicant);
    api.get.mockImplementation((path: string, params?: Record<string, string>) => {
      if (path === '/admin/cohorts') return Promise.resolve({ cohorts: [sprintCohort] });
      if (path === '/admin/cohorts/212/applicants') {
        const matching = params?.role ? everyone.filter((a) => a.role === params.role) : everyone;
        return Promise.resolve(onePage(matching, Number(params?.page ?? 1), 2));
      }
      if (path === '/common/getCodeGroupDetail') return Promise.resolve(codeGroup(params!.groupId!));
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
    renderAt('/admin/cohorts/212/applicants');
    await screen.findByTestId('applicant-table', {}, { timeout: 8000 });
    const rows = () => screen.getAllByTestId('applicant-row').map((r) => Number(r.dataset.joinId));
    expect(rows()).toEqual([11, 12]);
    expect(screen.getByTestId('applicant-count').textContent).toBe('전체 5명 중 1-2번째');
    const pages = screen.getByRole('navigation', { name: '페이지 이동' });
    const previous = within(pages).getByRole('button', { name: '이전 페이지' });
    expect(previous).toHaveProperty('disabled', true);

    fireEvent.click(within(pages).getByRole('button', { name: '다음 페이지' }));
    await waitFor(() => expect(rows()).toEqual([13, 14]));
    expect(lastReadOf(api.get, '/admin/cohorts/212/applicants')).toEqual([
      '/admin/cohorts/212/applicants',
      { page: '2' },
      expect.anything(),
    ]);
    fireEvent.click(within(screen.getByRole('navigation', { name: '페이지 이동' })).getByRole('button', { name: '3' }));
    await waitFor(() => expect(rows()).toEqual([15]));
    expect(screen.getByTestId('applicant-count').textContent).toBe('전체 5명 중 5-5번째');
    expect(
      within(screen.getByRole('navigation', { name: '페이지 이동' })).getByRole('button', { name: '다음 페이지' }),
    ).toHaveProperty('disabled', true);
    fireEvent.click(
      within(screen.getByRole('navigation', { name: '페이지 이동' })).getByRole('button', { name: '이전 페이지' }),
    );
    await waitFor(() => expect(rows()).toEqual([13, 14]));

    // Another filter makes another list: it is asked from its first page.
    const developers = everyone.filter((a) => a.role === 'DEVELOPER');
    fireEvent.change(within(screen.getByRole('search')).getByLabelText('역할'), { target: { value: 'DEVELOPER' } });
    await waitFor(() =>
      expect(lastReadOf(api.get, '/admin/cohorts/212/applicants')).toEqual([
        '/admin/cohorts/212/applicants',
        { role: 'DEVELOPER' },
        expect.anything(),
      ]),
    );
    await waitFor(() => expect(rows()).toEqual(developers.slice(0, 2).map((a) => a.joinId)));
    expect(screen.getByTestId('applicant-count').textContent).toBe(
      `전체 ${developers.length}명 중 1-${Math.min(2, developers.length)}번째`,
    );
  });
});
