import type { RefundLine } from '@sq/contracts/api/operators';
import { formatKrw } from '@sq/ui';
import styles from './admin.module.css';

/** Every member's amount of a refund preview: what is paid and what the stored rules give back now. */
export function RefundLines({ lines, names }: { lines: readonly RefundLine[]; names: ReadonlyMap<number, string> }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">지원 번호</th>
            <th scope="col">이름</th>
            <th scope="col" className={styles.num}>결제 금액</th>
            <th scope="col" className={styles.num}>환불 금액</th>
            <th scope="col">적용 규정</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.joinId} data-testid="refund-line" data-join-id={line.joinId}>
              <td className={styles.num}>{line.joinId}</td>
              <td>{names.get(line.joinId) ?? '-'}</td>
              <td className={styles.num}>{formatKrw(line.paidKrw)}</td>
              <td className={styles.num}>{formatKrw(line.refundKrw)}</td>
              <td>{line.phase ?? (line.paidKrw === 0 ? '결제 없음' : '-')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
