import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import {
  CONSUMER_SCOPES,
  PERSONAL_TOKEN_EXPIRY_CHOICES,
  SCOPE_LABELS,
  createPersonalTokenSchema,
  type ConsumerScope,
  type PersonalTokenSummary,
} from '@sq/contracts/api-consumers';
import { fieldMessages } from '@sq/contracts/forms';
import { Button } from '@sq/ui';
import { createToken } from '../api/tokens-api';
import styles from './api-tokens.module.css';

/** A new token: a name, the scopes it may use and how long it lives (at most a year). */
export function CreateTokenForm({
  onCreated,
}: {
  onCreated(made: { token: string; summary: PersonalTokenSummary }): void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ConsumerScope[]>([]);
  const [expiresInDays, setExpiresInDays] = useState<number>(PERSONAL_TOKEN_EXPIRY_CHOICES[1]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const toggle = (scope: ConsumerScope) =>
    setScopes((now) => (now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope]));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = { name, scopes, expiresInDays };
    const local = fieldMessages(createPersonalTokenSchema.safeParse(body));
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const { token, summary } = await createToken(body);
      setName('');
      setScopes([]);
      onCreated({ token, summary });
    } catch (error) {
      setErrors({ _: isApiError(error) ? error.message : CORE_MESSAGES.genericAlert });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={styles.section}
      onSubmit={(event) => void submit(event)}
      aria-labelledby="token-create-title"
      noValidate
    >
      <h2 id="token-create-title" className={styles.sectionTitle}>
        새 토큰 만들기
      </h2>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="token-name">
          이름
        </label>
        <input
          id="token-name"
          className={styles.input}
          value={name}
          maxLength={50}
          placeholder="예: 스프린트 체크인 봇"
          onChange={(e) => setName(e.target.value)}
        />
        {errors.name ? (
          <p className={styles.error} role="alert">
            {errors.name}
          </p>
        ) : null}
      </div>
      <fieldset className={styles.field}>
        <legend className={styles.label}>권한</legend>
        {CONSUMER_SCOPES.map((scope) => (
          <label key={scope} className={styles.check}>
            <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
            {SCOPE_LABELS[scope]} <span className={styles.scopeName}>{scope}</span>
          </label>
        ))}
        {errors.scopes ? (
          <p className={styles.error} role="alert">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="token-expiry">
          만료
        </label>
        <select
          id="token-expiry"
          className={styles.select}
          value={expiresInDays}
          onChange={(e) => setExpiresInDays(Number(e.target.value))}
        >
          {PERSONAL_TOKEN_EXPIRY_CHOICES.map((days) => (
            <option key={days} value={days}>
              {days === 365 ? '1년' : `${days}일`}
            </option>
          ))}
        </select>
      </div>
      {errors._ ? (
        <p className={styles.error} role="alert">
          {errors._}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          토큰 만들기
        </Button>
      </div>
    </form>
  );
}
