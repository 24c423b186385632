import { Link, useParams } from 'react-router-dom';
import type { CohortDetail, ProductDetail, ProgramIntro } from '@sq/contracts';
import { Spinner, formatKrw } from '@sq/ui';
import { LoadError, isMissing } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { StatusBadge } from '../../../shared/StatusBadge';
import { introPath, statusTone } from '../../../shared/programs';
import { positiveId } from '../../../shared/route-params';
import { cohortCta } from '../program-page';
import { useLiveApplicants } from '../api/get-applicants';
import { useCohort } from '../api/get-cohort';
import { teamMakeupText } from '../team-text';
import { ApplicantBoard } from './ApplicantBoard';
import { ApplyButton } from './ApplyButton';
import { Schedule } from './Schedule';
import { NextSteps, NoInfo, WithProduct } from './recruit-common';
import { RefundRules } from '../../../shared/RefundRules';
import styles from './programs.module.css';

function CohortRecruit({
  product,
  intro,
  cohort,
}: {
  product: ProductDetail;
  intro: ProgramIntro | null;
  cohort: CohortDetail;
}) {
  const live = useLiveApplicants(cohort.oddId, cohort.recruiting);
  const cta = cohortCta(product, cohort);
  const past = cohort.status !== 'RECRUITING' && cohort.status !== 'UPCOMING';
  return (
    <article className={styles.intro} data-testid="recruit" data-odd-id={cohort.oddId}>
      <header className={styles.hero}>
        <p className={styles.kind}>
          <Link to={introPath(product)}>{product.name}</Link>
        </p>
        <h1 className={styles.title}>
          {cohort.name} <StatusBadge tone={statusTone(cohort.status)}>{cohort.statusName}</StatusBadge>
        </h1>
        <p className={styles.summary} data-testid="program-summary">
          {intro?.summary ?? product.summary}
        </p>
        <dl className={styles.heroFacts}>
          <div>
            <dt>참가비</dt>
            <dd data-testid="fee">{formatKrw(cohort.product.feeKrw)}</dd>
          </div>
          <div>
            <dt>팀 구성</dt>
            <dd data-testid="team-makeup">{teamMakeupText(product.teamMakeup)}</dd>
          </div>
          <div>
            <dt>지원 자격</dt>
            <dd>{product.eligibility}</dd>
          </div>
        </dl>
        <div className={styles.heroCta}>
          <ApplyButton cta={cta} />
        </div>
      </header>

      {past ? (
        <div className={styles.pastNotice} role="status">
          <p>모집이 끝난 기수의 지난 모집 안내예요.</p>
          <NextSteps product={product} />
        </div>
      ) : null}

      {cohort.recruiting && live ? <ApplicantBoard applicants={live} /> : null}

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>일정</h2>
        <Schedule cohort={cohort} />
      </section>

      <section className={styles.section} data-testid="refund-rules">
        <h2 className={styles.sectionTitle}>이 기수의 환불 일정</h2>
        {/* The cohort's own days for each phase; the participation reward is not a refund date. */}
        <RefundRules
          rules={product.refundRules.filter((r) => r.case !== 'REWARD')}
          feeKrw={cohort.product.feeKrw}
          schedule={cohort.refundSchedule}
        />
      </section>

      <div className={styles.stickyCta}>
        <ApplyButton cta={cta} block />
      </div>
    </article>
  );
}

function CohortOf({
  product,
  intro,
  oddId,
  onMissing,
}: {
  product: ProductDetail;
  intro: ProgramIntro | null;
  oddId: number;
  onMissing: 'error' | 'fallback';
}) {
  const state = useCohort(oddId);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') {
    if (isMissing(state.error) && onMissing === 'fallback') return <NoInfo product={product} />;
    return (
      <LoadError
        error={state.error}
        onRetry={state.reload}
        notFound="찾으시는 모집 기수가 없어요. 주소를 다시 확인해 주세요."
      />
    );
  }
  // A cohort of another program is not this program's recruit page.
  if (state.data.product.productId !== product.productId)
    return onMissing === 'fallback' ? <NoInfo product={product} /> : <NotFoundPage />;
  return <CohortRecruit product={product} intro={intro} cohort={state.data} />;
}

/** /planx/recruit/:oddId, /potenday/recruit/:oddId — one cohort's recruiting info; an unknown cohort is the error page. */
export function RecruitCohortPage({ slug }: { slug?: string }) {
  const params = useParams();
  const productSlug = slug ?? params.product ?? '';
  const oddId = positiveId(params.oddId);
  return (
    <WithProduct key={productSlug} slug={productSlug}>
      {(product, intro) =>
        oddId === null ? (
          <NotFoundPage />
        ) : (
          <CohortOf key={oddId} product={product} intro={intro} oddId={oddId} onMissing="error" />
        )
      }
    </WithProduct>
  );
}

/** /:product/recruit/* — a cohort's recruit page when the rest is one of its cohorts, else the public fallback. */
export function RecruitFallbackPage() {
  const params = useParams();
  const productSlug = params.product ?? '';
  const oddId = positiveId(params['*']);
  return (
    <WithProduct key={productSlug} slug={productSlug}>
      {(product, intro) =>
        oddId === null ? (
          <NoInfo product={product} />
        ) : (
          <CohortOf key={oddId} product={product} intro={intro} oddId={oddId} onMissing="fallback" />
        )
      }
    </WithProduct>
  );
}

export const PlanxRecruitCohortPage = () => <RecruitCohortPage slug="planx" />;
export const PotendayRecruitCohortPage = () => <RecruitCohortPage slug="potenday" />;
