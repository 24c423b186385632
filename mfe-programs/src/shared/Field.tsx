import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './field.module.css';

interface Chrome {
  label: string;
  /** The inline error: the server's Korean message for this field, or the screen's own check. */
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
}

function Label({ label, optional }: Pick<Chrome, 'label' | 'optional'>) {
  return (
    <span className={styles.label}>
      {label}
      {optional ? <span className={styles.optional}> (선택)</span> : null}
    </span>
  );
}

function Messages({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      <div id={id} aria-live="polite">
        {error ? (
          <p className={styles.error} data-field-error>
            {error}
          </p>
        ) : null}
      </div>
    </>
  );
}

/** A labelled input with its inline message underneath (announced as it changes). */
export function TextField({ label, error, hint, optional, ...input }: Chrome & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.field}>
        <Label label={label} optional={optional} />
        <input className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={id} {...input} />
      </label>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({ label, error, hint, optional, ...area }: Chrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.field}>
        <Label label={label} optional={optional} />
        <textarea className={`${styles.input} ${styles.textarea}`} aria-invalid={error ? true : undefined} aria-describedby={id} {...area} />
      </label>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({ label, error, hint, options, placeholder, ...select }: Chrome &
  SelectHTMLAttributes<HTMLSelectElement> & { options: readonly { code: string; name: string }[]; placeholder: string }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.field}>
        <Label label={label} />
        <select className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={id} {...select}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function CheckField({ label, error, ...input }: { label: ReactNode; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.check}>
        <input type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={id} {...input} />
        <span>{label}</span>
      </label>
      <Messages id={id} error={error} />
    </div>
  );
}

/** The form-level message (e.g. the server refused the step as a whole). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert" data-testid="form-error">
      {message}
    </p>
  );
}
