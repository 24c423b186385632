import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import { boardAnswer, wholeBoard, sprintCohort, type WholeBoard } from '../../../shared/console/test/fixtures';
import { boardRoutes } from '../routes';
import { lastReadOf, renderConsoleAt } from '../../../shared/console/test/render-console';

// The API client is replaced at its edge (the feature's api/ files and hooks run as they are).
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({ ...(await actual<object>()), apiGet: api.get, apiPost: api.post }));

const preview = {
  oddId: 212,
  charges: [
    { joinId: 1, name: '김하나', teamKey: 'T1', amountKrw: 30_000 },
    { joinId: 4, name: '최넷', teamKey: 'T2', amountKrw: 30_000 },
  ],
  alreadyPaid: [{ joinId: 2, teamKey: 'T1' }],
  totalKrw: 60_000,
  waitlisted: [7],
};

const renderBoard = () => renderConsoleAt('/admin/cohorts/212/board', boardRoutes);

/** The page the board opens at, which every action answers until the operator goes elsewhere. */
const FIRST_PAGE = { page: '1' };

const memberCard = (joinId: number) =>
  screen.getAllByTestId('board-member').find((el) => el.dataset.joinId === String(joinId))!;
const team = (key: string) => screen.getAllByTestId('board-team').find((el) => el.dataset.teamKey === key)!;

// The first render loads the console's lazy page chunks; on a busy machine that alone can take seconds.
describe('operators console: team building board', { timeout: 20_000 }, () => {
  let current: WholeBoard;
  beforeEach(() => {
    current = { ...wholeBoard, teams: [], waitlist: [] };
    api.get.mockImplementation((path: string, params?: Record<string, string>) => {
      if (path === '/admin/cohorts') return Promise.resolve({ cohorts: [sprintCohort] });
      if (path === '/admin/cohorts/212/board') return Promise.resolve(boardAnswer(current, params));
      if (path === '/admin/cohorts/212/board/preview') return Promise.resolve(preview);
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('runs the matcher and shows the teams with their make-up, explanations and the unplaced with reasons', async () => {
    renderBoard();
    await screen.findByText('아직 매칭하지 않았어요', {}, { timeout: 8000 });
    api.post.mockResolvedValueOnce(boardAnswer(wholeBoard, FIRST_PAGE));
    fireEvent.change(screen.getByLabelText('시드'), { target: { value: '42' } });
    fireEvent.click(screen.getByTestId('run-matcher'));
    await screen.findByTestId('board', {}, { timeout: 8000 });
    // The board opens at its first page, and the run answers that page.
    expect(api.get).toHaveBeenCalledWith('/admin/cohorts/212/board', FIRST_PAGE, expect.anything());
    expect(api.post).toHaveBeenCalledWith('/admin/cohorts/212/board/run', { seed: 42 }, { params: FIRST_PAGE });
    expect(screen.getAllByTestId('board-team')).toHaveLength(2);
    expect(within(team('T1')).getByTestId('team-makeup').textContent).toBe(
      '개발자 2디자이너 1평균 경력 2년균형 점수 0.82',
    );
    expect(within(memberCard(1)).getByTestId('explanation').textContent).toBe('김하나: 개발자 자리를 채워요.');
    expect(within(screen.getByTestId('waitlist')).getByTestId('unplaced-reason').textContent).toBe(
      '개발자 자리가 남지 않았어요.',
    );
    expect(screen.getByTestId('run-matcher').textContent).toContain('잠금은 두고 다시 매칭');
  });

  it('moves a member to another team or the waitlist and locks a member and a team; a refusal shows the service message', async () => {
    current = wholeBoard;
    renderBoard();
    await screen.findByTestId('board', {}, { timeout: 8000 });
    const [t1, t2] = wholeBoard.teams as [WholeBoard['teams'][number], WholeBoard['teams'][number]];
    const moved: WholeBoard = {
      ...wholeBoard,
      teams: [
        { ...t1, members: t1.members.slice(1) },
        { ...t2, members: [...t2.members, { ...t1.members[0]!, explanation: '운영자가 이 팀으로 옮겼어요.' }] },
      ],
    };
    api.post.mockResolvedValueOnce(boardAnswer(moved, FIRST_PAGE));
    const select = within(memberCard(1)).getByTestId('move-select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['옮기기', '2팀으로', '새 팀으로', '대기 명단으로']);
    fireEvent.change(select, { target: { value: 'T2' } });
    await waitFor(() => expect(within(team('T2')).getAllByTestId('board-member')).toHaveLength(4));
    expect(api.post).toHaveBeenLastCalledWith(
      '/admin/cohorts/212/board/move',
      { joinId: 1, toTeam: 'T2' },
      { params: FIRST_PAGE },
    );

    const locked: WholeBoard = {
      ...moved,
      teams: moved.teams.map((t) =>
        t.key === 'T2' ? { ...t, members: t.members.map((m) => (m.joinId === 1 ? { ...m, locked: true } : m)) } : t,
      ),
    };
    api.post.mockResolvedValueOnce(boardAnswer(locked, FIRST_PAGE));
    fireEvent.click(within(memberCard(1)).getByTestId('lock-member'));
    await waitFor(() => expect(memberCard(1).dataset.locked).toBe('true'));
    expect(api.post).toHaveBeenLastCalledWith(
      '/admin/cohorts/212/board/lock',
      { joinId: 1, locked: true },
      { params: FIRST_PAGE },
    );
    expect(within(memberCard(1)).getByTestId('lock-member').getAttribute('aria-pressed')).toBe('true');

    api.post.mockResolvedValueOnce(
      boardAnswer(
        { ...locked, teams: locked.teams.map((t) => (t.key === 'T1' ? { ...t, locked: true } : t)) },
        FIRST_PAGE,
      ),
    );
    fireEvent.click(within(team('T1')).getByTestId('lock-team'));
    await waitFor(() => expect(within(team('T1')).getByTestId('lock-team').getAttribute('aria-pressed')).toBe('true'));
    expect(api.post).toHaveBeenLastCalledWith(
      '/admin/cohorts/212/board/lock',
      { teamKey: 'T1', locked: true },
      { params: FIRST_PAGE },
    );

    api.post.mockRejectedValueOnce(new ApiError('404', MESSAGES.adminMemberNotOnBoard, 404));
    fireEvent.change(within(memberCard(7)).getByTestId('move-select'), { target: { value: 'T1' } });
    expect((await screen.findByTestId('board-error')).textContent).toBe(MESSAGES.adminMemberNotOnBoard);
    expect(within(team('T2')).getAllByTestId('board-member')).toHaveLength(4);
  });

  it('pages a large board: a page of teams numbered among all of them, every team a move target, actions answering the page on screen', async () => {
    // 45 teams of one member each (the service's page holds 20).
    const many: WholeBoard = {
      ...wholeBoard,
      teams: Array.from({ length: 45 }, (_, i) => ({
        ...wholeBoard.teams[0]!,
        key: `T${i + 1}`,
        members: [{ ...wholeBoard.teams[0]!.members[0]!, joinId: 100 + i, teamKey: `T${i + 1}` }],
      })),
    };
    current = many;
    renderBoard();
    await screen.findByTestId('board', {}, { timeout: 8000 });
    expect(screen.getAllByTestId('board-team').map((t) => t.getAttribute('aria-label'))).toEqual(
      Array.from({ length: 20 }, (_, i) => `${i + 1}팀`),
    );
    const targets = [...(within(memberCard(100)).getByTestId('move-select') as HTMLSelectElement).options].map(
      (o) => o.textContent,
    );
    expect(targets).toHaveLength(1 + 44 + 2);
    expect(targets.slice(-3)).toEqual(['45팀으로', '새 팀으로', '대기 명단으로']);

    fireEvent.click(
      within(screen.getByRole('navigation', { name: '팀 페이지 이동' })).getByRole('button', { name: '3' }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('board-team').map((t) => t.dataset.teamKey)).toEqual([
        'T41',
        'T42',
        'T43',
        'T44',
        'T45',
      ]),
    );
    expect(lastReadOf(api.get, '/admin/cohorts/212/board')).toEqual([
      '/admin/cohorts/212/board',
      { page: '3' },
      expect.anything(),
    ]);
    expect(team('T41').getAttribute('aria-label')).toBe('41팀');

    api.post.mockResolvedValueOnce(boardAnswer(many, { page: '3' }));
    fireEvent.click(within(team('T43')).getByTestId('lock-team'));
    await waitFor(() =>
      expect(api.post).toHaveBeenLastCalledWith(
        '/admin/cohorts/212/board/lock',
        { teamKey: 'T43', locked: true },
        { params: { page: '3' } },
      ),
    );
  });

  it('shows who is charged and the total before publishing; publishing once makes the board read-only', async () => {
    current = wholeBoard;
    renderBoard();
    await screen.findByTestId('board', {}, { timeout: 8000 });
    fireEvent.click(screen.getByTestId('publish-open'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('publish-preview');
    expect(within(dialog).getByTestId('preview-total').textContent).toBe('60,000원');
    expect(
      within(dialog)
        .getAllByTestId('preview-charge')
        .map((row) => row.textContent),
    ).toEqual(['1김하나1팀30,000원', '4최넷2팀30,000원']);
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValueOnce({ oddId: 212, publishedAt: '2027-01-12T01:00:00.000Z', chargeJobs: 2, teams: 2 });
    fireEvent.click(within(dialog).getByTestId('publish-confirm'));
    expect((await screen.findByTestId('board-published')).textContent).toContain(
      '2027.01.12에 발표했어요. 결제 작업 2건, 팀 2개.',
    );
    expect(api.post).toHaveBeenCalledWith('/admin/cohorts/212/board/publish', {});
    expect(screen.queryByTestId('run-matcher')).toBeNull();
    expect(screen.queryAllByTestId('move-select')).toHaveLength(0);
  });

  it('a second operator publishing first: the dialog says so and nothing is shown as published', async () => {
    current = wholeBoard;
    renderBoard();
    await screen.findByTestId('board', {}, { timeout: 8000 });
    fireEvent.click(screen.getByTestId('publish-open'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('publish-preview');
    api.post.mockRejectedValueOnce(new ApiError('409', MESSAGES.adminAlreadyPublished, 409));
    fireEvent.click(within(dialog).getByTestId('publish-confirm'));
    expect((await within(dialog).findByTestId('publish-error')).textContent).toBe(MESSAGES.adminAlreadyPublished);
    expect(screen.queryByTestId('board-published')).toBeNull();
  });
});
