import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import { SignUpRequiredPage } from './SignUpFormPage';

const checks = {
  email: vi.fn(),
  contactEmail: vi.fn(),
  nickname: vi.fn(),
  careerCardId: vi.fn(),
};
vi.mock('../api/check-availability', () => ({
  checkEmail: (v: string) => checks.email(v),
  checkContactEmail: (v: string) => checks.contactEmail(v),
  checkNickname: (v: string) => checks.nickname(v),
  checkCareerCardId: (v: string) => checks.careerCardId(v),
}));
vi.mock('../api/get-job-groups', async () => {
  const { useAsync } = await import('@sq/ui');
  const groups = [{ code: 'JG_DEV', name: '개발', positions: [{ code: 'POS_BACKEND', name: '백엔드' }] }];
  return { useJobGroups: () => useAsync(async () => groups, []) };
});
vi.mock('../api/get-career-years', async () => {
  const { useAsync } = await import('@sq/ui');
  const codes = [{ code: 'CY_1_3Y', name: '1년 이상 3년 미만', parentCode: null }];
  return { useCareerYears: () => useAsync(async () => codes, []) };
});
const signUp = vi.fn();
vi.mock('../api/sign-up', () => ({ signUp: (body: unknown) => signUp(body) }));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/signup/required']}>
      <Routes>
        <Route path="/signup/required" element={<SignUpRequiredPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const submit = () => screen.getByRole('button', { name: '가입하기' });

async function fillValidForm() {
  type('email', 'new@example.com');
  type('password', 'sidequest1!');
  type('pw_confirm', 'sidequest1!');
  type('username', '홍길동');
  type('useralias', '길동');
  type('careerCardId', 'gildong1');
  type('userphone', '01012345678');
  await screen.findByRole('option', { name: '개발' });
  fireEvent.change(input('jobGroup'), { target: { value: 'JG_DEV' } });
  fireEvent.change(input('careerYears'), { target: { value: 'CY_1_3Y' } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(500);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  for (const check of Object.values(checks)) check.mockResolvedValue({ available: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('/signup/required', () => {
  it('shows the spec messages inline as the user types, only for fields already touched', async () => {
    renderPage();
    type('password', 'abc');
    expect(screen.getByText(MESSAGES.passwordLength)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.nameRequired)).toBeNull();
    type('pw_confirm', 'abd');
    expect(screen.getByText(MESSAGES.passwordMismatchShort)).toBeTruthy();
    fireEvent.blur(input('username'));
    expect(screen.getByText(MESSAGES.nameRequired)).toBeTruthy();
  });

  it('hyphenates the phone number as it is typed', () => {
    renderPage();
    type('userphone', '010 1234 5678');
    expect(input('userphone').value).toBe('010-1234-5678');
  });

  it('keeps sign-up disabled and says why until both duplicate checks pass and both consents are given', async () => {
    checks.nickname.mockRejectedValue(new ApiError('49', MESSAGES.nicknameDuplicate, 409));
    renderPage();
    await fillValidForm();
    expect(submit()).toHaveProperty('disabled', true);
    const missing = screen.getByTestId('signup-missing').textContent;
    expect(missing).toContain(MESSAGES.nicknameCheckRequired);
    expect(missing).toContain(MESSAGES.termsRequired);
    expect(missing).toContain(MESSAGES.privacyRequired);
    expect(missing).not.toContain(MESSAGES.careerCardIdCheckRequired);
    expect(screen.getByText(MESSAGES.nicknameDuplicate)).toBeTruthy();
    expect(checks.nickname).toHaveBeenCalledWith('길동');

    checks.nickname.mockResolvedValue({ available: true });
    type('useralias', '길동이');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    fireEvent.click(input('termsAgreed'));
    expect(submit()).toHaveProperty('disabled', true);
    fireEvent.click(input('privacyAgreed'));
    expect(submit()).toHaveProperty('disabled', false);
    expect(screen.getByTestId('signup-missing').textContent).toBe('');
  });

  it('checks only after typing stops (debounced)', async () => {
    renderPage();
    type('careerCardId', 'gi');
    type('careerCardId', 'gil');
    type('careerCardId', 'gild');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(checks.careerCardId).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(checks.careerCardId).toHaveBeenCalledTimes(1);
    expect(checks.careerCardId).toHaveBeenCalledWith('gild');
  });

  it('keeps everything typed on a server error and shows field messages inline', async () => {
    signUp.mockRejectedValue(
      new ApiError('49', MESSAGES.contactEmailDuplicate, 409, {
        ErrorCode: '49',
        message: MESSAGES.contactEmailDuplicate,
        fields: { contactEmail: MESSAGES.contactEmailDuplicate },
      }),
    );
    renderPage();
    await fillValidForm();
    fireEvent.click(input('termsAgreed'));
    fireEvent.click(input('privacyAgreed'));
    fireEvent.click(submit());
    await screen.findByText(MESSAGES.contactEmailDuplicate);
    expect(input('email').value).toBe('new@example.com');
    expect(input('password').value).toBe('sidequest1!');
    expect(input('useralias').value).toBe('길동');
    expect(signUp).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'new@example.com',
        userphone: '010-1234-5678',
        careerCardId: 'gildong1',
        position: null,
      }),
    );
  });

  it('opens the 중복 이메일 오류 dialog with a login button for a taken account e-mail', async () => {
    signUp.mockRejectedValue(
      new ApiError('49', MESSAGES.accountDuplicate, 409, {
        ErrorCode: '49',
        message: MESSAGES.accountDuplicate,
        fields: { email: MESSAGES.accountDuplicate },
      }),
    );
    renderPage();
    await fillValidForm();
    fireEvent.click(input('termsAgreed'));
    fireEvent.click(input('privacyAgreed'));
    fireEvent.click(submit());
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.duplicateEmailTitle });
    expect(dialog.textContent).toContain('이미 가입된 이메일입니다. 로그인 해주세요.');
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/signin'));
  });

  it('tells the owner of a social account to use that social login', async () => {
    checks.email.mockRejectedValue(new ApiError('49', MESSAGES.registeredWithNaver, 409));
    renderPage();
    await fillValidForm();
    expect(screen.getByText(MESSAGES.registeredWithNaver)).toBeTruthy();
    fireEvent.click(input('termsAgreed'));
    fireEvent.click(input('privacyAgreed'));
    fireEvent.click(submit());
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.duplicateEmailTitle });
    expect(dialog.textContent).toContain(MESSAGES.registeredWithNaver);
    expect(signUp).not.toHaveBeenCalled();
  });

  it('goes on to the onboarding after signing up', async () => {
    signUp.mockResolvedValue({ userData: {}, isUser: 'Y' });
    renderPage();
    await fillValidForm();
    fireEvent.click(input('termsAgreed'));
    fireEvent.click(input('privacyAgreed'));
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/signup/onboarding/1'));
  });
});
