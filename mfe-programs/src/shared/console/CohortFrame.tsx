import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { AdminCohort } from '@sq/contracts/api/operators/cohorts';
import { Spinner } from '@sq/ui';
import { LoadError } from '../LoadError';
import { NotFoundPage } from '../NotFoundPage';
import { positiveId } from '../route-params';
import { dayRange } from '../dates';
import { useCohort } from './api/get-cohorts';
import { ConsoleNavLink } from './ConsoleNavLink';
import styles from './console.module.css';

/** The pages of one cohort, in the order of its life: applicants and their payments, team building, the teams, the sprint. */
const TABS = [
  ['applicants', '지원자'],
  ['payments', '결제 기록'],
  ['board', '팀 빌딩'],
  ['teams', '팀 운영'],
  ['health', '팀 건강도'],
  ['judging', '심사'],
] as const;

/** The cohort id of the route (`/admin/cohorts/:oddId/...`), null when it is not one. */
export function useOddId(): number | null {
  return positiveId(useParams().oddId);
}

/**
 * A cohort page's frame: the cohort's name and dates, the tabs of its pages, and the page itself once the
 * cohort is loaded (an unknown id is the error page).
 */
export function CohortFrame({ title, children }: { title: string; children: (cohort: AdminCohort) => ReactNode }) {
  const oddId = useOddId();
  const cohort = useCohort(oddId ?? 0);
  if (oddId === null) return <NotFoundPage />;
  if (cohort.status === 'loading') return <Spinner boxed />;
  if (cohort.status === 'error') return <LoadError error={cohort.error} onRetry={cohort.reload} />;
  if (!cohort.data) return <NotFoundPage />;
  const c = cohort.data;
  return (
    <>
      <header className={styles.head}>
        <div>
          <p className={styles.lead}>
            {c.productName} · 진행 {dayRange(c.startDate, c.endDate)}
          </p>
          <h1 className={styles.title}>
            {c.name} {title}
          </h1>
        </div>
      </header>
      <nav className={styles.nav} aria-label="기수 메뉴">
        {TABS.map(([path, label]) => (
          <ConsoleNavLink key={path} to={`/admin/cohorts/${c.oddId}/${path}`} className={styles.navLink}>
            {label}
          </ConsoleNavLink>
        ))}
        <ConsoleNavLink to={`/admin/audit?oddId=${c.oddId}`} className={styles.navLink} end>
          운영 기록
        </ConsoleNavLink>
      </nav>
      {children(c)}
    </>
  );
}
