import type { ApplicationSummary } from '@sq/contracts/api/applications';
import { formatKrw, seoulDay } from '@sq/ui';
import styles from './apply.module.css';

/** One application in short: program, cohort, role, state in Korean, fee and when it was made. */
export function ApplicationCard({ application }: { application: ApplicationSummary }) {
  return (
    <dl className={styles.summary} data-testid="application-summary" data-join-id={application.joinId}>
      <div className={styles.summaryRow}>
        <dt>프로그램</dt>
        <dd>{application.productName}</dd>
      </div>
      <div className={styles.summaryRow}>
        <dt>기수</dt>
        <dd>{application.cohortName}</dd>
      </div>
      {application.roleName ? (
        <div className={styles.summaryRow}>
          <dt>지원 직군</dt>
          <dd>{application.roleName}</dd>
        </div>
      ) : null}
      <div className={styles.summaryRow}>
        <dt>상태</dt>
        <dd data-testid="application-state">{application.stateName}</dd>
      </div>
      <div className={styles.summaryRow}>
        <dt>참가비</dt>
        <dd>{formatKrw(application.feeKrw)}</dd>
      </div>
      <div className={styles.summaryRow}>
        <dt>지원일</dt>
        <dd>{seoulDay(application.submittedAt ?? application.createdAt)}</dd>
      </div>
    </dl>
  );
}
