import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sprintCohort, teamHealthOf, type HealthTeamOf } from '../../../shared/console/test/fixtures';
import { lastReadOf, renderConsoleAt } from '../../../shared/console/test/render-console';
import { teamRoutes } from '../routes';

// The API client is replaced at its edge (the feature's api/ files and hooks run as they are).
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({
  ...(await actual<object>()),
  apiGet: api.get,
  apiPost: api.post,
  apiPut: api.put,
}));

type HealthTeam = HealthTeamOf;
const healthTeam: HealthTeam = {
  teamId: 31,
  teamKey: 'T1',
  name: '1팀',
  active: 2,
  dropped: 1,
  shortHanded: false,
  stopped: false,
  members: [
    {
      joinId: 1,
      alias: '하나',
      name: '김하나',
      role: 'DEVELOPER',
      state: 'ASSIGNED',
      checkins: 3,
      streak: 3,
      misses: 0,
      lastMiss: null,
    },
    {
      joinId: 2,
      alias: null,
      name: '이둘',
      role: 'DESIGNER',
      state: 'ASSIGNED',
      checkins: 1,
      streak: 0,
      misses: 1,
      lastMiss: '2027-01-14',
    },
    {
      joinId: 3,
      alias: null,
      name: null,
      role: 'DEVELOPER',
      state: 'DROPPED',
      checkins: 0,
      streak: 0,
      misses: 2,
      lastMiss: '2027-01-14',
    },
  ],
};
const healthOf = (all: HealthTeam[], params?: Record<string, string>) =>
  teamHealthOf(all, params, { day: '2027-01-15' });

const renderAt = (path: string) => renderConsoleAt(path, teamRoutes);
/** The page's own answers name everyone: the board is never read. */
const boardReads = () => api.get.mock.calls.filter(([path]) => String(path).endsWith('/board'));

// The first render loads the console's lazy page chunks; on a busy machine that alone can take seconds.
describe('operators console: sprint health', { timeout: 20_000 }, () => {
  // What the service has: the teams; each GET answers the page asked.
  let healthTeams: HealthTeam[];
  beforeEach(() => {
    healthTeams = [healthTeam];
    api.get.mockImplementation((path: string, params?: Record<string, string>) => {
      if (path === '/admin/cohorts') return Promise.resolve({ cohorts: [sprintCohort] });
      if (path === '/admin/cohorts/212/team-health') return Promise.resolve(healthOf(healthTeams, params));
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
    const rows = within(team)
      .getAllByTestId('health-member')
      .map((r) => r.textContent);
    // Named by the answer itself: nickname and name, the name alone, and by number while the names are not copied.
    expect(rows).toEqual([
      '하나 (김하나)개발자팀 배정 완료33일0-',
      '이둘디자이너팀 배정 완료10일12027.01.14',
      '#3개발자중도 하차00일22027.01.14',
    ]);
    // One page of teams: no page links.
    expect(screen.queryByRole('navigation', { name: '팀 페이지 이동' })).toBeNull();
    expect(boardReads()).toEqual([]);
  });

  it("team health a page of teams at a time: the page asked, its teams, each team's own counts", async () => {
    // 25 teams (the service's page holds 20); a miss only on the 23rd team.
    healthTeams = Array.from({ length: 25 }, (_, i) => ({
      ...healthTeam,
      teamId: 100 + i,
      name: `${i + 1}팀`,
      members: healthTeam.members.map((m) => ({
        ...m,
        joinId: 1000 + i * 10 + m.joinId,
        misses: i === 22 ? m.misses : 0,
      })),
    }));
    renderAt('/admin/cohorts/212/health');
    await screen.findAllByTestId('health-team', {}, { timeout: 8000 });
    expect(screen.getAllByTestId('health-team')).toHaveLength(20);
    expect(screen.queryAllByTestId('at-risk')).toEqual([]);
    fireEvent.click(
      within(screen.getByRole('navigation', { name: '팀 페이지 이동' })).getByRole('button', { name: '2' }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('health-team').map((t) => t.getAttribute('aria-label'))).toEqual([
        '21팀',
        '22팀',
        '23팀',
        '24팀',
        '25팀',
      ]),
    );
    expect(lastReadOf(api.get, '/admin/cohorts/212/team-health')).toEqual([
      '/admin/cohorts/212/team-health',
      { page: '2' },
      expect.anything(),
    ]);
    expect(screen.getAllByTestId('at-risk').map((chip) => chip.closest('section')!.getAttribute('aria-label'))).toEqual(
      ['23팀'],
    );
  });

  it("team health: the whole cohort's counts above the teams on every page, and a tab for the teams in trouble alone, paged", async () => {
    // 45 teams: a member with a miss on every other one (1팀, 3팀, ...), 2팀 short-handed, 5팀 stopped (its member is at risk of nothing).
    healthTeams = Array.from({ length: 45 }, (_, i) => ({
      ...healthTeam,
      teamId: 100 + i,
      name: `${i + 1}팀`,
      shortHanded: i === 1,
      stopped: i === 4,
      members: healthTeam.members.map((m) => ({
        ...m,
        joinId: 1000 + i * 10 + m.joinId,
        misses: m.state === 'DROPPED' || i % 2 === 0 ? m.misses : 0,
      })),
    }));
    const troubled = ['1팀', '2팀', '3팀', ...Array.from({ length: 20 }, (_, k) => `${7 + 2 * k}팀`)];
    const counts = [
      '전체 팀 45개',
      '문제 있는 팀 23개',
      '인원 부족 팀 1개',
      '중단된 팀 1개',
      '누락 있는 팀원 22명',
      '하차한 팀원 45명',
    ];
    const shownCounts = () =>
      within(screen.getByTestId('health-summary'))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    const shownTeams = () => screen.getAllByTestId('health-team').map((t) => t.getAttribute('aria-label'));
    const selected = () =>
      screen
        .getAllByRole('tab')
        .filter((t) => t.getAttribute('aria-selected') === 'true')
        .map((t) => t.textContent);
    renderAt('/admin/cohorts/212/health');
    await screen.findAllByTestId('health-team', {}, { timeout: 8000 });
    expect(shownCounts()).toEqual(counts);
    expect(selected()).toEqual(['모든 팀']);
    expect(shownTeams()).toHaveLength(20);

    fireEvent.click(screen.getByRole('tab', { name: '문제 있는 팀만' }));
    expect(selected()).toEqual(['문제 있는 팀만']);
    await waitFor(() => expect(shownTeams()).toEqual(troubled.slice(0, 20)));
    expect(lastReadOf(api.get, '/admin/cohorts/212/team-health')).toEqual([
      '/admin/cohorts/212/team-health',
      { page: '1', trouble: 'true' },
      expect.anything(),
    ]);
    // Each team says why it is there; the counts are still the whole cohort's.
    for (const team of screen.getAllByTestId('health-team'))
      expect(
        within(team).queryByTestId('at-risk') ?? within(team).queryByText('인원 부족'),
        team.getAttribute('aria-label')!,
      ).toBeTruthy();
    expect(shownCounts()).toEqual(counts);

    fireEvent.click(
      within(screen.getByRole('navigation', { name: '팀 페이지 이동' })).getByRole('button', { name: '2' }),
    );
    await waitFor(() => expect(shownTeams()).toEqual(troubled.slice(20)));
    expect(lastReadOf(api.get, '/admin/cohorts/212/team-health')).toEqual([
      '/admin/cohorts/212/team-health',
      { page: '2', trouble: 'true' },
      expect.anything(),
    ]);
    expect(shownCounts()).toEqual(counts);
    expect(selected()).toEqual(['문제 있는 팀만']);

    // Every team again, from its first page.
    fireEvent.click(screen.getByRole('tab', { name: '모든 팀' }));
    await waitFor(() => expect(shownTeams()).toEqual(Array.from({ length: 20 }, (_, i) => `${i + 1}팀`)));
    expect(lastReadOf(api.get, '/admin/cohorts/212/team-health')).toEqual([
      '/admin/cohorts/212/team-health',
      { page: '1' },
      expect.anything(),
    ]);
  });

  it('team health: no team in trouble says so under its tab, the counts and the other tab still there', async () => {
    healthTeams = [
      {
        ...healthTeam,
        members: healthTeam.members.map((m) => ({ ...m, misses: m.state === 'DROPPED' ? m.misses : 0 })),
      },
    ];
    renderAt('/admin/cohorts/212/health');
    await screen.findByTestId('health-team', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('tab', { name: '문제 있는 팀만' }));
    expect(await screen.findByText('문제 있는 팀이 없어요')).toBeTruthy();
    expect(screen.queryAllByTestId('health-team')).toEqual([]);
    expect(within(screen.getByTestId('health-summary')).getByText('문제 있는 팀 0개')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '모든 팀' }));
    expect(await screen.findByTestId('health-team')).toBeTruthy();
  });
});
