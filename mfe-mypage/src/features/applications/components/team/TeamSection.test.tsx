import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import type { ApplicationDetail } from '@sq/contracts/api/applications';
import type { MyTeamResponse } from '@sq/contracts/api/operators/sprint';
import { HistoryDetailPage } from '../HistoryDetailPage';
import { TeamSection } from './TeamSection';

vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));
const api = vi.hoisted(() => ({
  getApplication: vi.fn(),
  getHistory: vi.fn(),
  cancelApplication: vi.fn(),
  getCodeNames: vi.fn(),
  getJoinProjects: vi.fn(),
}));
vi.mock('../../api/applications', () => api);
const team = vi.hoisted(() => ({
  getMyTeam: vi.fn(),
  checkIn: vi.fn(),
  saveSubmission: vi.fn(),
  uploadImage: vi.fn(),
}));
vi.mock('../../api/get-my-team', async () => {
  const { useAsync } = await import('@sq/ui');
  return {
    getMyTeam: team.getMyTeam,
    useMyTeam: (joinId: number) => useAsync((signal) => team.getMyTeam(joinId, signal), [joinId]),
  };
});
vi.mock('../../api/check-in', () => ({ checkIn: team.checkIn }));
vi.mock('../../api/save-submission', () => ({ saveSubmission: team.saveSubmission }));
vi.mock('../../api/upload-image', () => ({ uploadImage: team.uploadImage }));

const application: ApplicationDetail = {
  joinId: 7,
  oddId: 212,
  productId: 2,
  productSlug: 'potenday',
  productName: '10일 팀 스프린트',
  kind: 'SPRINT',
  chargePolicy: 'ON_TEAM_PUBLISH',
  cohortName: '12월',
  cohortStatus: 'IN_PROGRESS',
  startDate: '2026-12-14',
  endDate: '2026-12-23',
  teamBuildingAnnounceDate: '2026-12-12',
  role: 'DEVELOPER',
  roleName: '개발자',
  state: 'ASSIGNED',
  stateName: '팀 배정 완료',
  live: true,
  currentStep: null,
  feeKrw: 30_000,
  createdAt: '2026-11-19T16:00:00Z',
  submittedAt: '2026-11-19T16:30:00Z',
  updatedAt: '2026-12-12T00:00:00Z',
  links: { detail: '/mypage/history/7', answers: '/mypage/apply/7', resume: null },
  answers: {},
  history: [],
  cancel: { allowed: false, reason: null, refundKrw: 0 },
  cardUpdate: { open: false, deadlineAt: null },
  payment: {
    chargePolicy: 'ON_TEAM_PUBLISH',
    amountKrw: 30_000,
    card: null,
    reservedAt: '2026-11-19T16:30:00Z',
    chargeOn: null,
    chargedAt: '2026-12-12T01:00:00Z',
    chargedKrw: 30_000,
    refundedKrw: 0,
    refundableTodayKrw: 0,
    refundableUntil: null,
    events: [],
  },
};

const HOUR = 3_600_000;
const myTeam = (over: Partial<MyTeamResponse> = {}): MyTeamResponse => ({
  team: { teamId: 3, key: 'A', name: '1팀', shortHanded: false, stopped: false },
  explanation: '개발자 자리를 채워요. 팀 경력 평균이 기수 평균과 비슷해요.',
  members: [
    {
      joinId: 7,
      name: '김지원',
      role: 'DEVELOPER',
      roleName: '개발자',
      state: 'ASSIGNED',
      careerCardUrl: 'http://localhost:8080/careercard/jiwon',
      profileId: 'jiwon',
      careerYears: 'CY_1_3Y',
    },
    {
      joinId: 8,
      name: '박기획',
      role: 'PLANNER',
      roleName: '기획자',
      state: 'ASSIGNED',
      careerCardUrl: 'http://localhost:8080/careercard/plan8',
      profileId: 'plan8',
      careerYears: 'CY_3_5Y',
    },
    {
      joinId: 9,
      name: '이디자',
      role: 'DESIGNER',
      roleName: '디자이너',
      state: 'DROPPED',
      careerCardUrl: null,
      profileId: null,
      careerYears: null,
    },
  ],
  schedule: {
    teamBuildingAnnounceDate: '2026-12-12',
    kickoffDate: '2026-12-14',
    startDate: '2026-12-14',
    endDate: '2026-12-23',
    checkinClosesAt: '22:00',
    submissionClosesAt: '2026-12-23T06:00:00.000Z',
  },
  checkedInToday: false,
  checkin: {
    day: '2026-12-16',
    closesAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    open: true,
    checkedInAt: null,
    streak: 2,
    misses: 0,
    lastMiss: null,
    missesBeforeDrop: 2,
  },
  submission: null,
  submissionOpen: true,
  results: null,
  ...over,
});

const renderSection = (app: ApplicationDetail = application) =>
  render(
    <MemoryRouter>
      <TeamSection application={app} />
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the member’s team on /mypage/history/{id}', () => {
  it('before the team is published the detail page says so, with the announcement day', async () => {
    api.getApplication.mockResolvedValue({ ...application, state: 'RESERVED', stateName: '결제 예약' });
    team.getMyTeam.mockRejectedValue(new ApiError('40', MESSAGES.sprintNoTeam, 404, {}));
    render(
      <MemoryRouter initialEntries={['/mypage/history/7']}>
        <Routes>
          <Route path="/mypage/history/:id" element={<HistoryDetailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('team-not-published')).textContent).toBe(
      '아직 발표된 팀이 없어요. 팀 빌딩 결과는 2026.12.12에 발표돼요.',
    );
    expect(team.getMyTeam).toHaveBeenCalledWith(7, expect.anything());
    expect(screen.queryByTestId('team-members')).toBeNull();
    expect(screen.queryByTestId('checkin')).toBeNull();
  });

  it('a draft has no team section at all', async () => {
    api.getApplication.mockResolvedValue({ ...application, state: 'DRAFT', stateName: '작성 중' });
    render(
      <MemoryRouter initialEntries={['/mypage/history/7']}>
        <Routes>
          <Route path="/mypage/history/:id" element={<HistoryDetailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByTestId('history-detail');
    expect(screen.queryByTestId('team-section')).toBeNull();
    expect(team.getMyTeam).not.toHaveBeenCalled();
  });

  it('once published: teammates with roles and career card links, the placement explanation, the schedule', async () => {
    team.getMyTeam.mockResolvedValue(myTeam());
    renderSection();
    const members = await screen.findAllByTestId('team-member');
    expect(members.map((m) => m.textContent)).toEqual([
      '김지원 (나)개발자커리어 카드',
      '박기획기획자커리어 카드',
      '이디자디자이너중도 하차',
    ]);
    expect(within(members[1]!).getByRole('link', { name: '커리어 카드' }).getAttribute('href')).toBe(
      '/careercard/plan8',
    );
    expect(screen.getByTestId('team-explanation').textContent).toContain('개발자 자리를 채워요.');
    const schedule = screen.getByTestId('team-schedule').textContent!;
    expect(schedule).toContain('2026.12.14 ~ 2026.12.23');
    expect(schedule).toContain('2026.12.23 15:00');
  });

  it('checks in before 22:00: the button, then today’s state and the streak', async () => {
    team.getMyTeam.mockResolvedValue(myTeam());
    team.checkIn.mockResolvedValue({ day: '2026-12-16', checkedAt: '2026-12-16T01:05:00.000Z' });
    renderSection();
    expect((await screen.findByTestId('checkin-streak')).textContent).toBe('연속 체크인2일');
    fireEvent.click(screen.getByTestId('checkin-button'));
    expect((await screen.findByTestId('checkin-done')).textContent).toBe('오늘 체크인 완료 (10:05)');
    expect(team.checkIn).toHaveBeenCalledWith(7);
    expect(screen.getByTestId('checkin-streak').textContent).toBe('연속 체크인3일');
    expect(screen.queryByTestId('checkin-button')).toBeNull();
  });

  it('after 22:00 the check-in is closed (no button), and yesterday’s miss warns of the drop', async () => {
    team.getMyTeam.mockResolvedValue(
      myTeam({
        checkin: {
          day: '2026-12-16',
          closesAt: new Date(Date.now() - HOUR).toISOString(),
          open: false,
          checkedInAt: null,
          streak: 0,
          misses: 1,
          lastMiss: '2026-12-15',
          missesBeforeDrop: 2,
        },
      }),
    );
    renderSection();
    expect((await screen.findByTestId('checkin-closed')).textContent).toBe(MESSAGES.sprintCheckinClosed);
    expect(screen.queryByTestId('checkin-button')).toBeNull();
    expect(screen.getByTestId('checkin-warning').textContent).toContain('2일 연속으로 놓치면 중도 하차');
    expect(screen.getByTestId('checkin-misses').textContent).toBe('누락1회');
  });

  it('a check-in refused at 22:00 by the server shows its message and closes the box', async () => {
    team.getMyTeam.mockResolvedValue(myTeam());
    team.checkIn.mockRejectedValue(new ApiError('30', MESSAGES.sprintCheckinClosed, 409, {}));
    renderSection();
    fireEvent.click(await screen.findByTestId('checkin-button'));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.sprintCheckinClosed);
    expect(screen.queryByTestId('checkin-button')).toBeNull();
  });

  it('a dropped member sees why, and the submission read-only', async () => {
    const members = myTeam().members.map((m) => (m.joinId === 7 ? { ...m, state: 'DROPPED' as const } : m));
    team.getMyTeam.mockResolvedValue(myTeam({ members, checkin: { ...myTeam().checkin!, open: false, misses: 2 } }));
    renderSection({ ...application, state: 'DROPPED', stateName: '중도 하차' });
    expect((await screen.findByTestId('checkin-dropped')).textContent).toContain(MESSAGES.sprintDroppedReason);
    expect(screen.queryByTestId('checkin-button')).toBeNull();
    expect(screen.getByTestId('submission-readonly')).toBeTruthy();
    expect(screen.queryByTestId('submission-form')).toBeNull();
  });

  it('the submission form checks the fields in Korean, keeps the input, and saves', async () => {
    team.getMyTeam.mockResolvedValue(myTeam());
    team.saveSubmission.mockResolvedValue({
      projectName: '회의록 봇',
      description: '회의를 요약해요.',
      repositoryUrl: 'https://github.com/ex/bot',
      demoUrl: null,
      images: [],
      updatedAt: '2026-12-16T02:00:00.000Z',
    });
    renderSection();
    fireEvent.change(await screen.findByLabelText('프로젝트 이름'), { target: { value: '회의록 봇' } });
    fireEvent.change(screen.getByLabelText('저장소 링크'), { target: { value: 'github.com/ex/bot' } });
    fireEvent.click(screen.getByTestId('submission-submit'));
    expect((await screen.findByText(MESSAGES.submissionDescriptionRequired)).getAttribute('role')).toBe('alert');
    expect(screen.getByText(MESSAGES.projectLinkInvalid)).toBeTruthy();
    expect(team.saveSubmission).not.toHaveBeenCalled();
    expect((screen.getByLabelText('프로젝트 이름') as HTMLInputElement).value).toBe('회의록 봇');

    fireEvent.change(screen.getByLabelText('프로젝트 설명'), { target: { value: '회의를 요약해요.' } });
    fireEvent.change(screen.getByLabelText('저장소 링크'), { target: { value: 'https://github.com/ex/bot' } });
    fireEvent.click(screen.getByTestId('submission-submit'));
    await screen.findByTestId('submission-saved');
    expect(team.saveSubmission).toHaveBeenCalledWith(7, {
      projectName: '회의록 봇',
      description: '회의를 요약해요.',
      repositoryUrl: 'https://github.com/ex/bot',
      demoUrl: null,
      images: [],
    });
  });

  it('a save refused after 15:00 on the last day keeps what was typed, read-only, with the message', async () => {
    team.getMyTeam.mockResolvedValue(myTeam());
    team.saveSubmission.mockRejectedValue(new ApiError('30', MESSAGES.sprintSubmissionClosed, 409, {}));
    renderSection();
    fireEvent.change(await screen.findByLabelText('프로젝트 이름'), { target: { value: '늦은 제출' } });
    fireEvent.change(screen.getByLabelText('프로젝트 설명'), { target: { value: '설명' } });
    fireEvent.change(screen.getByLabelText('저장소 링크'), { target: { value: 'https://github.com/ex/late' } });
    fireEvent.click(screen.getByTestId('submission-submit'));
    expect((await screen.findByTestId('submission-error')).textContent).toBe(MESSAGES.sprintSubmissionClosed);
    const name = screen.getByLabelText('프로젝트 이름') as HTMLInputElement;
    expect(name.value).toBe('늦은 제출');
    expect(name.readOnly).toBe(true);
    expect(screen.queryByTestId('submission-submit')).toBeNull();
  });

  it('after the deadline the submission is read-only; after judging the scores, feedback and prizes show', async () => {
    team.getMyTeam.mockResolvedValue(
      myTeam({
        submissionOpen: false,
        submission: {
          projectName: '회의록 봇',
          description: '회의를 요약해요.',
          repositoryUrl: 'https://github.com/ex/bot',
          demoUrl: 'https://bot.example.com',
          images: ['/media/uploads/0b6f7c1e-3f0a-4d2e-9a51-6f1c2d3e4f50'],
          updatedAt: '2026-12-23T05:00:00.000Z',
        },
        results: {
          publishedAt: '2026-12-26T03:00:00.000Z',
          winner: true,
          scores: { problem: 8, execution: 9, design: 7, teamwork: 10 },
          total: 855,
          feedback: '완성도가 높아요.',
          prizes: [
            { teamId: 3, joinId: null, amountKrw: 400_000 },
            { teamId: 3, joinId: 8, amountKrw: 100_000 },
          ],
          rubric: [
            { key: 'problem', name: '문제 정의', weight: 25 },
            { key: 'execution', name: '완성도', weight: 35 },
            { key: 'design', name: '사용성과 디자인', weight: 20 },
            { key: 'teamwork', name: '협업', weight: 20 },
          ],
        },
      }),
    );
    renderSection();
    expect((await screen.findByTestId('submission-readonly')).textContent).toBe(MESSAGES.sprintSubmissionClosed);
    expect(screen.queryByTestId('submission-form')).toBeNull();
    expect(screen.getByTestId('submission-project-name').textContent).toBe('회의록 봇');
    const results = screen.getByTestId('team-results');
    expect(within(results).getByTestId('results-winner').textContent).toBe('우승 팀');
    expect(
      within(results)
        .getAllByTestId('results-score')
        .map((r) => r.textContent),
    ).toEqual(['문제 정의 (25%)8 / 10', '완성도 (35%)9 / 10', '사용성과 디자인 (20%)7 / 10', '협업 (20%)10 / 10']);
    expect(within(results).getByTestId('results-total').textContent).toBe('855 / 1,000');
    expect(within(results).getByTestId('results-feedback').textContent).toBe('완성도가 높아요.');
    expect(within(results).getByTestId('results-prizes').textContent).toBe('팀 상금400,000원박기획 개인 상금100,000원');
  });
});
