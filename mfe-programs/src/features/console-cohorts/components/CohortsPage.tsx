import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { AdminCohort } from '@sq/contracts/api/operators/cohorts';
import type { ApplicantRole, ApplicationState } from '@sq/contracts/api/application-states';
import { Button, EmptyState, Spinner, formatThousands } from '@sq/ui';
import { ConsoleIcon } from '@sq/ui/console-icons';
import { LoadError } from '../../../shared/LoadError';
import { dayRange } from '../../../shared/dates';
import { useCohorts } from '../../../shared/console/api/get-cohorts';
import { FilterTabs } from '../../../shared/console/FilterTabs';
import { useProducts } from '../../../shared/console/api/get-products';
import { roleName, stateName } from '../../../shared/console/labels';
import styles from '../../../shared/console/console.module.css';
import { TableWrap } from '../../../shared/console/TableWrap';

function Counts({ counts }: { counts: AdminCohort['counts'] }) {
  const states = Object.entries(counts.byState) as [ApplicationState, number][];
  return (
    <div className={styles.counts} data-testid="state-counts">
      {states.length === 0 ? <span className={styles.muted}>없음</span> : null}
      {states.map(([state, n]) => (
        <span key={state} className={styles.chip} data-state={state}>
          {stateName(state)} {formatThousands(n)}
        </span>
      ))}
    </div>
  );
}

function RoleCounts({ counts }: { counts: AdminCohort['counts'] }) {
  const roles = Object.entries(counts.byRole) as [ApplicantRole, number][];
  return (
    <div className={styles.counts} data-testid="role-counts">
      {roles.map(([role, n]) => (
        <span key={role} className={`${styles.chip} ${styles.chipStrong}`} data-role={role}>
          {roleName(role)} {formatThousands(n)}
        </span>
      ))}
    </div>
  );
}

function seatsText(c: AdminCohort): string {
  if (!c.roleSeats) return '프로그램 기본';
  const set = (Object.entries(c.roleSeats) as [ApplicantRole, number | null | undefined][]).filter(
    ([, n]) => n !== null && n !== undefined,
  );
  return set.length ? set.map(([role, n]) => `${roleName(role)} ${n}`).join(', ') : '프로그램 기본';
}

/** Every cohort of a product (or of all) with live counts per state and role; links to its pages. */
export function CohortsPage() {
  const [productId, setProductId] = useState<number | null>(null);
  const products = useProducts();
  const cohorts = useCohorts(productId);
  // The form comes back here with the cohort it saved.
  const saved = (useLocation().state as { saved?: number } | null)?.saved;

  return (
    <>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>기수 관리</h1>
          <p className={styles.lead}>지원 수는 지원서를 제출한 뒤 끝나지 않은 지원만 세요.</p>
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={cohorts.reload}>
            새로고침
          </Button>
          <Link to="/admin/cohorts/new" className="sq-button sq-button--primary" data-testid="cohort-new">
            <ConsoleIcon name="plus" size={18} /> 기수 만들기
          </Link>
        </div>
      </header>
      {saved ? (
        <p className={styles.notice} role="status" data-testid="cohort-saved">
          <ConsoleIcon name="check" size={16} /> 기수 #{saved}을(를) 저장했어요.
        </p>
      ) : null}
      <FilterTabs
        label="프로그램"
        options={[
          { value: null as number | null, name: '전체' },
          ...(products.data ?? []).map((p) => ({ value: p.productId as number | null, name: p.name })),
        ]}
        value={productId}
        onChange={setProductId}
      >
        {cohorts.status === 'loading' ? <Spinner boxed /> : null}
        {cohorts.status === 'error' ? <LoadError error={cohorts.error} onRetry={cohorts.reload} /> : null}
        {cohorts.status === 'success' && cohorts.data.length === 0 ? (
          <EmptyState title="기수가 없어요" description="기수 만들기로 첫 기수를 열어 보세요." />
        ) : null}
        {cohorts.status === 'success' && cohorts.data.length > 0 ? (
          <TableWrap label="기수 목록">
            <table className={styles.table} data-testid="cohort-table">
              <thead>
                <tr>
                  <th scope="col">기수</th>
                  <th scope="col">모집</th>
                  <th scope="col">진행</th>
                  <th scope="col">정원</th>
                  <th scope="col">팀당 자리</th>
                  <th scope="col" className={styles.num}>
                    지원
                  </th>
                  <th scope="col">상태별</th>
                  <th scope="col">역할별</th>
                  <th scope="col">관리</th>
                </tr>
              </thead>
              <tbody>
                {cohorts.data.map((c) => (
                  <tr key={c.oddId} data-testid="cohort-row" data-odd-id={c.oddId}>
                    <td>
                      <strong>{c.name}</strong>
                      <div className={styles.muted}>
                        {c.productName} · #{c.oddId}
                      </div>
                    </td>
                    <td>{dayRange(c.recruitStart, c.recruitEnd)}</td>
                    <td>{dayRange(c.startDate, c.endDate)}</td>
                    <td className={styles.num}>{c.capacity === null ? '제한 없음' : formatThousands(c.capacity)}</td>
                    <td>{seatsText(c)}</td>
                    <td className={styles.num} data-testid="total-count">
                      {formatThousands(c.counts.total)}
                    </td>
                    <td className={styles.wrap}>
                      <Counts counts={c.counts} />
                    </td>
                    <td>
                      <RoleCounts counts={c.counts} />
                    </td>
                    <td>
                      <div className={styles.links}>
                        <Link className={styles.link} to={`/admin/cohorts/${c.oddId}/applicants`}>
                          지원자
                        </Link>
                        <Link className={styles.link} to={`/admin/cohorts/${c.oddId}/board`} data-testid="open-board">
                          팀 빌딩
                        </Link>
                        <Link className={styles.link} to={`/admin/cohorts/${c.oddId}/edit`}>
                          수정
                        </Link>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        ) : null}
      </FilterTabs>
    </>
  );
}
