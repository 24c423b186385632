import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';

const navigateToUrl = vi.fn((event: Event) => event.preventDefault());
vi.mock('single-spa', () => ({ navigateToUrl: (event: Event) => navigateToUrl(event) }));
const { AppLink } = await import('./AppLink');

afterEach(cleanup);

describe('AppLink', () => {
  it('is a real link, and a click goes through single-spa instead of loading a page', () => {
    const onClick = vi.fn();
    render(
      <AppLink to="/careercard/minji" onClick={onClick}>
        커리어 카드
      </AppLink>,
    );
    const link = screen.getByRole('link', { name: '커리어 카드' });
    expect(link.getAttribute('href')).toBe('/careercard/minji');
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(navigateToUrl).toHaveBeenCalledTimes(1);
  });

  it('a hidden link stays in the page but leaves the tab order and the accessibility tree', () => {
    render(
      <AppLink to="/story" hidden>
        후기
      </AppLink>,
    );
    const link = document.querySelector('a[href="/story"]');
    expect(link?.getAttribute('aria-hidden')).toBe('true');
    expect(link?.getAttribute('tabindex')).toBe('-1');
  });
});
