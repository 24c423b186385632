import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JudgingView, TeamHealthResponse } from '@sq/contracts/api/operators';
import { MESSAGES } from '@sq/contracts/messages';
import { sprintCohort } from '../test-fixtures';
import { renderConsoleAt } from '../test/render-console';

// The API client is replaced at its edge (the feature's api/ files and hooks run as they are).
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({ ...(await actual<object>()), apiGet: api.get, apiPost: api.post, apiPut: api.put }));

const rubric = [
  { key: 'problem', name: '문제 정의', weight: 25 },
  { key: 'execution', name: '완성도', weight: 35 },
  { key: 'design', name: '사용성과 디자인', weight: 20 },
  { key: 'teamwork', name: '협업', weight: 20 },
];
const judging: JudgingView = {
  oddId: 212,
  rubric,
  results: null,
  teams: [
    { teamId: 31, teamKey: 'T1', name: '1팀', stopped: false, members: [{ joinId: 1, alias: '하나', name: '김하나', role: 'DEVELOPER', state: 'ASSIGNED' }, { joinId: 2, alias: null, name: null, role: 'DESIGNER', state: 'ASSIGNED' }], score: null,
      submission: { projectName: '회의록 요약 봇', description: '회의를 요약해요.', repositoryUrl: 'https://github.com/example/bot', demoUrl: null, images: [], updatedAt: '2027-01-22T05:00:00.000Z' } },
    { teamId: 32, teamKey: 'T2', name: '2팀', stopped: false, members: [{ joinId: 4, alias: null, name: '최넷', role: 'DEVELOPER', state: 'ASSIGNED' }], score: { scores: { problem: 5, execution: 5, design: 5, teamwork: 5 }, total: 500, feedback: '좋아요', updatedAt: '2027-01-22T06:00:00.000Z' }, submission: null },
  ],
};
const health: TeamHealthResponse = {
  oddId: 212,
  day: '2027-01-15',
  teams: [{ teamId: 31, teamKey: 'T1', name: '1팀', active: 2, dropped: 1, shortHanded: false, stopped: false, members: [
    { joinId: 1, alias: '하나', name: '김하나', role: 'DEVELOPER', state: 'ASSIGNED', checkins: 3, streak: 3, misses: 0, lastMiss: null },
    { joinId: 2, alias: null, name: '이둘', role: 'DESIGNER', state: 'ASSIGNED', checkins: 1, streak: 0, misses: 1, lastMiss: '2027-01-14' },
    { joinId: 3, alias: null, name: null, role: 'DEVELOPER', state: 'DROPPED', checkins: 0, streak: 0, misses: 2, lastMiss: '2027-01-14' },
  ] }],
};

const renderAt = (path: string) => renderConsoleAt(path);
/** The pages' own answers name everyone: the board is never read. */
const boardReads = () => api.get.mock.calls.filter(([path]) => String(path).endsWith('/board'));

// The first render loads the console's lazy page chunks; on a busy machine that alone can take seconds.
describe('operators console: sprint health and judging', { timeout: 20_000 }, () => {
  beforeEach(() => {
    api.get.mockImplementation((path: string) => {
      if (path === '/admin/cohorts') return Promise.resolve({ cohorts: [sprintCohort] });
      if (path === '/admin/cohorts/212/judging') return Promise.resolve(judging);
      if (path === '/admin/cohorts/212/team-health') return Promise.resolve(health);
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('team health: check-ins, streaks and misses per member; a team with a miss is flagged before anyone else is dropped', async () => {
    renderAt('/admin/cohorts/212/health');
    const team = await screen.findByTestId('health-team', {}, { timeout: 8000 });
    expect(within(team).getByTestId('at-risk').textContent).toBe('누락 있는 팀원 1명');
    const rows = within(team).getAllByTestId('health-member').map((r) => r.textContent);
    // Named by the answer itself: nickname and name, the name alone, and by number while the names are not copied.
    expect(rows).toEqual(['하나 (김하나)개발자팀 배정 완료33일0-', '이둘디자이너팀 배정 완료10일12027.01.14', '#3개발자중도 하차00일22027.01.14']);
    expect(boardReads()).toEqual([]);
  });

  it('scores a team on the weighted rubric with feedback, then publishes the results with prizes within the limits', async () => {
    renderAt('/admin/cohorts/212/judging');
    const [first] = await screen.findAllByTestId('judging-team', {}, { timeout: 8000 });
    expect(within(first!).getByText('하나 (김하나), #2')).toBeTruthy();
    expect(within(first!).getByTestId('submission').textContent).toContain('회의록 요약 봇');
    const form = within(first!).getByTestId('score-form');
    for (const [name, value] of [['problem', '8'], ['execution', '9'], ['design', '7']]) fireEvent.change(form.querySelector(`select[name="${name}"]`)!, { target: { value } });
    expect(within(form).getByTestId('score-total').textContent).toBe('-');
    fireEvent.change(form.querySelector('select[name="teamwork"]')!, { target: { value: '10' } });
    expect(within(form).getByTestId('score-total').textContent).toBe('855 / 1,000');
    fireEvent.change(within(form).getByLabelText('피드백'), { target: { value: '완성도가 높아요.' } });
    api.put.mockResolvedValueOnce({ teamId: 31, scores: {}, total: 855, feedback: '완성도가 높아요.' });
    fireEvent.click(within(form).getByRole('button', { name: '점수 저장' }));
    expect((await within(form).findByTestId('score-saved')).textContent).toBe('저장했어요. 합계 855점.');
    expect(api.put).toHaveBeenCalledWith('/admin/teams/31/score', { scores: { problem: 8, execution: 9, design: 7, teamwork: 10 }, feedback: '완성도가 높아요.' });

    const [row] = screen.getAllByTestId('prize-row');
    const people = within(row!).getByLabelText('팀원 상금 받을 사람') as HTMLSelectElement;
    expect([...people.options].map((o) => o.textContent)).toEqual(['선택 안 함', '1팀 · 하나 (김하나) (개발자)', '1팀 · #2 (디자이너)', '2팀 · 최넷 (개발자)']);
    fireEvent.change(within(row!).getByLabelText('팀원 상금 받을 사람'), { target: { value: '1' } });
    fireEvent.change(within(row!).getByLabelText('금액(원)'), { target: { value: '150000' } });
    expect(screen.getByTestId('prize-total').textContent).toBe('550,000원');
    fireEvent.click(screen.getByTestId('publish-results'));
    expect((await screen.findByTestId('publish-results-error')).textContent).toBe(MESSAGES.judgingPrizeLimit);
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.change(within(row!).getByLabelText('금액(원)'), { target: { value: '100000' } });
    api.post.mockResolvedValueOnce({ oddId: 212, winnerTeamId: 31, prizes: [], publishedAt: '2027-01-23T01:00:00.000Z' });
    fireEvent.click(screen.getByTestId('publish-results'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/admin/cohorts/212/results/publish', { memberPrizes: [{ joinId: 1, amountKrw: 100_000 }] }));
    expect(boardReads()).toEqual([]);
  });

  it('shows the published results with each member prize\'s winner named by the judging answer', async () => {
    const results: JudgingView['results'] = {
      oddId: 212, winnerTeamId: 31, publishedAt: '2027-01-23T01:00:00.000Z',
      prizes: [
        { teamId: 31, joinId: null, amountKrw: 400_000, alias: null, name: null },
        { teamId: 31, joinId: 1, amountKrw: 100_000, alias: '하나', name: '김하나' },
        { teamId: 31, joinId: 2, amountKrw: 50_000, alias: null, name: null },
      ],
    };
    api.get.mockImplementation((path: string) => {
      if (path === '/admin/cohorts') return Promise.resolve({ cohorts: [sprintCohort] });
      if (path === '/admin/cohorts/212/judging') return Promise.resolve({ ...judging, results });
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
    renderAt('/admin/cohorts/212/judging');
    const shown = await screen.findByTestId('results', {}, { timeout: 8000 });
    expect([...shown.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['1팀 팀 상금 400,000원', '1팀 하나 (김하나) 100,000원', '1팀 #2 50,000원']);
    expect(screen.queryByTestId('publish-results')).toBeNull();
    expect(boardReads()).toEqual([]);
  });
});
