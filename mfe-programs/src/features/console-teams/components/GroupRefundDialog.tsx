import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@sq/api-client';
import type { GroupRefundOutcome, GroupRefundPreview } from '@sq/contracts/api/operators/team-changes';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Spinner, formatKrw } from '@sq/ui';
import { confirmGroupRefund, previewGroupRefund, type GroupRefundCase, type RefundScope } from '../api/group-refunds';
import { personName } from '../../../shared/console/labels';
import { GROUP_REFUND_NAMES } from '../refund-labels';
import { RefundDialog } from './RefundDialog';
import { RefundLines } from './RefundLines';
import styles from '../../../shared/console/console.module.css';

/**
 * Team stop (one team) or company ended (the whole cohort): every member's amount first, then the
 * confirmation with that total; when a boundary passed meanwhile the service refuses and the preview reloads.
 */
export function GroupRefundDialog({
  scope,
  refundCase,
  title,
  onClose,
  onDone,
}: {
  scope: RefundScope;
  refundCase: GroupRefundCase;
  title: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [preview, setPreview] = useState<GroupRefundPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // Members whose refund was refused this time (one in flight, the PG refusing): confirming again later refunds them alone.
  const [refused, setRefused] = useState<Extract<GroupRefundOutcome, { status: 'REFUSED' }>[]>([]);
  const scopeKey = JSON.stringify(scope);

  const loadPreview = useCallback(() => {
    setPreview(null);
    previewGroupRefund(JSON.parse(scopeKey) as RefundScope, refundCase).then(setPreview, (e: unknown) =>
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert),
    );
  }, [scopeKey, refundCase]);
  useEffect(loadPreview, [loadPreview]);

  const confirm = async () => {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      const result = await confirmGroupRefund(scope, refundCase, preview.totalKrw);
      setRefused(result.outcomes.filter((o) => o.status === 'REFUSED'));
      setDone(true);
      onDone();
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
      if (isApiError(e) && e.status === 409) loadPreview();
    } finally {
      setBusy(false);
    }
  };

  return (
    <RefundDialog
      title={`${title} ${GROUP_REFUND_NAMES[refundCase]}`}
      testId="group-refund"
      error={error}
      done={done}
      confirmLabel={busy ? '환불하는 중...' : `${preview ? formatKrw(preview.totalKrw) : ''} 환불하기`}
      canConfirm={preview !== null && !busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {done ? (
        <p className={styles.notice} role="status" data-testid="group-refund-done">
          환불을 요청했어요. 팀원마다 한 번씩 환불되고 메일이 나가요.
        </p>
      ) : null}
      {done && refused.length ? (
        <p className={`${styles.formError} ${styles.lines}`} role="alert" data-testid="group-refund-refused">
          {refused.map((r) => `${personName(r)}님: ${r.message}`).join('\n')}
          {'\n'}이 팀원의 환불은 아직이에요. 잠시 후 다시 미리보고 환불해 주세요.
        </p>
      ) : null}
      {!preview && !error ? <Spinner boxed /> : null}
      {preview && !done ? (
        <div className={styles.section} data-testid="group-refund-preview">
          <p>
            환불 총액{' '}
            <strong className={styles.total} data-testid="group-refund-total">
              {formatKrw(preview.totalKrw)}
            </strong>{' '}
            ({preview.lines.length}명)
          </p>
          <RefundLines lines={preview.lines} />
        </div>
      ) : null}
    </RefundDialog>
  );
}
