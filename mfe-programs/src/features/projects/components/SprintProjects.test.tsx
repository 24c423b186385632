import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { SprintProject } from '@sq/contracts/api/operators/sprint';
import { SprintProjects } from './SprintProjects';

vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));
const api = vi.hoisted(() => ({ getSprintProjects: vi.fn() }));
vi.mock('../api/get-sprint-projects', async () => {
  const { useAsync } = await import('@sq/ui');
  return {
    useSprintProjects: (q: { oddId?: number }) => useAsync((signal) => api.getSprintProjects(q, signal), [q.oddId]),
  };
});

const project: SprintProject = {
  teamId: 3,
  teamName: '1팀',
  projectName: '회의록 봇',
  description: '회의를 요약해요.',
  repositoryUrl: 'https://github.com/ex/bot',
  demoUrl: null,
  images: ['/media/uploads/0b6f7c1e-3f0a-4d2e-9a51-6f1c2d3e4f50'],
  productId: 2,
  productName: '10일 팀 스프린트',
  oddId: 212,
  cohortName: '12월',
  winner: true,
  members: [
    { alias: '지원', role: 'DEVELOPER', roleName: '개발자', profileId: 'jiwon' },
    { alias: '기획', role: 'PLANNER', roleName: '기획자', profileId: null },
  ],
  publishedAt: '2026-12-26T03:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('sprint projects on /projects', () => {
  it('shows each published project with its team, winner mark, members’ career cards and links', async () => {
    api.getSprintProjects.mockResolvedValue({
      items: [project, { ...project, teamId: 4, winner: false, projectName: '두 번째', images: [] }],
      page: 1,
      size: 12,
      total: 2,
    });
    render(<SprintProjects oddId={212} />);
    const cards = await screen.findAllByTestId('sprint-project');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading').textContent).toBe('회의록 봇');
    expect(within(cards[0]!).getByTestId('sprint-project-winner').textContent).toBe('우승');
    expect(within(cards[1]!).queryByTestId('sprint-project-winner')).toBeNull();
    expect(within(cards[0]!).getByRole('link', { name: '지원 (개발자)' }).getAttribute('href')).toBe(
      '/careercard/jiwon',
    );
    expect(within(cards[0]!).getByText('기획 (기획자)').tagName).toBe('LI');
    expect(within(cards[0]!).getByRole('link', { name: '저장소' }).getAttribute('href')).toBe(
      'https://github.com/ex/bot',
    );
    expect(api.getSprintProjects).toHaveBeenCalledWith(expect.objectContaining({ oddId: 212 }), expect.anything());
  });

  it('shows nothing while no sprint results are published', async () => {
    api.getSprintProjects.mockResolvedValue({ items: [], page: 1, size: 12, total: 0 });
    const { container } = render(<SprintProjects />);
    // Let the answer arrive and render (an empty page would otherwise be indistinguishable from loading).
    await act(async () => {
      await api.getSprintProjects.mock.results[0]!.value;
    });
    expect(container.innerHTML).toBe('');
  });
});
