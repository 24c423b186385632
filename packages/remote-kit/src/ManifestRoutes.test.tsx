// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RouteEntry } from '@sq/contracts/registry';
import { ManifestRoutes } from './ManifestRoutes';

const routes: RouteEntry[] = [
  { path: '/careercard/:profileId', access: 'public', layout: 'default', title: '커리어 카드', ready: true },
  {
    path: '/careercard/find-myprofile',
    access: 'member',
    layout: 'default',
    title: '내 커리어 카드 찾기',
    ready: false,
  },
];
const screens = { '/careercard/:profileId': () => <h1>카드 화면</h1> };

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <div data-testid="outlet">
        <ManifestRoutes routes={routes} screens={screens} />
      </div>
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('ManifestRoutes', () => {
  it('renders the built screen of a declared route', async () => {
    at('/careercard/minji');
    expect(await screen.findByRole('heading', { name: '카드 화면' })).toBeTruthy();
  });

  it('shows the "준비 중" page for a declared route with no screen yet', () => {
    at('/careercard/find-myprofile');
    expect(screen.getByTestId('outlet').textContent).toContain('준비 중');
    expect(screen.getByTestId('outlet').textContent).toContain('내 커리어 카드 찾기');
  });

  it('renders nothing for a path the remote does not declare', () => {
    at('/projects');
    expect(screen.getByTestId('outlet').textContent).toBe('');
  });
});
