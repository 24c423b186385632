import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CohortDetail, ProductDetail } from '@sq/contracts';
import { EmptyState, Spinner, formatKrw } from '@sq/ui';
import { LoadError, isMissing } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { StatusBadge } from '../../../shared/StatusBadge';
import { seoulDay } from '../../../shared/dates';
import { KIND_LABEL, PRODUCT_SLUG, cohortCta, groupCohorts, introPath, positiveId, recruitPath, statusTone } from '../../../shared/programs';
import { useLiveApplicants } from '../api/get-applicants';
import { useCohort } from '../api/get-cohort';
import { useProduct } from '../api/get-product';
import { REFUND_CASE_TITLES } from '../refund-text';
import { teamMakeupText } from '../team-text';
import { ApplicantBoard } from './ApplicantBoard';
import { ApplyButton } from './ApplyButton';
import { Schedule } from './ProgramIntroPage';
import styles from './programs.module.css';

function RefundSchedule({ cohort }: { cohort: CohortDetail }) {
  const cases = [...new Set(cohort.refundSchedule.map((r) => r.case))].filter((c) => c !== 'REWARD');
  return (
    <div className={styles.refunds}>
      {cases.map((refundCase) => (
        <div key={refundCase} className={styles.refundGroup}>
          <h3 className={styles.refundTitle}>{REFUND_CASE_TITLES[refundCase]}</h3>
          <table className={styles.refundTable}>
            <tbody>
              {cohort.refundSchedule
                .filter((r) => r.case === refundCase)
                .map((r) => (
                  <tr key={r.phase}>
                    <th scope="row">
                      {r.phase}
                      {r.until ? <span className={styles.condition}>{seoulDay(r.until)}까지</span> : null}
                    </th>
                    <td>{r.refundPercent === 0 ? '환불 불가' : r.refundPercent === 100 ? '전액 환불' : `${r.refundPercent}% 환불`}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

/** Where to go from a recruit page without (current) info: the cohort recruiting now or opening next, and the intro. */
function NextSteps({ product }: { product: ProductDetail }) {
  const { open, upcoming } = groupCohorts(product.cohorts);
  const next = open[0] ?? upcoming[0];
  return (
    <div className={styles.nextSteps}>
      {next ? (
        <Link className="sq-button sq-button--primary" to={recruitPath(product, next.oddId)}>
          {next.name} {next.status === 'RECRUITING' ? '모집 보기' : '모집 예정 보기'}
        </Link>
      ) : null}
      <Link className="sq-button sq-button--secondary" to={introPath(product)}>
        {product.name} 소개 보기
      </Link>
    </div>
  );
}

function CohortRecruit({ product, cohort }: { product: ProductDetail; cohort: CohortDetail }) {
  const live = useLiveApplicants(cohort.oddId, cohort.recruiting);
  const cta = cohortCta(product, cohort);
  const past = cohort.status !== 'RECRUITING' && cohort.status !== 'UPCOMING';
  return (
    <article className={styles.intro} data-testid="recruit" data-odd-id={cohort.oddId}>
      <header className={styles.hero}>
        <p className={styles.kind}>
          <Link to={introPath(product)}>{product.name}</Link> · {KIND_LABEL[product.kind]}
        </p>
        <h1 className={styles.title}>
          {cohort.name} <StatusBadge tone={statusTone(cohort.status)}>{cohort.statusName}</StatusBadge>
        </h1>
        <p className={styles.summary}>{product.summary}</p>
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
        <RefundSchedule cohort={cohort} />
      </section>

      <div className={styles.stickyCta}>
        <ApplyButton cta={cta} block />
      </div>
    </article>
  );
}

/** A recruit page without information to show (spec: /planx/recruit, /potenday/recruit, /{product}/recruit/*). */
function NoInfo({ product }: { product: ProductDetail }) {
  return (
    <div className={styles.noInfo} data-testid="recruit-no-info">
      <EmptyState title="모집 정보가 없어요" description={`${product.name}의 모집 안내를 찾지 못했어요. 지금 모집 중이거나 곧 열릴 기수를 확인해 보세요.`} />
      <NextSteps product={product} />
    </div>
  );
}

function ProductLoader({ slug, children }: { slug: string; children: (product: ProductDetail) => ReactNode }) {
  const state = useProduct(slug);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={state.reload} notFound="찾으시는 프로그램이 없어요. 주소를 다시 확인해 주세요." />;
  return <>{children(state.data)}</>;
}

/** The program of a recruit page; a path that cannot be a program is the error page without a request. */
function WithProduct({ slug, children }: { slug: string; children: (product: ProductDetail) => ReactNode }) {
  if (!PRODUCT_SLUG.test(slug)) return <NotFoundPage />;
  return <ProductLoader slug={slug}>{children}</ProductLoader>;
}

function CohortOf({ product, oddId, onMissing }: { product: ProductDetail; oddId: number; onMissing: 'error' | 'fallback' }) {
  const state = useCohort(oddId);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') {
    if (isMissing(state.error) && onMissing === 'fallback') return <NoInfo product={product} />;
    return <LoadError error={state.error} onRetry={state.reload} notFound="찾으시는 모집 기수가 없어요. 주소를 다시 확인해 주세요." />;
  }
  // A cohort of another program is not this program's recruit page.
  if (state.data.product.productId !== product.productId) return onMissing === 'fallback' ? <NoInfo product={product} /> : <NotFoundPage />;
  return <CohortRecruit product={product} cohort={state.data} />;
}

/** /planx/recruit/:oddId, /potenday/recruit/:oddId — one cohort's recruiting info; an unknown cohort is the error page. */
export function RecruitCohortPage({ slug }: { slug?: string }) {
  const params = useParams();
  const productSlug = slug ?? params.product ?? '';
  const oddId = positiveId(params.oddId);
  return (
    <WithProduct key={productSlug} slug={productSlug}>
      {(product) => (oddId === null ? <NotFoundPage /> : <CohortOf key={oddId} product={product} oddId={oddId} onMissing="error" />)}
    </WithProduct>
  );
}

/** /planx/recruit, /potenday/recruit, /:product/recruit — the public "no info" page with where to go next. */
export function RecruitNoInfoPage({ slug }: { slug?: string }) {
  const params = useParams();
  const productSlug = slug ?? params.product ?? '';
  return (
    <WithProduct key={productSlug} slug={productSlug}>
      {(product) => <NoInfo product={product} />}
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
      {(product) => (oddId === null ? <NoInfo product={product} /> : <CohortOf key={oddId} product={product} oddId={oddId} onMissing="fallback" />)}
    </WithProduct>
  );
}

export const PlanxRecruitCohortPage = () => <RecruitCohortPage slug="planx" />;
export const PotendayRecruitCohortPage = () => <RecruitCohortPage slug="potenday" />;
export const PlanxRecruitPage = () => <RecruitNoInfoPage slug="planx" />;
export const PotendayRecruitPage = () => <RecruitNoInfoPage slug="potenday" />;
