import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import type { FindEmailResponse } from '@sq/contracts';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Button } from '@sq/ui';
import { findAccountSchema, formatPhone } from '@sq/contracts/forms';
import { findEmail } from '../api/find-email';
import { useForm } from '../hooks/use-form';
import { TextField } from './Field';
import styles from './account.module.css';

const VENDOR_NAMES: Record<string, string> = { EMAIL: '이메일', GOOGLE: '구글', KAKAO: '카카오', NAVER: '네이버' };

/** Find account: name and phone give the masked account e-mail, or 이름 또는 연락처를 다시 확인해 주세요. */
export function FindAccountPage() {
  const form = useForm(findAccountSchema, { name: '', phone: '' });
  const [found, setFound] = useState<FindEmailResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.revealAll();
    if (!form.data) return;
    setBusy(true);
    setError(null);
    setFound(null);
    try {
      setFound(await findEmail(form.data));
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>아이디 찾기</h1>
      <p className={styles.lead}>가입할 때 입력한 이름과 연락처로 가입 계정을 찾아요.</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="이름"
          name="name"
          autoComplete="name"
          value={form.values.name}
          onChange={(e) => form.setValue('name', e.target.value)}
          onBlur={() => form.visit('name')}
          error={form.messageOf('name')}
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
        {found ? (
          <div className={styles.result} role="status" data-testid="found-email">
            <p>가입된 계정은 {found.email} 입니다.</p>
            {found.vendor !== 'EMAIL' ? (
              <p className={styles.hint}>
                {VENDOR_NAMES[found.vendor]} 계정으로 가입했어요. {VENDOR_NAMES[found.vendor]} 로그인을 이용해 주세요.
              </p>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" block disabled={busy}>
          아이디 찾기
        </Button>
      </form>
      <div className={styles.links}>
        <Link to="/signin">로그인</Link>
        <Link to="/signin/find-password">비밀번호 찾기</Link>
      </div>
    </section>
  );
}
