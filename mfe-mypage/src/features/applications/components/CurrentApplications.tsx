import { Link } from 'react-router-dom';
import { Spinner, useAsync } from '@sq/ui';
import { getJoinProjects } from '../api/applications';
import { ApplicationList } from './ApplicationList';
import styles from './applications.module.css';

/** The /mypage intro's list of current applications (GET /api/getJoinProject). */
export function CurrentApplications() {
  const state = useAsync((signal) => getJoinProjects(signal), []);
  return (
    <section
      className={`${styles.section} ${styles.home}`}
      aria-labelledby="current-applications"
      data-testid="current-applications"
    >
      <h2 id="current-applications" className={styles.sectionTitle}>
        진행 중인 지원
      </h2>
      {state.status === 'loading' ? <Spinner boxed /> : null}
      {state.status === 'error' ? <p className={styles.muted}>지원 내역을 잠시 불러오지 못했어요.</p> : null}
      {state.status === 'success' && state.data.length === 0 ? (
        <p className={styles.muted}>진행 중인 지원이 없어요.</p>
      ) : null}
      {state.status === 'success' && state.data.length > 0 ? <ApplicationList applications={state.data} /> : null}
      <Link to="/mypage/history" className={styles.muted}>
        전체 지원 내역 보기 ›
      </Link>
    </section>
  );
}
