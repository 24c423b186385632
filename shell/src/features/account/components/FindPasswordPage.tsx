import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { ACCOUNT_MESSAGES } from '@sq/contracts/messages/account';
import { Button } from '@sq/ui';
import { findPasswordSchema, formatPhone } from '@sq/contracts/forms';
import { requestPasswordReset } from '../api/password-reset';
import { useForm } from '../hooks/use-form';
import { TextField } from './Field';
import styles from './account.module.css';

/**
 * Find password (and "change password" for someone signed out): the account e-mail and phone, both required
 * and well-formed, send a mail with a single-use link to /change/{token}. The service answers the same whether
 * or not they belong to a member (so the screen says a mail comes if they match); its refusals (too soon
 * again) come with their Korean message.
 */
export function FindPasswordPage({ title = '비밀번호 찾기' }: { title?: string }) {
  const form = useForm(findPasswordSchema, { email: '', phone: '' });
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const empty = !form.values.email.trim() || !form.values.phone.trim();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.revealAll();
    if (!form.data) return;
    setBusy(true);
    setError(null);
    setSent(false);
    try {
      await requestPasswordReset(form.data);
      setSent(true);
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <p className={styles.lead}>가입 계정 이메일과 연락처를 입력하면 비밀번호 재설정 메일을 보내 드려요.</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="이메일"
          name="email"
          type="email"
          autoComplete="username"
          placeholder="example@email.com"
          value={form.values.email}
          onChange={(e) => form.setValue('email', e.target.value)}
          onBlur={() => form.visit('email')}
          error={form.messageOf('email')}
        />
        <TextField
          label="연락처"
          name="phone"
          type="tel"
          inputMode="numeric"
          placeholder="010-1234-5678"
          value={form.values.phone}
          onChange={(e) => form.setValue('phone', formatPhone(e.target.value))}
          onBlur={() => form.visit('phone')}
          error={form.messageOf('phone')}
        />
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        {sent ? (
          <p role="status" className={styles.result}>
            {ACCOUNT_MESSAGES.passwordResetMailSent}
          </p>
        ) : null}
        <Button type="submit" block disabled={busy || empty}>
          {sent ? '메일 다시 보내기' : '재설정 메일 보내기'}
        </Button>
      </form>
      <div className={styles.links}>
        <Link to="/signin">로그인</Link>
        <Link to="/signin/find-account">아이디 찾기</Link>
      </div>
    </section>
  );
}
