import { useState } from 'react';
import { getToken, isApiError, setSession } from '@sq/api-client';
import { MESSAGES, fieldMessages, formatPhone, updateUserSchema, type SignedInUser } from '@sq/contracts';
import { Field as UiField, withFieldStyles } from '@sq/ui/field';
import { changesOf, checksOwed, valuesOf, type InfoValues } from '../my-info';
import { checkContactEmail, checkNickname, updateUser } from '../api/my-info-api';
import styles from './my-info.module.css';

/** The form's fields (`@sq/ui/field`), drawn with its styles. */
const Field = withFieldStyles(UiField, styles);

const flag = (on: boolean) => (
  <span className={`${styles.flag} ${on ? styles.flagOn : ''}`}>{on ? '등록됨' : '미등록'}</span>
);

/**
 * The account's details: name, nickname (duplicate check), phone (formatted as typed: 010-1234-5678),
 * contact e-mail (duplicate check, and the hint to change it if it is not the one used most), Notion and
 * Slack e-mails with their check flags, marketing consent. What was typed stays when the save is refused.
 */
export function InfoForm({ user, onSaved }: { user: SignedInUser; onSaved: (user: SignedInUser) => void }) {
  const [initial, setInitial] = useState(() => valuesOf(user));
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState<{ useralias: string | null; contactEmail: string | null }>({
    useralias: null,
    contactEmail: null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<InfoValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setSaved(false);
  };

  async function check(field: 'useralias' | 'contactEmail') {
    const value = values[field].trim();
    const rule = updateUserSchema.safeParse({ [field]: value });
    const local = fieldMessages(rule)[field];
    if (local) return setErrors((e) => ({ ...e, [field]: local }));
    try {
      await (field === 'useralias' ? checkNickname(value) : checkContactEmail(value));
      setChecked((c) => ({ ...c, [field]: value }));
      setErrors(({ [field]: _drop, ...rest }) => rest);
    } catch (error) {
      setErrors((e) => ({ ...e, [field]: isApiError(error) ? error.message : MESSAGES.genericAlert }));
    }
  }

  async function save() {
    const changes = changesOf(initial, values);
    const owed = checksOwed(changes, checked);
    const local = fieldMessages(updateUserSchema.safeParse(changes));
    if (owed.useralias) local.useralias ??= MESSAGES.nicknameCheckNeeded;
    if (owed.contactEmail) local.contactEmail ??= MESSAGES.contactEmailCheckNeeded;
    setErrors(local);
    if (Object.keys(local).length || Object.keys(changes).length === 0) return;
    try {
      const { userData } = await updateUser(changes);
      // The header reads the stored user: it shows the new nickname at once.
      setSession({ ...userData, token: getToken() ?? userData.token });
      const next = valuesOf(userData);
      setInitial(next);
      setValues(next);
      setSaved(true);
      onSaved(userData);
    } catch (error) {
      setErrors(isApiError(error) ? { _: error.message, ...(error.fields ?? {}) } : { _: MESSAGES.genericAlert });
    }
  }

  const nicknameChanged = values.useralias.trim() !== initial.useralias;
  const contactChanged = values.contactEmail.trim().toLowerCase() !== initial.contactEmail.toLowerCase();
  return (
    <section className={styles.section} aria-labelledby="info-title" data-testid="my-info-form">
      <h2 id="info-title" className={styles.sectionTitle}>
        기본 정보
      </h2>
      <Field id="email" label="가입 이메일">
        {(control) => <input {...control} className={styles.input} value={user.email} readOnly />}
      </Field>
      <Field id="username" label="이름" error={errors.username} hint="커리어 카드에 닉네임과 함께 공개돼요.">
        {(control) => (
          <input
            {...control}
            className={styles.input}
            value={values.username}
            onChange={(e) => set({ username: e.target.value })}
          />
        )}
      </Field>
      <Field
        id="useralias"
        label="닉네임"
        error={errors.useralias}
        noteTone="success"
        note={
          nicknameChanged && checked.useralias === values.useralias.trim() ? '사용할 수 있는 닉네임이에요.' : undefined
        }
      >
        {(control) => (
          <div className={styles.inline}>
            <input
              {...control}
              className={styles.input}
              value={values.useralias}
              onChange={(e) => set({ useralias: e.target.value })}
            />
            <button
              type="button"
              className="sq-button sq-button--secondary"
              disabled={!nicknameChanged}
              onClick={() => void check('useralias')}
            >
              중복 확인
            </button>
          </div>
        )}
      </Field>
      <Field id="userphone" label="연락처" error={errors.userphone} hint="예: 010-1234-5678">
        {(control) => (
          <input
            {...control}
            className={styles.input}
            inputMode="tel"
            value={values.userphone}
            onChange={(e) => set({ userphone: formatPhone(e.target.value) })}
          />
        )}
      </Field>
      <Field
        id="contactEmail"
        label="수신용 이메일"
        error={errors.contactEmail}
        hint={MESSAGES.contactEmailHint}
        noteTone="success"
        note={
          contactChanged && checked.contactEmail === values.contactEmail.trim()
            ? '사용할 수 있는 이메일이에요.'
            : undefined
        }
      >
        {(control) => (
          <div className={styles.inline}>
            <input
              {...control}
              type="email"
              className={styles.input}
              value={values.contactEmail}
              onChange={(e) => set({ contactEmail: e.target.value })}
            />
            <button
              type="button"
              className="sq-button sq-button--secondary"
              disabled={!contactChanged}
              onClick={() => void check('contactEmail')}
            >
              중복 확인
            </button>
          </div>
        )}
      </Field>
      <Field
        id="notionEmail"
        label={<>Notion 이메일 {flag(user.notionEmailCheckYn === 'Y')}</>}
        error={errors.notionEmail}
        hint="팀 워크스페이스 초대가 이 주소로 가요. 비우면 등록이 해제돼요."
      >
        {(control) => (
          <input
            {...control}
            type="email"
            className={styles.input}
            value={values.notionEmail}
            onChange={(e) => set({ notionEmail: e.target.value })}
          />
        )}
      </Field>
      <Field
        id="slackEmail"
        label={<>Slack 이메일 {flag(user.slackEmailCheckYn === 'Y')}</>}
        error={errors.slackEmail}
        hint="팀 채널 초대가 이 주소로 가요. 비우면 등록이 해제돼요."
      >
        {(control) => (
          <input
            {...control}
            type="email"
            className={styles.input}
            value={values.slackEmail}
            onChange={(e) => set({ slackEmail: e.target.value })}
          />
        )}
      </Field>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={values.marketingAgreed}
          onChange={(e) => set({ marketingAgreed: e.target.checked })}
        />
        마케팅 정보 수신에 동의해요 (선택)
      </label>
      {errors._ ? (
        <p className={styles.alert} role="alert">
          {errors._}
        </p>
      ) : null}
      <div className={styles.actions}>
        {saved ? (
          <span className={styles.status} role="status">
            {MESSAGES.profileSaved}
          </span>
        ) : null}
        <button
          type="button"
          className="sq-button sq-button--primary"
          onClick={() => void save()}
          data-testid="save-info"
        >
          저장
        </button>
      </div>
    </section>
  );
}
