import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from '@sq/api-client';
import type { SignedInUser, UserDataResponse } from '@sq/contracts';
import { MyPageIntroPage } from './MyPageIntroPage';

const navigateToUrl = vi.fn();
vi.mock('single-spa', () => ({ navigateToUrl: (to: string) => navigateToUrl(to) }));

const getMe = vi.fn<() => Promise<UserDataResponse>>();
vi.mock('../api/get-me', async (original) => {
  const { useAsync } = await import('@sq/ui');
  return { ...(await original()), useMe: () => useAsync(() => getMe(), []) };
});

const user = {
  email: 'member@example.com',
  userName: '김민지',
  userAlias: '민지',
  userJobGroup: '기획',
  profileId: 'minji',
} as SignedInUser;

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/mypage']}>
      <MyPageIntroPage />
    </MemoryRouter>,
  );
}

describe('MyPageIntroPage', () => {
  beforeEach(() => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'header.payload.signature');
    localStorage.setItem(USER_STORAGE_KEY, '{}');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.clearAllMocks();
  });

  it('greets the member and links to their career card, history and info', async () => {
    getMe.mockResolvedValue({ userData: user, isUser: 'Y' });
    renderPage();
    expect(await screen.findByTestId('mypage-greeting')).toHaveProperty('textContent', '김민지님, 안녕하세요');
    expect(screen.getByText('member@example.com')).toBeTruthy();
    expect(screen.getByText('기획')).toBeTruthy();
    expect(screen.getByTestId('mypage-link-careercard').closest('a')?.getAttribute('href')).toBe('/careercard/minji');
    expect(screen.getByTestId('mypage-link-history').closest('a')?.getAttribute('href')).toBe('/mypage/history');
    expect(screen.getByTestId('mypage-link-info').closest('a')?.getAttribute('href')).toBe('/mypage/info');
    expect(navigateToUrl).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
  });

  it('clears the token and goes to sign-in when isUser is N', async () => {
    getMe.mockResolvedValue({ userData: user, isUser: 'N' });
    renderPage();
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/signin'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(screen.queryByTestId('mypage-intro')).toBeNull();
  });

  it("shows 'Please log in' with a retry when the call fails", async () => {
    getMe.mockRejectedValue(new Error('boom'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Please log in'));
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeTruthy();
  });
});
