import type { ReactNode } from 'react';
import { Button } from '@sq/ui';
import { FormError } from '../../../shared/Field';
import styles from './apply.module.css';

/**
 * A wizard step's form: the refusal of the step as a whole on top, the step's fields, then back to the
 * previous step (when there is one) and the step's submit button.
 */
export function StepForm({
  onSubmit,
  formError,
  busy,
  onBack,
  busyLabel = '저장 중...',
  submitLabel = '다음',
  children,
}: {
  onSubmit: () => Promise<unknown>;
  formError: string | null;
  busy: boolean;
  onBack: (() => void) | null;
  busyLabel?: string;
  submitLabel?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <FormError message={formError} />
      {children}
      <div className={styles.actions}>
        {onBack ? (
          <Button variant="secondary" onClick={onBack}>
            이전
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
