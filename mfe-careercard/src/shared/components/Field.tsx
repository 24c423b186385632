import type { ReactNode } from 'react';
import styles from './forms.module.css';

/** A labelled form field with its hint and its Korean error (announced to screen readers). */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: ReactNode; error?: string | undefined; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? <p className={styles.hint} id={`${id}-hint`}>{hint}</p> : null}
      {error ? (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export { styles as formStyles };
