import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import { MESSAGES, fieldMessages, memberPasswordSchema } from '@sq/contracts';
import { changePassword } from '../api/my-info-api';
import styles from './my-info.module.css';

const EMPTY = { currentPassword: '', password: '', pw_confirm: '' };

/** Change password with the current one (e-mail accounts only); other sessions end. */
export function PasswordForm({ socialOnly }: { socialOnly: boolean }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  if (socialOnly) {
    return (
      <section className={styles.section} aria-labelledby="password-title">
        <h2 id="password-title" className={styles.sectionTitle}>
          비밀번호 변경
        </h2>
        <p className={styles.hint}>{MESSAGES.socialAccountNoPassword}</p>
      </section>
    );
  }
  async function submit() {
    const local = fieldMessages(memberPasswordSchema.safeParse(values));
    setErrors(local);
    setDone(null);
    if (Object.keys(local).length) return;
    try {
      setDone((await changePassword(values)).message);
      setValues(EMPTY);
    } catch (error) {
      setErrors(isApiError(error) ? { _: error.message, ...(error.fields ?? {}) } : { _: MESSAGES.genericAlert });
    }
  }
  const input = (id: keyof typeof EMPTY, label: string) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="password"
        autoComplete={id === 'currentPassword' ? 'current-password' : 'new-password'}
        className={styles.input}
        value={values[id]}
        onChange={(e) => setValues((v) => ({ ...v, [id]: e.target.value }))}
      />
      {errors[id] ? (
        <p className={styles.error} role="alert">
          {errors[id]}
        </p>
      ) : null}
    </div>
  );
  return (
    <section className={styles.section} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.sectionTitle}>
        비밀번호 변경
      </h2>
      {input('currentPassword', '현재 비밀번호')}
      {input('password', '새 비밀번호')}
      {input('pw_confirm', '새 비밀번호 확인')}
      <p className={styles.hint}>영문, 숫자, 특수문자를 모두 넣어 8자 이상, 22자 이하로 입력하세요.</p>
      {errors._ ? (
        <p className={styles.alert} role="alert">
          {errors._}
        </p>
      ) : null}
      <div className={styles.actions}>
        {done ? (
          <span className={styles.status} role="status">
            {done}
          </span>
        ) : null}
        <button type="button" className="sq-button sq-button--primary" onClick={() => void submit()}>
          비밀번호 변경
        </button>
      </div>
    </section>
  );
}
