import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import styles from './account.module.css';

interface FieldChrome {
  label: string;
  /** The inline error (red). */
  error?: string | undefined;
  /** A neutral or positive note under the field (e.g. "사용 가능한 닉네임이에요."). */
  note?: ReactNode;
  noteTone?: 'neutral' | 'success';
  hint?: ReactNode;
}

function Messages({ id, error, note, noteTone = 'neutral', hint }: Omit<FieldChrome, 'label'> & { id: string }) {
  return (
    <>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      <div id={id} aria-live="polite">
        {error ? (
          <p className={styles.error} data-field-error>
            {error}
          </p>
        ) : note ? (
          <p className={noteTone === 'success' ? styles.success : styles.hint}>{note}</p>
        ) : null}
      </div>
    </>
  );
}

/** A labelled input with its inline message underneath (announced to screen readers as it changes). */
export function TextField({ label, error, note, noteTone, hint, ...input }: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  const messageId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.field}>
        <span className={styles.label}>{label}</span>
        <input className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={messageId} {...input} />
      </label>
      <Messages id={messageId} error={error} note={note} noteTone={noteTone} hint={hint} />
    </div>
  );
}

export function SelectField({ label, error, hint, options, placeholder, ...select }: FieldChrome &
  SelectHTMLAttributes<HTMLSelectElement> & { options: readonly { code: string; name: string }[]; placeholder: string }) {
  const messageId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.field}>
        <span className={styles.label}>{label}</span>
        <select className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={messageId} {...select}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <Messages id={messageId} error={error} hint={hint} />
    </div>
  );
}
