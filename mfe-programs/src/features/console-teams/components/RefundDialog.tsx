import type { ReactNode } from 'react';
import { Button, Modal } from '@sq/ui';
import styles from '../../../shared/console/console.module.css';

/**
 * The frame of a refund the operator confirms after its preview (a member's removal, a team stop, a company
 * end): the service's refusal on top, then the body; 닫기 and the confirm button until it is done, then 닫기 alone.
 */
export function RefundDialog({
  title,
  testId,
  error,
  done,
  confirmLabel,
  canConfirm,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  /** Prefix of the test ids of the confirm button (`{testId}-confirm`) and the error (`{testId}-error`). */
  testId: string;
  error: string | null;
  done: boolean;
  confirmLabel: string;
  canConfirm: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      wide
      title={title}
      onClose={onClose}
      footer={
        done ? (
          <Button onClick={onClose}>닫기</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              닫기
            </Button>
            <Button onClick={onConfirm} disabled={!canConfirm} data-testid={`${testId}-confirm`}>
              {confirmLabel}
            </Button>
          </>
        )
      }
    >
      {error ? (
        <p className={styles.formError} role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
      {children}
    </Modal>
  );
}
