import type { CohortApplicants } from '@sq/contracts/api/applicants';
import { applicantOdds } from '../applicant-odds';
import styles from './programs.module.css';

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('ko-KR', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Seoul' });

/** While a cohort recruits: applicants per role against the team make-up, so a scarce role knows its odds. */
export function ApplicantBoard({ applicants }: { applicants: CohortApplicants }) {
  const odds = applicantOdds(applicants);
  return (
    <section className={styles.section} aria-labelledby="applicants-title" data-testid="applicants">
      <div className={styles.sectionHead}>
        <h2 id="applicants-title" className={styles.sectionTitle}>
          직군별 지원 현황
        </h2>
        <span className={styles.live}>
          <span className={styles.liveDot} aria-hidden="true" /> {clock(applicants.countedAt)} 기준
        </span>
      </div>
      <p className={styles.muted}>
        지금까지 <strong data-testid="applicants-total">{applicants.total}명</strong>이 지원했어요.
        {odds.teams !== null ? ` 현재 지원자로 ${odds.teams}개 팀을 꾸릴 수 있어요.` : ''}
      </p>
      <ul className={styles.roles}>
        {odds.roles.map((role) => (
          <li
            key={role.role}
            className={role.scarce ? `${styles.role} ${styles.roleScarce}` : styles.role}
            data-role={role.role}
          >
            <div className={styles.roleHead}>
              <span className={styles.roleName}>{role.roleName}</span>
              <span className={styles.roleCount}>
                <strong data-testid="role-count">{role.applicants}명</strong>
                {role.seatsPerTeam !== null ? (
                  <span className={styles.roleSeats}> / 팀당 {role.seatsPerTeam}명</span>
                ) : null}
              </span>
            </div>
            <div className={styles.bar} aria-hidden="true">
              <span style={{ width: `${Math.round(role.fill * 100)}%` }} />
            </div>
            <p className={styles.roleHint}>{role.hint}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
