import { Link } from 'react-router-dom';
import type { ApplicationSummary } from '@sq/contracts/api/applications';
import { seoulDay } from '@sq/ui';
import { StateBadge } from './StateBadge';
import styles from './applications.module.css';

/** Applications as cards: program and cohort, state in Korean, role, applied and programme dates. */
export function ApplicationList({ applications }: { applications: readonly ApplicationSummary[] }) {
  return (
    <ul className={styles.list} data-testid="application-list">
      {applications.map((a) => (
        <li key={a.joinId}>
          <Link
            to={`/mypage/history/${a.joinId}`}
            className={styles.item}
            data-testid="application-item"
            data-join-id={a.joinId}
          >
            <span className={styles.itemTitle}>
              {a.productName} {a.cohortName}
            </span>
            <StateBadge state={a.state} name={a.stateName} />
            <span className={styles.itemMeta}>
              {a.roleName ? `${a.roleName} · ` : ''}지원 {seoulDay(a.submittedAt ?? a.createdAt)} · 진행{' '}
              {seoulDay(a.startDate)} ~ {seoulDay(a.endDate)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
