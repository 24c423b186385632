import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { CareerCard } from '@sq/contracts';
import { CareerCardView } from './CareerCardView';

afterEach(cleanup);

const KEY = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const card = (overrides: Partial<CareerCard> = {}): CareerCard => ({
  profileId: 'minji',
  userName: '김민지',
  userAlias: '민지',
  jobGroupName: '기획',
  positionName: '서비스 기획',
  yearCodeName: '3년 이상 5년 미만',
  intro: '사용자 인터뷰로 문제를 좁혀요.',
  imgUrl: null,
  coverImgUrl: null,
  skills: ['Figma'],
  projects: [],
  skillLevel: null,
  isOwner: false,
  ...overrides,
});
const renderCard = (value: CareerCard) =>
  render(
    <MemoryRouter>
      <CareerCardView card={value} />
    </MemoryRouter>,
  );

describe('CareerCardView: name and nickname', () => {
  it("shows the member's name with the nickname next to it, to visitors and to the owner alike", () => {
    for (const isOwner of [false, true]) {
      renderCard(card({ isOwner }));
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading.textContent).toBe('김민지 닉네임 민지');
      expect(screen.getByTestId('careercard-alias').textContent).toBe('닉네임 민지');
      expect(Boolean(screen.queryByTestId('careercard-edit'))).toBe(isOwner);
      cleanup();
    }
  });

  it('shows the nickname alone on a card whose name is not mirrored yet', () => {
    renderCard(card({ userName: null }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('민지');
    expect(screen.queryByTestId('careercard-alias')).toBeNull();
  });
});

describe('CareerCardView: IT skill check-up level', () => {
  it('shows the level the member chose to show, linking to the public result page', () => {
    renderCard(
      card({ skillLevel: { level: 4, levelName: '숙련', shareKey: KEY, completedAt: '2026-11-20T05:00:00.000Z' } }),
    );
    expect(screen.getByTestId('careercard-skill-level').textContent).toBe('IT 스킬 Lv.4 숙련');
    const link = screen.getByRole('link', { name: /IT 스킬 Lv\.4 숙련/ });
    expect(link.getAttribute('href')).toBe(`/itskillcheckup/result/${KEY}`);
    expect(link.textContent).toContain('체크업 결과 보기');
  });

  it('shows no level and no result link when the card carries none (hidden, none taken, or itskill unavailable)', () => {
    renderCard(card());
    expect(screen.queryByTestId('careercard-skill-level')).toBeNull();
    expect(screen.queryByRole('link', { name: /IT 스킬/ })).toBeNull();
    // The rest of the card is there all the same.
    expect(screen.getByText('경력 3년 이상 5년 미만')).toBeTruthy();
    expect(screen.getByTestId('careercard-name').textContent).toBe('김민지 닉네임 민지');
  });
});
