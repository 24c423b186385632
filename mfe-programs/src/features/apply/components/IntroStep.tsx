import { Link } from 'react-router-dom';
import type { CohortDetail, ProductDetail } from '@sq/contracts';
import { applyPaths } from '@sq/contracts/api/application-states';
import { formatDate, formatKrw, seoulDay } from '@sq/ui';
import { STEP_LABELS, memberSteps } from '../flows';
import { ClosedCohort } from './ClosedCohort';
import { WizardFrame } from './WizardFrame';
import styles from './apply.module.css';

/** The public first step (14-week project, planner course): what applying takes, then on to the duplicate check. */
export function IntroStep({ cohort, product }: { cohort: CohortDetail; product: ProductDetail }) {
  if (!cohort.recruiting) return <ClosedCohort cohort={cohort} />;
  const flowProduct = { kind: product.kind, slug: product.slug };
  return (
    <WizardFrame
      programName={product.name}
      cohortName={cohort.name}
      product={flowProduct}
      step="intro"
      title={`${product.name} ${cohort.name} 지원하기`}
      lead={product.summary}
    >
      <dl className={styles.summary}>
        <div className={styles.summaryRow}>
          <dt>모집 마감</dt>
          <dd>{seoulDay(cohort.recruitEnd)}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>진행 기간</dt>
          <dd>
            {formatDate(cohort.startDate)} ~ {formatDate(cohort.endDate)}
          </dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>참가비</dt>
          <dd>{formatKrw(cohort.product.feeKrw)}</dd>
        </div>
        {product.eligibility ? (
          <div className={styles.summaryRow}>
            <dt>지원 자격</dt>
            <dd>{product.eligibility}</dd>
          </div>
        ) : null}
      </dl>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>지원 순서</h2>
        <ol className={styles.lead}>
          {memberSteps(flowProduct).map((s, i) => (
            <li key={s}>
              {i + 1}. {STEP_LABELS[s]}
            </li>
          ))}
        </ol>
        <p className={styles.hint}>작성한 내용은 단계마다 저장되어, 나중에 이어서 작성할 수 있어요.</p>
      </section>
      <Link
        className="sq-button sq-button--primary sq-button--block"
        to={applyPaths.dupcheck(product.kind, product.slug, cohort.oddId)}
        data-testid="apply-start"
      >
        지원 시작하기
      </Link>
    </WizardFrame>
  );
}
