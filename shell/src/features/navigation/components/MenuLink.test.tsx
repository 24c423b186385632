import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { MenuLink } from './MenuLink';

afterEach(cleanup);

const shown = (url: string) => {
  cleanup();
  render(
    <MemoryRouter>
      <MenuLink url={url}>메뉴</MenuLink>
    </MemoryRouter>,
  );
  return screen.getByText('메뉴');
};

describe('a menu link', () => {
  it('goes through the router for a path inside the site', () => {
    const link = shown('/story?x=1');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/story?x=1');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('opens an https link in a new tab', () => {
    const link = shown('https://example.kr/x');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('is no link at all where the path would leave the site, or for another scheme', () => {
    for (const url of [
      '/\\evil.example/x',
      '/\\/evil.example',
      '/x\u0000y',
      'javascript:alert(1)',
      'http://evil.example',
    ]) {
      const text = shown(url);
      expect(text.tagName, url).toBe('SPAN');
      expect(text.closest('a'), url).toBeNull();
    }
  });
});
