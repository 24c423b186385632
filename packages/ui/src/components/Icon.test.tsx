// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MESSAGES } from '@sq/contracts/messages';
import { ComingSoon } from './ComingSoon';
import { EmptyState } from './EmptyState';
import { ErrorFallback } from './ErrorFallback';
import { ICON_NAMES, Icon } from './Icon';
import { CONSOLE_ICON_NAMES, ConsoleIcon } from '../console-icons';

/** Emoji need an emoji font; without one they render as empty boxes. */
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Presentation}|\u{FE0F}/u;

afterEach(cleanup);

describe('icons instead of emoji', () => {
  it.each([
    ['the "준비 중" page', <ComingSoon title="지원 내역" />, MESSAGES.comingSoon],
    ['an empty state', <EmptyState title="모집 정보가 없어요" />, '모집 정보가 없어요'],
    ['the error fallback', <ErrorFallback onRetry={() => undefined} />, MESSAGES.remoteLoadFailed],
  ])('%s shows an SVG icon and no emoji', (_name, element, text) => {
    const { container } = render(element);
    expect(container.textContent).toContain(text);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg!.querySelector('path')!.getAttribute('d')).toMatch(/^M/);
    expect(EMOJI.test(container.innerHTML)).toBe(false);
  });

  it('every icon draws a path; decorative unless it has a title', () => {
    for (const name of ICON_NAMES) {
      const { container, unmount } = render(<Icon name={name} />);
      const svg = container.querySelector('svg')!;
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      expect(svg.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(10);
      unmount();
    }
    for (const name of CONSOLE_ICON_NAMES) {
      const { container, unmount } = render(<ConsoleIcon name={name} />);
      expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
      expect(container.querySelector('path')!.getAttribute('d')!).toMatch(/^M.{10,}/);
      unmount();
    }
    const { getByRole } = render(<Icon name="share" title="공유" />);
    expect(getByRole('img', { name: '공유' }).tagName.toLowerCase()).toBe('svg');
  });
});
