import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@sq/contracts/messages';
import { SHARE_TOOLTIP_MS } from '@sq/ui';
import { ShareButton } from './ShareButton';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ShareButton', () => {
  it('copies the card’s public link and shows the tooltip for 2 seconds', async () => {
    vi.useFakeTimers();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void copied.push(text) },
      configurable: true,
    });
    render(<ShareButton path="/careercard/minji" />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('careercard-share'));
    });
    expect(copied).toEqual([`${window.location.origin}/careercard/minji`]);
    expect(screen.getByTestId('share-tooltip').textContent).toBe(MESSAGES.linkCopied);
    act(() => vi.advanceTimersByTime(SHARE_TOOLTIP_MS - 100));
    expect(screen.queryByTestId('share-tooltip')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('share-tooltip')).toBeNull();
    expect(SHARE_TOOLTIP_MS).toBe(2_000);
  });
});
