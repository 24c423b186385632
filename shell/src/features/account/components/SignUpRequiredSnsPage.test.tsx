import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES } from '@sq/contracts/messages';
import { saveSnsTicket } from '../sns-flow';
import { SignUpRequiredSnsPage } from './SignUpFormPage';

vi.mock('../api/check-availability', () => {
  const free = async () => ({ available: true });
  return { checkEmail: free, checkContactEmail: free, checkNickname: free, checkCareerCardId: free };
});
vi.mock('../api/get-job-groups', async () => {
  const { useAsync } = await import('@sq/ui');
  return { useJobGroups: () => useAsync(async () => [], []) };
});
vi.mock('../api/get-career-years', async () => {
  const { useAsync } = await import('@sq/ui');
  return { useCareerYears: () => useAsync(async () => [], []) };
});

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement | null;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('/signup/required_sns', () => {
  it('is the sign-up form without password, prefilled from the provider', () => {
    saveSnsTicket({
      result: 'signUp',
      to: '/',
      ticket: 't'.repeat(43),
      prefill: {
        email: 'sns@example.com',
        username: '카카오테스트',
        useralias: '카카오친구',
        userphone: '+82 10-2222-3333',
        vendor: 'KAKAO',
      },
    });
    render(
      <MemoryRouter initialEntries={['/signup/required_sns']}>
        <SignUpRequiredSnsPage />
      </MemoryRouter>,
    );
    expect(input('email')?.value).toBe('sns@example.com');
    expect(input('email')?.readOnly).toBe(true);
    expect(input('contactEmail')?.value).toBe('sns@example.com');
    expect(input('username')?.value).toBe('카카오테스트');
    expect(input('useralias')?.value).toBe('카카오친구');
    expect(input('userphone')?.value).toBe('010-2222-3333');
    expect(input('password')).toBeNull();
    expect(input('pw_confirm')).toBeNull();
    expect(screen.getByText('카카오 계정으로 가입해요.')).toBeTruthy();
  });

  it('asks to start the social login again without a ticket', () => {
    render(
      <MemoryRouter initialEntries={['/signup/required_sns']}>
        <SignUpRequiredSnsPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.socialSignUpExpired);
    expect(input('email')).toBeNull();
  });
});
