import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { ACCOUNT_MESSAGES } from '@sq/contracts/messages/account';
import { Button, Spinner } from '@sq/ui';
import { SUCCESS_NOTICE_MS } from '../../../shared/constants';
import { changePasswordSchema, resetToken } from '@sq/contracts/forms';
import { changePassword } from '../api/change-password';
import { checkResetToken } from '../api/check-reset-token';
import { useForm } from '../hooks/use-form';
import { TextField } from './Field';
import styles from './account.module.css';

/**
 * /change/{token}: the link of the reset mail. The token is checked first; a malformed, unknown, expired or
 * used one alerts 잘못된 토큰 혹은 요청이 확인되었습니다. 메인페이지로 이동합니다. and goes to /. Then the new
 * password (twice); on success every session ends and the user signs in again.
 */
export function ChangePasswordPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const [check, setCheck] = useState<{ status: 'checking' } | { status: 'valid'; email: string }>({
    status: 'checking',
  });
  const form = useForm(changePasswordSchema, { token, password: '', pw_confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const rejectToken = () => {
      window.alert(CORE_MESSAGES.badPasswordChangeToken);
      navigate('/', { replace: true });
    };
    if (!resetToken.safeParse(token).success) {
      rejectToken();
      return;
    }
    const controller = new AbortController();
    checkResetToken(token, controller.signal).then(
      (response) => setCheck({ status: 'valid', email: response.email }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        // Only a refused token sends the user away; an unreachable server can be retried by reloading.
        if (isApiError(e) && e.status !== undefined && e.status < 500) rejectToken();
        else setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
      },
    );
    return () => controller.abort();
  }, [token, navigate]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/signin', { replace: true }), SUCCESS_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.revealAll();
    if (!form.data) return;
    setBusy(true);
    setError(null);
    try {
      await changePassword(form.data);
      setDone(true);
    } catch (e) {
      setBusy(false);
      if (isApiError(e) && e.message === CORE_MESSAGES.badPasswordChangeToken) {
        window.alert(CORE_MESSAGES.badPasswordChangeToken);
        navigate('/', { replace: true });
        return;
      }
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
    }
  };

  if (check.status === 'checking') {
    return error ? (
      <section className={styles.page}>
        <p role="alert" className={styles.error}>
          {error}
        </p>
      </section>
    ) : (
      <Spinner boxed />
    );
  }

  const formMessage = error ?? (form.submitted ? form.messages._ : undefined);
  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>비밀번호 변경</h1>
      <p className={styles.lead}>{check.email} 계정의 새 비밀번호를 입력해 주세요.</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="새 비밀번호"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="영문, 숫자, 특수문자 포함 8~22자"
          value={form.values.password}
          onChange={(e) => form.setValue('password', e.target.value)}
          onBlur={() => form.visit('password')}
          error={form.messageOf('password')}
        />
        <TextField
          label="새 비밀번호 확인"
          name="pw_confirm"
          type="password"
          autoComplete="new-password"
          value={form.values.pw_confirm}
          onChange={(e) => form.setValue('pw_confirm', e.target.value)}
          onBlur={() => form.visit('pw_confirm')}
          error={form.messageOf('pw_confirm')}
        />
        {formMessage ? (
          <p role="alert" className={styles.error}>
            {formMessage}
          </p>
        ) : null}
        {done ? (
          <p role="status" className={styles.result}>
            {ACCOUNT_MESSAGES.passwordChanged}
          </p>
        ) : null}
        <Button type="submit" block disabled={busy || done}>
          비밀번호 변경
        </Button>
      </form>
    </section>
  );
}
