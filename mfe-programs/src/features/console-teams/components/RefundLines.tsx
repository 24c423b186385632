import type { GroupRefundLine } from '@sq/contracts/api/operators/team-changes';
import { formatKrw } from '@sq/ui';
import { personName } from '../../../shared/console/labels';
import styles from '../../../shared/console/console.module.css';
import { TableWrap } from '../../../shared/console/TableWrap';

/**
 * Every member's line of a refund preview, named by the preview itself: what was paid, what was refunded already,
 * what confirming refunds now (refund entitlements do not stack), and why nothing when nothing.
 */
export function RefundLines({ lines }: { lines: readonly GroupRefundLine[] }) {
  return (
    <TableWrap label="환불 금액">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">지원 번호</th>
            <th scope="col">이름</th>
            <th scope="col" className={styles.num}>
              결제 금액
            </th>
            <th scope="col" className={styles.num}>
              이미 환불
            </th>
            <th scope="col" className={styles.num}>
              지금 환불
            </th>
            <th scope="col">적용 규정</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.joinId} data-testid="refund-line" data-join-id={line.joinId}>
              <td className={styles.num}>{line.joinId}</td>
              <td>{personName(line)}</td>
              <td className={styles.num}>{formatKrw(line.paidKrw)}</td>
              <td className={styles.num}>{formatKrw(line.refundedKrw)}</td>
              <td className={styles.num}>{formatKrw(line.refundKrw)}</td>
              <td>
                {line.phase ?? '-'}
                {line.note ? <span className={styles.hint}> · {line.note}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
