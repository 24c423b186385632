import { useEffect, useState } from 'react';
import { isApiError } from '@sq/api-client';
import type { PublishPreview, PublishResponse } from '@sq/contracts/api/operators/board';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Button, Modal, Spinner, formatKrw, formatThousands } from '@sq/ui';
import { getPublishPreview } from '../api/get-publish-preview';
import { publishBoard } from '../api/publish-board';
import styles from '../../../shared/console/console.module.css';
import { TableWrap } from '../../../shared/console/TableWrap';

/**
 * Publishing is the moment members are charged: the dialog first shows who will be charged and the total
 * (the service's preview), and only then offers the confirmation.
 */
export function PublishDialog({
  oddId,
  teamNames,
  onClose,
  onPublished,
}: {
  oddId: number;
  teamNames: Record<string, string>;
  onClose: () => void;
  onPublished: (result: PublishResponse) => void;
}) {
  const [preview, setPreview] = useState<PublishPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getPublishPreview(oddId, controller.signal).then(
      (next) => !controller.signal.aborted && setPreview(next),
      (e: unknown) => !controller.signal.aborted && setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert),
    );
    return () => controller.abort();
  }, [oddId]);

  const publish = async () => {
    setPublishing(true);
    setError(null);
    try {
      onPublished(await publishBoard(oddId));
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
      setPublishing(false);
    }
  };

  return (
    <Modal
      open
      wide
      title="팀을 발표할까요?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            닫기
          </Button>
          <Button onClick={() => void publish()} disabled={!preview || publishing} data-testid="publish-confirm">
            {publishing ? '발표하는 중...' : '발표하고 결제하기'}
          </Button>
        </>
      }
    >
      {error ? (
        <p className={styles.formError} role="alert" data-testid="publish-error">
          {error}
        </p>
      ) : null}
      {!preview && !error ? <Spinner boxed /> : null}
      {preview ? (
        <div className={styles.section} data-testid="publish-preview">
          <p className={styles.notice}>
            발표하면 아래 {formatThousands(preview.charges.length)}명의 예약된 카드로 참가비가 결제되고, 팀 배정 메일이
            나가요. 발표는 한 번만 할 수 있어요.
          </p>
          <p>
            결제 총액{' '}
            <strong className={styles.total} data-testid="preview-total">
              {formatKrw(preview.totalKrw)}
            </strong>
          </p>
          <TableWrap label="결제 예정">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">지원 번호</th>
                  <th scope="col">이름</th>
                  <th scope="col">팀</th>
                  <th scope="col" className={styles.num}>
                    결제 금액
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.charges.map((c) => (
                  <tr key={c.joinId} data-testid="preview-charge" data-join-id={c.joinId}>
                    <td className={styles.num}>{c.joinId}</td>
                    <td>{c.name ?? '-'}</td>
                    <td>{teamNames[c.teamKey] ?? c.teamKey}</td>
                    <td className={styles.num}>{formatKrw(c.amountKrw)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <p className={styles.muted}>
            이미 결제한 팀원 {formatThousands(preview.alreadyPaid.length)}명은 추가 결제 없이 배정돼요. 대기 명단{' '}
            {formatThousands(preview.waitlisted.length)}명은 대기 상태가 돼요.
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
