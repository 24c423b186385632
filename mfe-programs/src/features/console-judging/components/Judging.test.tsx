import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JudgingView } from '@sq/contracts/api/operators/judging';
import { MESSAGES } from '@sq/contracts/messages';
import { sprintCohort, teamPageOf } from '../../../shared/console/test/fixtures';
import { lastReadOf, renderConsoleAt } from '../../../shared/console/test/render-console';
import { judgingRoutes } from '../routes';

// The API client is replaced at its edge (the feature's api/ files and hooks run as they are).
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({
  ...(await actual<object>()),
  apiGet: api.get,
  apiPost: api.post,
  apiPut: api.put,
}));

const rubric = [
  { key: 'problem', name: '문제 정의', weight: 25 },
  { key: 'execution', name: '완성도', weight: 35 },
  { key: 'design', name: '사용성과 디자인', weight: 20 },
  { key: 'teamwork', name: '협업', weight: 20 },
];
type JudgingTeam = JudgingView['teams'][number];
const teams: JudgingTeam[] = [
  {
    teamId: 31,
    teamKey: 'T1',
    name: '1팀',
    stopped: false,
    members: [
      { joinId: 1, alias: '하나', name: '김하나', role: 'DEVELOPER', state: 'ASSIGNED' },
      { joinId: 2, alias: null, name: null, role: 'DESIGNER', state: 'ASSIGNED' },
    ],
    score: null,
    submission: {
      projectName: '회의록 요약 봇',
      description: '회의를 요약해요.',
      repositoryUrl: 'https://github.com/example/bot',
      demoUrl: null,
      images: [],
      updatedAt: '2027-01-22T05:00:00.000Z',
    },
  },
  {
    teamId: 32,
    teamKey: 'T2',
    name: '2팀',
    stopped: false,
    members: [{ joinId: 4, alias: null, name: '최넷', role: 'DEVELOPER', state: 'ASSIGNED' }],
    score: {
      scores: { problem: 5, execution: 5, design: 5, teamwork: 5 },
      total: 500,
      feedback: '좋아요',
      updatedAt: '2027-01-22T06:00:00.000Z',
    },
    submission: null,
  },
];
/** The cohort's summary as the service works it out over every team (here: 2팀 scored, 1팀 not yet). */
const summary: JudgingView['summary'] = {
  judgedTeams: 2,
  unscoredTeams: 1,
  ranking: [{ teamId: 32, name: '2팀', total: 500, members: teams[1]!.members }],
};
const judgingOf = (
  all: JudgingTeam[],
  params: Record<string, string> | undefined,
  extra: Partial<JudgingView> = {},
): JudgingView => ({ oddId: 212, rubric, results: null, summary, ...teamPageOf(all, params), ...extra });

const renderAt = (path: string) => renderConsoleAt(path, judgingRoutes);
/** The pages' own answers name everyone: the board is never read. */
const boardReads = () => api.get.mock.calls.filter(([path]) => String(path).endsWith('/board'));

// The first render loads the console's lazy page chunks; on a busy machine that alone can take seconds.
describe('operators console: judging', { timeout: 20_000 }, () => {
  // What the service has: the teams (their scores), the summary and the results; each GET answers the page asked.
  let judged: { teams: JudgingTeam[]; extra: Partial<JudgingView> };
  beforeEach(() => {
    judged = { teams, extra: {} };
    api.get.mockImplementation((path: string, params?: Record<string, string>) => {
      if (path === '/admin/cohorts') return Promise.resolve({ cohorts: [sprintCohort] });
      if (path === '/admin/cohorts/212/judging') return Promise.resolve(judgingOf(judged.teams, params, judged.extra));
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('scores a team on the weighted rubric with feedback, then publishes the results with prizes within the limits', async () => {
    renderAt('/admin/cohorts/212/judging');
    const [first] = await screen.findAllByTestId('judging-team', {}, { timeout: 8000 });
    expect(within(first!).getByText('하나 (김하나), #2')).toBeTruthy();
    expect(within(first!).getByTestId('submission').textContent).toContain('회의록 요약 봇');
    const form = within(first!).getByTestId('score-form');
    for (const [name, value] of [
      ['problem', '8'],
      ['execution', '9'],
      ['design', '7'],
    ])
      fireEvent.change(form.querySelector(`select[name="${name}"]`)!, { target: { value } });
    expect(within(form).getByTestId('score-total').textContent).toBe('-');
    fireEvent.change(form.querySelector('select[name="teamwork"]')!, { target: { value: '10' } });
    expect(within(form).getByTestId('score-total').textContent).toBe('855 / 1,000');
    fireEvent.change(within(form).getByLabelText('피드백'), { target: { value: '완성도가 높아요.' } });
    expect(screen.getByTestId('unscored').textContent).toBe('아직 채점하지 않은 팀이 1개 있어요.');
    const reads = api.get.mock.calls.filter(([path]) => path === '/admin/cohorts/212/judging').length;
    api.put.mockImplementationOnce(async () => {
      // The service now has 1팀 scored: first in the ranking, nothing left to score.
      const score = {
        scores: { problem: 8, execution: 9, design: 7, teamwork: 10 },
        total: 855,
        feedback: '완성도가 높아요.',
        updatedAt: '2027-01-22T07:00:00.000Z',
      };
      judged = {
        teams: [{ ...teams[0]!, score }, teams[1]!],
        extra: {
          summary: {
            judgedTeams: 2,
            unscoredTeams: 0,
            ranking: [{ teamId: 31, name: '1팀', total: 855, members: teams[0]!.members }, ...summary.ranking],
          },
        },
      };
      return { teamId: 31, scores: score.scores, total: 855, feedback: score.feedback };
    });
    fireEvent.click(within(form).getByRole('button', { name: '점수 저장' }));
    expect((await within(form).findByTestId('score-saved')).textContent).toBe('저장했어요. 합계 855점.');
    expect(api.put).toHaveBeenCalledWith('/admin/teams/31/score', {
      scores: { problem: 8, execution: 9, design: 7, teamwork: 10 },
      feedback: '완성도가 높아요.',
    });
    // The save reloads the page on screen: the cohort's summary as the service now has it, the form as it was.
    await waitFor(() => expect(screen.queryByTestId('unscored')).toBeNull());
    expect(api.get.mock.calls.filter(([path]) => path === '/admin/cohorts/212/judging')).toHaveLength(reads + 1);
    expect(lastReadOf(api.get, '/admin/cohorts/212/judging')).toEqual([
      '/admin/cohorts/212/judging',
      { page: '1' },
      expect.anything(),
    ]);
    expect(within(form).getByTestId('score-saved')).toBeTruthy();
    expect([...screen.getByTestId('ranking').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '1위 1팀 855 / 1,000',
      '2위 2팀 500 / 1,000',
    ]);

    const [row] = screen.getAllByTestId('prize-row');
    const people = within(row!).getByLabelText('팀원 상금 받을 사람') as HTMLSelectElement;
    // The ranking's teams' members first, in ranking order.
    expect([...people.options].map((o) => o.textContent)).toEqual([
      '선택 안 함',
      '1팀 · 하나 (김하나) (개발자)',
      '1팀 · #2 (디자이너)',
      '2팀 · 최넷 (개발자)',
    ]);
    fireEvent.change(within(row!).getByLabelText('팀원 상금 받을 사람'), { target: { value: '1' } });
    fireEvent.change(within(row!).getByLabelText('금액(원)'), { target: { value: '150000' } });
    expect(screen.getByTestId('prize-total').textContent).toBe('550,000원');
    fireEvent.click(screen.getByTestId('publish-results'));
    expect((await screen.findByTestId('publish-results-error')).textContent).toBe(MESSAGES.judgingPrizeLimit);
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.change(within(row!).getByLabelText('금액(원)'), { target: { value: '100000' } });
    api.post.mockResolvedValueOnce({
      oddId: 212,
      winnerTeamId: 31,
      prizes: [],
      publishedAt: '2027-01-23T01:00:00.000Z',
    });
    fireEvent.click(screen.getByTestId('publish-results'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/admin/cohorts/212/results/publish', {
        memberPrizes: [{ joinId: 1, amountKrw: 100_000 }],
      }),
    );
    expect(boardReads()).toEqual([]);
  });

  it("shows the published results with each member prize's winner named by the judging answer", async () => {
    // The prizes' teams are named by the answer, whichever page they are on (9팀 is not on this one).
    const results: JudgingView['results'] = {
      oddId: 212,
      winnerTeamId: 31,
      winnerTeamName: '1팀',
      publishedAt: '2027-01-23T01:00:00.000Z',
      prizes: [
        { teamId: 31, teamName: '1팀', joinId: null, amountKrw: 400_000, alias: null, name: null },
        { teamId: 31, teamName: '1팀', joinId: 1, amountKrw: 100_000, alias: '하나', name: '김하나' },
        { teamId: 39, teamName: '9팀', joinId: 92, amountKrw: 50_000, alias: null, name: null },
      ],
    };
    judged = { teams, extra: { results } };
    renderAt('/admin/cohorts/212/judging');
    const shown = await screen.findByTestId('results', {}, { timeout: 8000 });
    expect(shown.querySelector('strong')!.textContent).toBe('1팀 우승');
    expect([...shown.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '1팀 팀 상금 400,000원',
      '1팀 하나 (김하나) 100,000원',
      '9팀 #92 50,000원',
    ]);
    expect(screen.queryByTestId('publish-results')).toBeNull();
    expect(boardReads()).toEqual([]);
  });

  it("judging a page of teams at a time: the cohort's summary on every page, a prize chosen on one page kept on another, a score reloading the page on screen", async () => {
    // 45 teams (the service's page holds 20), none scored but the three ranked on page 3.
    const many: JudgingTeam[] = Array.from({ length: 45 }, (_, i) => ({
      ...teams[0]!,
      teamId: 100 + i,
      teamKey: `T${i + 1}`,
      name: `${i + 1}팀`,
      score: null,
      members: [{ joinId: 1000 + i, alias: `별명${i + 1}`, name: null, role: 'DEVELOPER', state: 'ASSIGNED' }],
    }));
    const ranking = [
      [42, 900],
      [41, 850],
      [43, 800],
    ].map(([n, total]) => ({ teamId: 99 + n!, name: `${n}팀`, total: total!, members: many[n! - 1]!.members }));
    judged = { teams: many, extra: { summary: { judgedTeams: 45, unscoredTeams: 42, ranking } } };
    renderAt('/admin/cohorts/212/judging');
    await screen.findAllByTestId('judging-team', {}, { timeout: 8000 });
    expect(screen.getAllByTestId('judging-team')).toHaveLength(20);
    // The whole cohort's counts and ranking, though none of those teams is on this page.
    expect(screen.getByTestId('unscored').textContent).toBe('아직 채점하지 않은 팀이 42개 있어요.');
    expect([...screen.getByTestId('ranking').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '1위 42팀 900 / 1,000',
      '2위 41팀 850 / 1,000',
      '3위 43팀 800 / 1,000',
    ]);
    const people = () =>
      within(screen.getByTestId('prize-row')).getByLabelText('팀원 상금 받을 사람') as HTMLSelectElement;
    const groups = () =>
      [...people().querySelectorAll('optgroup')].map((g) => [
        g.label,
        [...g.querySelectorAll('option')].map((o) => o.textContent),
      ]);
    expect(groups()[0]).toEqual([
      '순위권 팀',
      ['42팀 · 별명42 (개발자)', '41팀 · 별명41 (개발자)', '43팀 · 별명43 (개발자)'],
    ]);
    expect(groups()[1]![1]).toHaveLength(20);
    // A member of the fifth team, on this page only.
    fireEvent.change(people(), { target: { value: '1004' } });
    fireEvent.change(within(screen.getByTestId('prize-row')).getByLabelText('금액(원)'), {
      target: { value: '50000' },
    });

    fireEvent.click(
      within(screen.getByRole('navigation', { name: '팀 페이지 이동' })).getByRole('button', { name: '3' }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('judging-team').map((t) => t.getAttribute('aria-label'))).toEqual([
        '41팀',
        '42팀',
        '43팀',
        '44팀',
        '45팀',
      ]),
    );
    expect(lastReadOf(api.get, '/admin/cohorts/212/judging')).toEqual([
      '/admin/cohorts/212/judging',
      { page: '3' },
      expect.anything(),
    ]);
    // The choice stays, under its own heading now that its team's page is not on screen; the ranked are not offered twice.
    expect(people().value).toBe('1004');
    expect(groups()).toEqual([
      ['순위권 팀', ['42팀 · 별명42 (개발자)', '41팀 · 별명41 (개발자)', '43팀 · 별명43 (개발자)']],
      ['이 페이지의 팀', ['44팀 · 별명44 (개발자)', '45팀 · 별명45 (개발자)']],
      ['선택한 사람', ['5팀 · 별명5 (개발자)']],
    ]);

    // Scoring a team of page 3 reloads page 3 (its answer has the new counts).
    const form = within(screen.getAllByTestId('judging-team')[3]!).getByTestId('score-form');
    for (const name of ['problem', 'execution', 'design', 'teamwork'])
      fireEvent.change(form.querySelector(`select[name="${name}"]`)!, { target: { value: '6' } });
    fireEvent.change(within(form).getByLabelText('피드백'), { target: { value: '좋아요.' } });
    api.put.mockImplementationOnce(async () => {
      judged = { ...judged, extra: { summary: { judgedTeams: 45, unscoredTeams: 41, ranking } } };
      return { teamId: 143, scores: {}, total: 600, feedback: '좋아요.' };
    });
    fireEvent.click(within(form).getByRole('button', { name: '점수 저장' }));
    await waitFor(() =>
      expect(screen.getByTestId('unscored').textContent).toBe('아직 채점하지 않은 팀이 41개 있어요.'),
    );
    expect(api.put).toHaveBeenCalledWith('/admin/teams/143/score', {
      scores: { problem: 6, execution: 6, design: 6, teamwork: 6 },
      feedback: '좋아요.',
    });
    expect(lastReadOf(api.get, '/admin/cohorts/212/judging')).toEqual([
      '/admin/cohorts/212/judging',
      { page: '3' },
      expect.anything(),
    ]);
    expect(people().value).toBe('1004');

    api.post.mockResolvedValueOnce({
      oddId: 212,
      winnerTeamId: 141,
      prizes: [],
      publishedAt: '2027-01-23T01:00:00.000Z',
    });
    fireEvent.click(screen.getByTestId('publish-results'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/admin/cohorts/212/results/publish', {
        memberPrizes: [{ joinId: 1004, amountKrw: 50_000 }],
      }),
    );
  });
});
