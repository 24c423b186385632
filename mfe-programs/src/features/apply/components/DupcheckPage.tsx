import { Navigate, useParams } from 'react-router-dom';
import { EDITABLE_STATES, applyPaths } from '@sq/contracts/api/application-states';
import { Spinner, useAsync } from '@sq/ui';
import { AppLink } from '@sq/remote-kit';
import { LoadError } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { getDupcheck } from '../api/applications';
import { getCohort } from '../api/get-cohort';
import { isOwnFlow, routeId } from '../flows';
import { ApplicationCard } from './ApplicationCard';
import { ClosedCohort } from './ClosedCohort';
import styles from './apply.module.css';

const COHORT_NOT_FOUND = '찾으시는 모집 기수가 없어요. 주소를 다시 확인해 주세요.';

/**
 * The four dupcheck routes: a member who already applied to this cohort sees that application with a link
 * to it in my page instead of a second wizard; an unfinished one resumes where it stopped; otherwise the
 * wizard starts (or the page says why the cohort takes no applications).
 */
export function DupcheckPage({ base }: { base?: string }) {
  const params = useParams();
  const urlBase = base ?? params.product ?? '';
  const oddId = routeId(params.oddId);
  const state = useAsync(
    async (signal) => {
      if (oddId === null) throw new Error('no cohort');
      const [cohort, check] = await Promise.all([getCohort(oddId, signal), getDupcheck(oddId, signal)]);
      return { cohort, check };
    },
    [oddId],
  );
  if (oddId === null) return <NotFoundPage description={COHORT_NOT_FOUND} />;
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error')
    return <LoadError error={state.error} onRetry={state.reload} notFound={COHORT_NOT_FOUND} />;
  const { cohort, check } = state.data;
  const { kind, slug } = cohort.product;
  if (!isOwnFlow({ kind, slug }, urlBase)) return <Navigate to={applyPaths.dupcheck(kind, slug, oddId)} replace />;

  const application = check.application;
  if (check.applied && application) {
    if (EDITABLE_STATES.includes(application.state) && application.links.resume)
      return <Navigate to={application.links.resume} replace />;
    return (
      <div className={styles.page} data-testid="dupcheck-applied">
        <header className={styles.head}>
          <p className={styles.program}>
            {cohort.product.name} · {cohort.name}
          </p>
          <h1 className={styles.title}>이미 지원한 기수예요</h1>
          <p className={styles.lead}>
            같은 기수에는 한 번만 지원할 수 있어요. 지원 내역은 마이페이지에서 확인할 수 있어요.
          </p>
        </header>
        <ApplicationCard application={application} />
        <AppLink to={application.links.detail} className="sq-button sq-button--primary sq-button--block">
          지원 내역 보기
        </AppLink>
      </div>
    );
  }
  if (!check.open) return <ClosedCohort cohort={cohort} reason={check.closedReason} />;
  return <Navigate to={applyPaths.step(kind, slug, oddId, 'required')} replace />;
}

export const ProductDupcheckPage = () => <DupcheckPage base="product" />;
export const PotendayDupcheckPage = () => <DupcheckPage base="potenday" />;
export const PlanxDupcheckPage = () => <DupcheckPage base="planx" />;
