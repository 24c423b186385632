import type { AdminPaymentRecord } from '@sq/contracts/api/operators/payments';
import { EmptyState, Spinner, formatKrw } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { seoulDay } from '../../../shared/dates';
import { usePayments } from '../api/get-payments';
import { roleName } from '../../../shared/console/labels';
import { CohortFrame } from '../../../shared/console/CohortFrame';
import styles from '../../../shared/console/console.module.css';
import { TableWrap } from '../../../shared/console/TableWrap';

const amount = (krw: number) => (krw > 0 ? formatKrw(krw) : '-');

function Timeline({ record }: { record: AdminPaymentRecord }) {
  return (
    <ol className={styles.wrap}>
      {record.events.map((e, i) => (
        <li key={i} data-testid="payment-event" data-type={e.type}>
          {seoulDay(e.at)} {e.name}
          {e.amountKrw > 0 ? ` ${formatKrw(e.amountKrw)}` : ''}
        </li>
      ))}
    </ol>
  );
}

function Payments({ oddId }: { oddId: number }) {
  const payments = usePayments(oddId);
  if (payments.status === 'loading') return <Spinner boxed />;
  if (payments.status === 'error') return <LoadError error={payments.error} onRetry={payments.reload} />;
  const list = payments.data ?? [];
  return (
    <>
      <p className={styles.hint}>
        카드 등록, 결제 예약, 결제, 환불이 있었던 지원을 모두 보여 줘요. 취소·환불된 지원과 탈퇴한 회원의 기록도 남아요
        (탈퇴한 회원은 이름 없이 회원 번호로 보여요).
      </p>
      {list.length === 0 ? (
        <EmptyState title="결제 기록이 없어요" />
      ) : (
        <TableWrap label="결제 기록">
          <table className={styles.table} data-testid="payment-table">
            <caption className="sq-visually-hidden">결제 기록 {list.length}건</caption>
            <thead>
              <tr>
                <th scope="col">지원 번호</th>
                <th scope="col">회원 번호</th>
                <th scope="col">이름</th>
                <th scope="col">역할</th>
                <th scope="col">상태</th>
                <th scope="col" className={styles.num}>
                  참가비
                </th>
                <th scope="col">카드</th>
                <th scope="col">결제 예약</th>
                <th scope="col" className={styles.num}>
                  결제 금액
                </th>
                <th scope="col" className={styles.num}>
                  환불 금액
                </th>
                <th scope="col">기록</th>
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.joinId} data-testid="payment-row" data-join-id={p.joinId} data-user-id={p.userId}>
                  <td className={styles.num}>{p.joinId}</td>
                  <td className={styles.num}>{p.userId}</td>
                  <td data-testid="payment-name">{p.name ?? '-'}</td>
                  <td>{roleName(p.role)}</td>
                  <td data-testid="payment-state">{p.stateName}</td>
                  <td className={styles.num}>{formatKrw(p.feeKrw)}</td>
                  <td>{p.card ?? '-'}</td>
                  <td data-testid="payment-reserved">
                    {p.reservedAt
                      ? `${seoulDay(p.reservedAt)}${p.releasedAt ? ` (${seoulDay(p.releasedAt)} 해제)` : ''}`
                      : '-'}
                  </td>
                  <td className={styles.num} data-testid="payment-charged">
                    {amount(p.chargedKrw)}
                  </td>
                  <td className={styles.num} data-testid="payment-refunded">
                    {amount(p.refundedKrw)}
                  </td>
                  <td>
                    <Timeline record={p} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}

/** `/admin/cohorts/{oddId}/payments`: the cohort's payment records (reserved, charged, refunded), kept after cancellation and withdrawal. */
export function PaymentsPage() {
  return <CohortFrame title="결제 기록">{(cohort) => <Payments oddId={cohort.oddId} />}</CohortFrame>;
}
