import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ProductDetail } from '@sq/contracts';
import { cohort } from '../../../shared/cohort.fixture';
import { NoInfo } from './recruit-common';

/** Emoji need an emoji font; without one they render as empty boxes. */
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Presentation}|\u{FE0F}/u;

const product = {
  productId: 3,
  slug: 'planx',
  kind: 'COURSE',
  name: '플래너 코스',
  summary: '기획자 과정',
  feeKrw: 350_000,
  cohorts: [cohort(305, 'UPCOMING', { recruitStart: '2027-01-01T00:00:00Z' })],
} as unknown as ProductDetail;

afterEach(cleanup);

describe('the empty recruit page', () => {
  it('shows an SVG icon, no emoji, and where to go next', () => {
    const { container } = render(
      <MemoryRouter>
        <NoInfo product={product} />
      </MemoryRouter>,
    );
    expect(screen.getByText('모집 정보가 없어요')).toBeTruthy();
    expect(container.querySelector('.sq-state svg path')).not.toBeNull();
    expect(EMOJI.test(container.innerHTML)).toBe(false);
    expect(screen.getByRole('link', { name: '305기 모집 예정 보기' }).getAttribute('href')).toBe('/planx/recruit/305');
  });
});
