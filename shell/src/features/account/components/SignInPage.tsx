import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import { Button } from '@sq/ui';
import { signIn } from '../api/sign-in';
import { safeReturnPath } from '../safe-return-path';
import styles from './account.module.css';

/** E-mail sign-in. Success returns to the `to` path; a bad login shows the server's message inline. */
export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(MESSAGES.badLogin);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
      navigate(safeReturnPath(params.get('to')), { replace: true });
    } catch (e) {
      setError(isApiError(e) ? e.message : MESSAGES.genericAlert);
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
      <div className={styles.links}>
        <Link to="/signup">회원가입</Link>
        <Link to="/change/password">비밀번호 찾기</Link>
      </div>
    </section>
  );
}
