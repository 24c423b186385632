import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { ACCOUNT_MESSAGES } from '@sq/contracts/messages/account';
import { Button } from '@sq/ui';
import { signIn } from '../api/sign-in';
import { safeReturnPath } from '../safe-return-path';
import { SocialLogin } from './SocialLogin';
import styles from './account.module.css';

/**
 * E-mail sign-in, the recovery links and social login. Success returns to the `to` path; a bad login or the
 * brute-force cool-down (429) shows the server's message inline, and what was typed stays.
 */
export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const to = safeReturnPath(params.get('to'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(ACCOUNT_MESSAGES.emailRequired);
      return;
    }
    if (!password) {
      setError(ACCOUNT_MESSAGES.passwordRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
      navigate(to, { replace: true });
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
      setBusy(false);
    }
  };

  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>로그인</h1>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label className={styles.field}>
          <span className={styles.label}>이메일</span>
          <input
            className={styles.input}
            type="email"
            name="email"
            autoComplete="username"
            placeholder="example@email.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>비밀번호</span>
          <input
            className={styles.input}
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder="비밀번호를 입력하세요"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <Button type="submit" block disabled={busy}>
          {busy ? '로그인 중…' : '로그인'}
        </Button>
      </form>
      <nav className={styles.links} aria-label="계정 찾기">
        <Link to="/signin/find-account">아이디 찾기</Link>
        <Link to="/signin/find-password">비밀번호 찾기</Link>
        <Link to="/change/password">비밀번호 변경</Link>
      </nav>
      <SocialLogin to={to} title="SNS 계정으로 로그인" />
      <div className={styles.links}>
        <span>아직 회원이 아니신가요?</span>
        <Link to="/signup">회원가입</Link>
      </div>
    </section>
  );
}
