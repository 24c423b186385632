import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { CohortDetail, ProductDetail, ProgramIntro } from '@sq/contracts';
import { cohort } from '../../../shared/cohort.fixture';
import { PotendayIntroPage } from './ProgramIntroPage';
import { PotendayRecruitCohortPage } from './RecruitCohortPage';

// The API client is replaced at its edge: the page's own requests and rendering run as they are.
const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({ ...(await actual<object>()), apiGet: api.get }));

const product = {
  productId: 2,
  slug: 'potenday',
  kind: 'SPRINT',
  name: '10일 팀 스프린트',
  summary: '카탈로그 요약',
  description: '카탈로그 설명',
  feeKrw: 30_000,
  recruiting: true,
  eligibility: '누구나',
  teamMakeup: { minSize: 2, maxSize: 4, roles: { planner: null, designer: null, developer: null }, maxFriends: 0 },
  refundRules: [],
  cohorts: [cohort(212, 'RECRUITING', { productId: 2 })],
} as unknown as ProductDetail;
const intro: ProgramIntro = {
  productId: 2,
  productSlug: 'potenday',
  productName: '10일 팀 스프린트',
  summary: '운영자가 쓴 소개 문구',
  hero: { url: '/media/content/program-potenday.svg', width: 1200, height: 600, alt: '10일 팀 스프린트 소개 이미지' },
  sections: [
    { heading: null, paragraphs: ['첫 문단이에요.'] },
    { heading: '매일 체크인', paragraphs: ['밤 10시까지 남겨요.', '이틀 빠지면 제외돼요.'] },
  ],
  images: [{ url: '/media/content/project-09.svg', width: 640, height: 400, alt: '한입레시피 화면' }],
};
const cohortDetail = {
  ...cohort(212, 'RECRUITING', { productId: 2 }),
  product: { productId: 2, slug: 'potenday', name: '10일 팀 스프린트', kind: 'SPRINT', feeKrw: 30_000 },
  refundSchedule: [],
} as unknown as CohortDetail;

function answer(introAnswer: () => Promise<unknown>) {
  api.get.mockImplementation((path: string) => {
    if (path === '/products/potenday') return Promise.resolve({ product });
    if (path === '/program-intros/potenday') return introAnswer();
    if (path === '/cohorts/212') return Promise.resolve({ cohort: cohortDetail });
    if (path === '/cohorts/212/applicants') return Promise.resolve({ applicants: null });
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
}

const at = (path: string, element: ReactNode, route = path) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={route} element={element} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('a program page with the intro operators published', () => {
  it('shows their lead, hero image at its size, sections and photos instead of the catalogue text', async () => {
    answer(() => Promise.resolve({ intro }));
    at('/potenday', <PotendayIntroPage />);
    const page = await screen.findByTestId('program-intro', {}, { timeout: 8000 });
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('10일 팀 스프린트');
    expect(screen.getByTestId('program-summary').textContent).toBe('운영자가 쓴 소개 문구');
    const hero = within(page).getByRole('img', { name: '10일 팀 스프린트 소개 이미지' });
    expect([hero.getAttribute('src'), hero.getAttribute('width'), hero.getAttribute('height')]).toEqual([
      '/media/content/program-potenday.svg',
      '1200',
      '600',
    ]);
    const text = screen.getByTestId('program-intro-text');
    expect(within(text).getByRole('heading', { level: 3 }).textContent).toBe('매일 체크인');
    expect(
      within(text)
        .getAllByText(/문단이에요|남겨요|제외돼요/)
        .map((p) => p.textContent),
    ).toEqual(['첫 문단이에요.', '밤 10시까지 남겨요.', '이틀 빠지면 제외돼요.']);
    expect(within(text).getByRole('img', { name: '한입레시피 화면' }).getAttribute('width')).toBe('640');
    expect(page.textContent).not.toContain('카탈로그');
    // The page's facts are still the programs service's.
    expect(screen.getByTestId('fee').textContent).toBe('30,000원');
  });

  it("keeps the catalogue's text when the program has no intro, or the intro cannot be loaded: the page still works", async () => {
    for (const introAnswer of [
      () => Promise.resolve({ intro: null }),
      () => Promise.reject(new Error('content is down')),
    ]) {
      answer(introAnswer);
      at('/potenday', <PotendayIntroPage />);
      const page = await screen.findByTestId('program-intro', {}, { timeout: 8000 });
      expect(screen.getByTestId('program-summary').textContent).toBe('카탈로그 요약');
      expect(page.textContent).toContain('카탈로그 설명');
      expect(within(page).queryByRole('img')).toBeNull();
      cleanup();
    }
  });

  it("leads a cohort's recruit page with the same published lead", async () => {
    answer(() => Promise.resolve({ intro }));
    at('/potenday/recruit/212', <PotendayRecruitCohortPage />, '/potenday/recruit/:oddId');
    await screen.findByTestId('recruit', {}, { timeout: 8000 });
    expect(screen.getByTestId('program-summary').textContent).toBe('운영자가 쓴 소개 문구');
  });
});
