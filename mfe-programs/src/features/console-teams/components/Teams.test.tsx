import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import { sprintCohort, teamHealthOf, type HealthTeamOf } from '../../../shared/console/test/fixtures';
import { lastReadOf, renderConsoleAt } from '../../../shared/console/test/render-console';
import { teamRoutes } from '../routes';

// The API client is replaced at its edge (the feature's api/ files and hooks run as they are).
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({ ...(await actual<object>()), apiGet: api.get, apiPost: api.post }));

/** A member as team health names them: the application's copies of nickname and name (null: not copied yet). */
const member = (
  joinId: number,
  role: 'DEVELOPER' | 'DESIGNER' | 'PLANNER',
  [alias, name]: [string | null, string | null],
) => ({ joinId, alias, name, role, state: 'ASSIGNED' as const, checkins: 0, streak: 0, misses: 0, lastMiss: null });
type Team = HealthTeamOf;
const teams: Team[] = [
  {
    teamId: 31,
    teamKey: 'T1',
    name: '1팀',
    active: 3,
    dropped: 0,
    shortHanded: false,
    stopped: false,
    members: [
      member(1, 'DEVELOPER', ['하나', '김하나']),
      member(2, 'DESIGNER', ['둘', '이둘']),
      member(3, 'DEVELOPER', [null, null]),
    ],
  },
  {
    teamId: 32,
    teamKey: 'T2',
    name: '2팀',
    active: 3,
    dropped: 0,
    shortHanded: false,
    stopped: false,
    members: [
      member(4, 'DEVELOPER', [null, '최넷']),
      member(5, 'DESIGNER', ['다섯', '정다섯']),
      member(6, 'PLANNER', ['여섯', '한여섯']),
    ],
  },
];
/** Team health as the service answers it: the page asked of the teams it has now (every team, or those in trouble). */
const healthOf = (all: Team[], params?: Record<string, string>) => teamHealthOf(all, params);
/** The page's own answers name everyone: the board is never read. */
const boardReads = () => api.get.mock.calls.filter(([path]) => String(path).endsWith('/board'));

const renderTeams = () => renderConsoleAt('/admin/cohorts/212/teams', teamRoutes);

const opsMember = (joinId: number) =>
  screen.getAllByTestId('ops-member').find((el) => el.dataset.joinId === String(joinId))!;

// The first render loads the console's lazy page chunks; on a busy machine that alone can take seconds.
describe('operators console: team changes', { timeout: 20_000 }, () => {
  let published: Team[];
  /** The team stop of `teamId` previews nothing to refund, and its confirmation stops the team on the service. */
  const stopsTeamOnConfirm = (teamId: number) =>
    api.post.mockImplementation((path: string) => {
      if (path === `/admin/teams/${teamId}/refunds/preview`)
        return Promise.resolve({ refundCase: 'TEAM_STOP', totalKrw: 0, lines: [] });
      if (path === `/admin/teams/${teamId}/refunds`) {
        published = published.map((t) => (t.teamId === teamId ? { ...t, stopped: true } : t));
        return Promise.resolve({ refundCase: 'TEAM_STOP', totalKrw: 0, lines: [], outcomes: [] });
      }
      return Promise.reject(new Error(`unexpected POST ${path}`));
    });
  beforeEach(() => {
    published = teams;
    api.get.mockImplementation((path: string, params?: Record<string, string>) => {
      if (path === '/admin/cohorts') return Promise.resolve({ cohorts: [sprintCohort] });
      if (path === '/admin/cohorts/212/team-health') return Promise.resolve(healthOf(published, params));
      if (path === '/admin/teams/31/replacements' && params?.role === 'DEVELOPER') {
        return Promise.resolve({
          candidates: [
            { joinId: 7, alias: '일곱', name: '오일곱', role: 'DEVELOPER', careerMonths: 26, distanceMonths: 2 },
            { joinId: 9, alias: null, name: null, role: 'DEVELOPER', careerMonths: 60, distanceMonths: 36 },
          ],
        });
      }
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('removes a member with the previewed refund of the chosen reason, then accepts the best-fitting replacement', async () => {
    api.post.mockImplementation((path: string, body: { reason?: string }) => {
      if (path === '/admin/applications/1/removal/preview') {
        return Promise.resolve(
          body.reason === 'LEFT'
            ? {
                joinId: 1,
                refundCase: 'LEFT_AFTER_INVITE',
                paidKrw: 30_000,
                refundedKrw: 0,
                entitledKrw: 15_000,
                refundKrw: 15_000,
                phase: '팀 합류 후',
                block: null,
                note: null,
              }
            : {
                joinId: 1,
                refundCase: 'INDIVIDUAL',
                paidKrw: 30_000,
                refundedKrw: 10_000,
                entitledKrw: 0,
                refundKrw: 0,
                phase: '시작 이후',
                block: 'NO_ENTITLEMENT',
                note: '지금은 이 사유로 환불되는 금액이 없어요.',
              },
        );
      }
      if (path === '/admin/applications/1/removal')
        return Promise.resolve({
          joinId: 1,
          refundCase: 'INDIVIDUAL',
          paidKrw: 30_000,
          refundedKrw: 10_000,
          entitledKrw: 0,
          refundKrw: 0,
          phase: '시작 이후',
          block: 'NO_ENTITLEMENT',
          note: '지금은 이 사유로 환불되는 금액이 없어요.',
          teamId: 31,
        });
      if (path === '/admin/teams/31/replacements') return Promise.resolve({ accepted: true });
      return Promise.reject(new Error(`unexpected POST ${path}`));
    });
    renderTeams();
    await screen.findAllByTestId('ops-team', {}, { timeout: 8000 });
    expect(within(opsMember(1)).getByText('하나 (김하나)')).toBeTruthy();
    // Nickname or name alone, and a member whose names are not copied yet by number.
    expect(within(opsMember(4)).getByText('최넷')).toBeTruthy();
    expect(within(opsMember(3)).getByText('#3')).toBeTruthy();
    fireEvent.click(within(opsMember(1)).getByTestId('remove-open'));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('removal-preview')).textContent).toBe(
      '결제 30,000원 · 지금 15,000원 환불 (팀 합류 후)',
    );
    fireEvent.click(within(dialog).getByLabelText(/운영진이 제외해요/));
    await waitFor(() =>
      expect(within(dialog).getByTestId('removal-preview').textContent).toBe(
        '결제 30,000원 · 이미 환불 10,000원 · 지금 0원 환불 (시작 이후) · 지금은 이 사유로 환불되는 금액이 없어요.',
      ),
    );
    fireEvent.change(within(dialog).getByLabelText(/메모/), { target: { value: '연락 두절' } });
    fireEvent.click(within(dialog).getByTestId('removal-confirm'));
    expect(dialog.textContent).toContain('하나 (김하나)님을 팀에서 제외할까요?');
    expect((await within(dialog).findByTestId('removal-done')).textContent).toContain('하나 (김하나)님을 제외했어요');
    expect(api.post).toHaveBeenCalledWith('/admin/applications/1/removal', {
      reason: 'DROPPED',
      expectedRefundKrw: 0,
      note: '연락 두절',
    });

    const proposals = await within(dialog).findAllByTestId('replacement');
    expect(proposals.map((p) => p.dataset.joinId)).toEqual(['7', '9']);
    expect(proposals.map((p) => p.querySelector('span')!.textContent)).toEqual(['일곱 (오일곱)', '#9']);
    fireEvent.click(within(proposals[0]!).getByRole('button', { name: '이 팀원으로 교체' }));
    expect((await within(dialog).findByTestId('replacement-done')).textContent).toContain('일곱 (오일곱)님이 합류해요');
    expect(api.post).toHaveBeenLastCalledWith('/admin/teams/31/replacements', { joinId: 7 });
    expect(boardReads()).toEqual([]);
  });

  it('team stop: every amount and the total before confirming; a changed amount (409) shows the message and a fresh preview', async () => {
    let total = 60_000;
    api.post.mockImplementation((path: string, body: { expectedTotalKrw?: number }) => {
      if (path === '/admin/teams/32/refunds/preview') {
        return Promise.resolve({
          refundCase: 'TEAM_STOP',
          totalKrw: total,
          lines: [
            {
              joinId: 4,
              alias: null,
              name: '최넷',
              refundCase: 'TEAM_STOP',
              paidKrw: 30_000,
              refundedKrw: 0,
              entitledKrw: total / 2,
              refundKrw: total / 2,
              phase: '팀 중단',
              block: null,
              note: null,
            },
            {
              joinId: 5,
              alias: '다섯',
              name: '정다섯',
              refundCase: 'TEAM_STOP',
              paidKrw: 30_000,
              refundedKrw: 0,
              entitledKrw: total / 2,
              refundKrw: total / 2,
              phase: '팀 중단',
              block: null,
              note: null,
            },
            {
              joinId: 6,
              alias: null,
              name: null,
              refundCase: 'TEAM_STOP',
              paidKrw: 0,
              refundedKrw: 0,
              entitledKrw: 0,
              refundKrw: 0,
              phase: null,
              block: 'NOT_CHARGED',
              note: '결제된 금액이 없어요.',
            },
          ],
        });
      }
      if (path === '/admin/teams/32/refunds') {
        if (body.expectedTotalKrw !== total)
          return Promise.reject(new ApiError('409', MESSAGES.adminRefundChanged, 409));
        return Promise.resolve({
          refundCase: 'TEAM_STOP',
          totalKrw: total,
          lines: [],
          outcomes: [
            { joinId: 4, alias: null, name: '최넷', status: 'REFUNDED', refundKrw: 20_000 },
            { joinId: 5, alias: '다섯', name: '정다섯', status: 'REFUSED', message: MESSAGES.refundInProgress },
          ],
        });
      }
      return Promise.reject(new Error(`unexpected POST ${path}`));
    });
    renderTeams();
    const teams = await screen.findAllByTestId('ops-team', {}, { timeout: 8000 });
    fireEvent.click(within(teams[1]!).getByTestId('team-stop-open'));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('group-refund-total')).textContent).toBe('60,000원');
    // Each line named by the preview itself (one whose names are not copied yet by number).
    expect(
      within(dialog)
        .getAllByTestId('refund-line')
        .map((l) => l.textContent),
    ).toEqual([
      '4최넷30,000원0원30,000원팀 중단',
      '5다섯 (정다섯)30,000원0원30,000원팀 중단',
      '6#60원0원0원- · 결제된 금액이 없어요.',
    ]);
    expect(api.post).not.toHaveBeenCalledWith('/admin/teams/32/refunds', expect.anything());

    total = 40_000;
    fireEvent.click(within(dialog).getByTestId('group-refund-confirm'));
    expect((await within(dialog).findByTestId('group-refund-error')).textContent).toBe(MESSAGES.adminRefundChanged);
    await waitFor(() => expect(within(dialog).getByTestId('group-refund-total').textContent).toBe('40,000원'));
    fireEvent.click(within(dialog).getByTestId('group-refund-confirm'));
    await within(dialog).findByTestId('group-refund-done');
    expect(api.post).toHaveBeenLastCalledWith('/admin/teams/32/refunds', {
      refundCase: 'TEAM_STOP',
      expectedTotalKrw: 40_000,
    });
    // One member's refund refused this time: named, with the reason, and what to do.
    expect(within(dialog).getByTestId('group-refund-refused').textContent).toBe(
      `다섯 (정다섯)님: ${MESSAGES.refundInProgress}\n이 팀원의 환불은 아직이에요. 잠시 후 다시 미리보고 환불해 주세요.`,
    );
    expect(boardReads()).toEqual([]);
  });

  it("shows the cohort's counts and, under its tab, the teams in trouble alone; a team stop there reloads that view", async () => {
    // 25 teams: 3팀 short-handed, a member of 23팀 with a miss (flagged); the others fine.
    published = Array.from({ length: 25 }, (_, i) => ({
      ...teams[1]!,
      teamId: 100 + i,
      teamKey: `T${i + 1}`,
      name: `${i + 1}팀`,
      shortHanded: i === 2,
      members: teams[1]!.members.map((m) => ({
        ...m,
        joinId: 1000 + i * 10 + m.joinId,
        misses: i === 22 && m.joinId === 5 ? 1 : 0,
      })),
    }));
    stopsTeamOnConfirm(122);
    const shownCounts = () =>
      within(screen.getByTestId('health-summary'))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    const shownTeams = () => screen.getAllByTestId('ops-team').map((t) => t.getAttribute('aria-label'));
    renderTeams();
    await screen.findAllByTestId('ops-team', {}, { timeout: 8000 });
    expect(shownCounts()).toEqual([
      '전체 팀 25개',
      '문제 있는 팀 2개',
      '인원 부족 팀 1개',
      '중단된 팀 0개',
      '누락 있는 팀원 1명',
      '하차한 팀원 0명',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: '문제 있는 팀만' }));
    await waitFor(() => expect(shownTeams()).toEqual(['3팀', '23팀']));
    expect(lastReadOf(api.get, '/admin/cohorts/212/team-health')).toEqual([
      '/admin/cohorts/212/team-health',
      { page: '1', trouble: 'true' },
      expect.anything(),
    ]);
    // The member at risk is flagged with their misses, and their team with how many.
    expect(within(opsMember(1225)).getByTestId('member-misses').textContent).toBe('누락 1회');
    expect(screen.getAllByTestId('member-misses')).toHaveLength(1);
    const stopping = screen.getAllByTestId('ops-team').find((t) => t.dataset.teamId === '122')!;
    expect(within(stopping).getByTestId('at-risk').textContent).toBe('누락 있는 팀원 1명');

    fireEvent.click(within(stopping).getByTestId('team-stop-open'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('group-refund-total');
    fireEvent.click(within(dialog).getByTestId('group-refund-confirm'));
    await within(dialog).findByTestId('group-refund-done');
    // Asked again as it was (the first page of the teams in trouble): 23팀, stopped, is no longer one; the counts move.
    await waitFor(() => expect(shownTeams()).toEqual(['3팀']));
    expect(lastReadOf(api.get, '/admin/cohorts/212/team-health')).toEqual([
      '/admin/cohorts/212/team-health',
      { page: '1', trouble: 'true' },
      expect.anything(),
    ]);
    expect(shownCounts()).toEqual([
      '전체 팀 25개',
      '문제 있는 팀 1개',
      '인원 부족 팀 1개',
      '중단된 팀 1개',
      '누락 있는 팀원 0명',
      '하차한 팀원 0명',
    ]);
    expect(screen.getByRole('tab', { name: '문제 있는 팀만' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('pages the teams; a team stop on another page reloads that page, the team shown stopped, the dialog open', async () => {
    // 25 teams (the service's page holds 20): the 23rd is stopped by the confirmation.
    published = Array.from({ length: 25 }, (_, i) => ({
      ...teams[1]!,
      teamId: 100 + i,
      teamKey: `T${i + 1}`,
      name: `${i + 1}팀`,
      members: teams[1]!.members.map((m) => ({ ...m, joinId: 1000 + i * 10 + m.joinId })),
    }));
    stopsTeamOnConfirm(122);
    renderTeams();
    await screen.findAllByTestId('ops-team', {}, { timeout: 8000 });
    expect(screen.getAllByTestId('ops-team')).toHaveLength(20);
    fireEvent.click(
      within(screen.getByRole('navigation', { name: '팀 페이지 이동' })).getByRole('button', { name: '다음 페이지' }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('ops-team').map((t) => t.getAttribute('aria-label'))).toEqual([
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
    const reads = api.get.mock.calls.filter(([path]) => path === '/admin/cohorts/212/team-health').length;

    const stopped = () => screen.getAllByTestId('ops-team').find((t) => t.dataset.teamId === '122')!;
    fireEvent.click(within(stopped()).getByTestId('team-stop-open'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('group-refund-total');
    fireEvent.click(within(dialog).getByTestId('group-refund-confirm'));
    await within(dialog).findByTestId('group-refund-done');
    // The page on screen, asked again: 23팀 stopped (no more stop or removal), the dialog still open with the outcome.
    await waitFor(() => expect(within(stopped()).queryByTestId('team-stop-open')).toBeNull());
    expect(api.get.mock.calls.filter(([path]) => path === '/admin/cohorts/212/team-health')).toHaveLength(reads + 1);
    expect(lastReadOf(api.get, '/admin/cohorts/212/team-health')).toEqual([
      '/admin/cohorts/212/team-health',
      { page: '2' },
      expect.anything(),
    ]);
    expect(within(stopped()).queryAllByTestId('remove-open')).toEqual([]);
    expect(screen.getAllByTestId('ops-team')).toHaveLength(5);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});
