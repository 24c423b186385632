import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import { ChangePasswordPage } from './ChangePasswordPage';
import { FindAccountPage } from './FindAccountPage';
import { FindPasswordPage } from './FindPasswordPage';
import { OAuthReturnPage } from './OAuthReturnPage';
import { SignInPage } from './SignInPage';

const api = {
  signIn: vi.fn(),
  findEmail: vi.fn(),
  requestPasswordReset: vi.fn(),
  checkResetToken: vi.fn(),
  changePassword: vi.fn(),
  exchangeOAuthCode: vi.fn(),
};
vi.mock('../api/sign-in', () => ({ signIn: (...a: unknown[]) => api.signIn(...a) }));
vi.mock('../api/find-email', () => ({ findEmail: (...a: unknown[]) => api.findEmail(...a) }));
vi.mock('../api/password-reset', () => ({ requestPasswordReset: (...a: unknown[]) => api.requestPasswordReset(...a) }));
vi.mock('../api/check-reset-token', () => ({ checkResetToken: (...a: unknown[]) => api.checkResetToken(...a) }));
vi.mock('../api/change-password', () => ({ changePassword: (...a: unknown[]) => api.changePassword(...a) }));
vi.mock('../api/oauth-exchange', () => ({ exchangeOAuthCode: (...a: unknown[]) => api.exchangeOAuthCode(...a) }));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, pattern: string, element: React.ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const TOKEN = 'A'.repeat(43);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

describe('/signin', () => {
  it('returns to the `to` path after signing in', async () => {
    api.signIn.mockResolvedValue({});
    renderAt('/signin?to=/mypage/history', '/signin', <SignInPage />);
    type('email', 'member@example.com');
    type('password', 'sidequest1!');
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/mypage/history'));
    expect(api.signIn).toHaveBeenCalledWith('member@example.com', 'sidequest1!');
  });

  it('shows the brute-force cool-down inline and keeps what was typed', async () => {
    const coolDown = '로그인 시도가 너무 많습니다. 15분 후에 다시 시도해 주세요.';
    api.signIn.mockRejectedValue(new ApiError('29', coolDown, 429));
    renderAt('/signin', '/signin', <SignInPage />);
    type('email', 'member@example.com');
    type('password', 'wrong1!');
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect((await screen.findByRole('alert')).textContent).toBe(coolDown);
    expect(input('email').value).toBe('member@example.com');
  });

  it('links to find account, find password and change password, and offers three social logins', () => {
    renderAt('/signin?to=/mypage', '/signin', <SignInPage />);
    expect(screen.getByRole('link', { name: '아이디 찾기' }).getAttribute('href')).toBe('/signin/find-account');
    expect(screen.getByRole('link', { name: '비밀번호 찾기' }).getAttribute('href')).toBe('/signin/find-password');
    expect(screen.getByRole('link', { name: '비밀번호 변경' }).getAttribute('href')).toBe('/change/password');
    const providers = [...document.querySelectorAll('[data-provider]')].map((a) => [
      a.getAttribute('data-provider'),
      a.getAttribute('href'),
    ]);
    expect(providers).toEqual([
      ['google', '/api/oauth/google/start?to=%2Fmypage'],
      ['kakao', '/api/oauth/kakao/start?to=%2Fmypage'],
      ['naver', '/api/oauth/naver/start?to=%2Fmypage'],
    ]);
  });

  it('explains in the KakaoTalk in-app browser that Google login is not possible, and offers the external browser', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) KAKAOTALK 10.4.5');
    renderAt('/signin', '/signin', <SignInPage />);
    const google = document.querySelector('[data-provider="google"]') as HTMLAnchorElement;
    fireEvent.click(google);
    expect(screen.getByRole('dialog').textContent).toContain(MESSAGES.googleInKakaoInApp);
    expect(screen.getByRole('button', { name: MESSAGES.openInExternalBrowser })).toBeTruthy();
  });
});

describe('find account and password', () => {
  it('shows the masked e-mail, or 이름 또는 연락처를 다시 확인해 주세요.', async () => {
    api.findEmail.mockResolvedValueOnce({ email: 'me***@example.com', vendor: 'EMAIL' });
    renderAt('/signin/find-account', '/signin/find-account', <FindAccountPage />);
    type('name', '김민지');
    type('phone', '01012345678');
    fireEvent.click(screen.getByRole('button', { name: '아이디 찾기' }));
    expect((await screen.findByTestId('found-email')).textContent).toContain('me***@example.com');
    expect(api.findEmail).toHaveBeenCalledWith({ name: '김민지', phone: '010-1234-5678' });

    api.findEmail.mockRejectedValueOnce(new ApiError('44', MESSAGES.findAccountFailed, 404));
    fireEvent.click(screen.getByRole('button', { name: '아이디 찾기' }));
    expect((await screen.findByRole('alert')).textContent).toBe('이름 또는 연락처를 다시 확인해 주세요.');
  });

  it('needs both fields in a valid format before sending the reset mail', async () => {
    renderAt('/signin/find-password', '/signin/find-password', <FindPasswordPage />);
    const send = screen.getByRole('button', { name: '재설정 메일 보내기' });
    expect(send).toHaveProperty('disabled', true);
    type('email', 'member@');
    type('phone', '0101234');
    fireEvent.click(send);
    expect(screen.getByText(MESSAGES.emailFormat)).toBeTruthy();
    expect(screen.getByText(MESSAGES.phoneFormat)).toBeTruthy();
    expect(api.requestPasswordReset).not.toHaveBeenCalled();
  });

  it.each([
    [MESSAGES.noMatchingMember, 404],
    [MESSAGES.mailSendFailed, 503],
  ])('shows %s', async (message, status) => {
    api.requestPasswordReset.mockRejectedValue(new ApiError('44', message, status));
    renderAt('/signin/find-password', '/signin/find-password', <FindPasswordPage />);
    type('email', 'member@example.com');
    type('phone', '010-1234-5678');
    fireEvent.click(screen.getByRole('button', { name: '재설정 메일 보내기' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('confirms that the mail was sent', async () => {
    api.requestPasswordReset.mockResolvedValue({ expiresInMinutes: 30 });
    renderAt('/signin/find-password', '/signin/find-password', <FindPasswordPage />);
    type('email', 'member@example.com');
    type('phone', '010-1234-5678');
    fireEvent.click(screen.getByRole('button', { name: '재설정 메일 보내기' }));
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.passwordResetMailSent);
  });
});

describe('/change/{token}', () => {
  it.each([
    ['a malformed token', 'not-a-token', () => undefined],
    [
      'a used or expired token',
      TOKEN,
      () => api.checkResetToken.mockRejectedValue(new ApiError('40', MESSAGES.badPasswordChangeToken, 400)),
    ],
  ])('alerts and goes home for %s', async (_what, token, arrange) => {
    arrange();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAt(`/change/${token}`, '/change/:token', <ChangePasswordPage token={token} />);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(alert).toHaveBeenCalledWith('잘못된 토큰 혹은 요청이 확인되었습니다. 메인페이지로 이동합니다.');
  });

  it('changes the password after the token checks out, then sends the user to sign in', async () => {
    api.checkResetToken.mockResolvedValue({ valid: true, email: 'me***@example.com' });
    api.changePassword.mockResolvedValue({});
    renderAt(`/change/${TOKEN}`, '/change/:token', <ChangePasswordPage token={TOKEN} />);
    await screen.findByText(/me\*\*\*@example.com/);
    type('password', 'newpass1!');
    type('pw_confirm', 'newpass2!');
    expect(screen.getByText(MESSAGES.passwordMismatchShort)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.passwordMismatch);
    expect(api.changePassword).not.toHaveBeenCalled();
    type('pw_confirm', 'newpass1!');
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.passwordChanged);
    expect(api.changePassword).toHaveBeenCalledWith({ token: TOKEN, password: 'newpass1!', pw_confirm: 'newpass1!' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/signin'), { timeout: 2_000 });
  });
});

describe('/oauthreturn', () => {
  it('signs a known social account in and returns to its path', async () => {
    api.exchangeOAuthCode.mockResolvedValue({ result: 'signedIn', to: '/mypage', userData: {}, isUser: 'Y' });
    renderAt('/oauthreturn?code=abc', '/oauthreturn', <OAuthReturnPage />);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/mypage'));
    expect(api.exchangeOAuthCode).toHaveBeenCalledTimes(1);
  });

  it('sends a new person to /signup/required_sns with the ticket', async () => {
    const response = {
      result: 'signUp',
      to: '/',
      ticket: 't'.repeat(43),
      prefill: { email: 'sns@example.com', username: '새사람', useralias: null, userphone: null, vendor: 'KAKAO' },
    };
    api.exchangeOAuthCode.mockResolvedValue(response);
    renderAt('/oauthreturn?code=abc', '/oauthreturn', <OAuthReturnPage />);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/signup/required_sns'));
    expect(JSON.parse(sessionStorage.getItem('sq.snsSignUp') ?? '{}')).toEqual(response);
  });

  it('shows the 중복 이메일 오류 dialog when the e-mail belongs to an e-mail account', async () => {
    api.exchangeOAuthCode.mockRejectedValue(new ApiError('49', MESSAGES.duplicateEmailBody, 409));
    renderAt('/oauthreturn?code=abc', '/oauthreturn', <OAuthReturnPage />);
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.duplicateEmailTitle });
    expect(dialog.textContent).toContain(MESSAGES.duplicateEmailBody);
    expect(screen.getByRole('button', { name: '로그인' })).toBeTruthy();
  });

  it("says 'Please log in' when the exchange fails or the provider refused", async () => {
    api.exchangeOAuthCode.mockRejectedValue(new ApiError('40', MESSAGES.socialLoginFailed, 400));
    renderAt('/oauthreturn?code=used', '/oauthreturn', <OAuthReturnPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Please log in');
    cleanup();
    renderAt(
      `/oauthreturn?error=${encodeURIComponent(MESSAGES.socialLoginFailed)}`,
      '/oauthreturn',
      <OAuthReturnPage />,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.socialLoginFailed);
  });
});
