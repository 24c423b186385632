import type { ReactNode } from 'react';
import { Button } from '@sq/ui';
import styles from './apply.module.css';

/** A wizard step's footer: back to the previous step (when there is one) and the step's submit button. */
export function StepActions({ onBack, busy, busyLabel = '저장 중...', children = '다음' }: {
  onBack: (() => void) | null;
  busy: boolean;
  busyLabel?: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.actions}>
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          이전
        </Button>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : children}
      </Button>
    </div>
  );
}
