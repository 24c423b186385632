import { Link } from 'react-router-dom';
import type { CohortSummary, ProductSummary } from '@sq/contracts';
import { formatKrw } from '@sq/ui';
import { StatusBadge } from '../../../shared/StatusBadge';
import { dayRange } from '../../../shared/dates';
import { KIND_LABEL, applyCta, groupCohorts, introPath, recruitPath, statusTone } from '../../../shared/programs';
import { programStatusLabel } from '../program-status';
import styles from './home.module.css';

/** Closed cohorts shown on the home page per program (the intro lists them all). */
const CLOSED_SHOWN = 2;

function CohortRow({ product, cohort }: { product: ProductSummary; cohort: CohortSummary }) {
  const dates =
    cohort.status === 'RECRUITING' || cohort.status === 'UPCOMING'
      ? `모집 ${dayRange(cohort.recruitStart, cohort.recruitEnd)}`
      : `진행 ${dayRange(cohort.startDate, cohort.endDate)}`;
  return (
    <li>
      <Link className={styles.cohortRow} to={recruitPath(product, cohort.oddId)}>
        <span className={styles.cohortName}>{cohort.name}</span>
        <span className={styles.cohortDates}>{dates}</span>
        <StatusBadge tone={statusTone(cohort.status)}>{cohort.statusName}</StatusBadge>
      </Link>
    </li>
  );
}

/** One program on the home page: its recruiting status, the open, upcoming and (latest) closed cohorts. */
export function ProgramCard({ product }: { product: ProductSummary }) {
  const { open, upcoming, closed } = groupCohorts(product.cohorts);
  const status = programStatusLabel(product.cohorts);
  const cta = applyCta(product);
  const shown = [...open, ...upcoming, ...closed.slice(0, CLOSED_SHOWN)];
  return (
    <article className={styles.program} data-testid="program-card" data-slug={product.slug}>
      <header className={styles.programHead}>
        <span className={styles.kind}>{KIND_LABEL[product.kind]}</span>
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </header>
      <h3 className={styles.programName}>
        <Link to={introPath(product)}>{product.name}</Link>
      </h3>
      <p className={styles.programSummary}>{product.summary}</p>
      <p className={styles.fee}>
        참가비 <strong>{formatKrw(product.feeKrw)}</strong>
      </p>
      {shown.length ? (
        <ul className={styles.cohorts}>
          {shown.map((c) => (
            <CohortRow key={c.oddId} product={product} cohort={c} />
          ))}
        </ul>
      ) : null}
      <div className={styles.programActions}>
        <Link className="sq-button sq-button--secondary sq-button--small" to={introPath(product)}>
          자세히 보기
        </Link>
        {cta.kind === 'open' ? (
          <Link className="sq-button sq-button--primary sq-button--small" to={cta.href}>
            {cta.label}
          </Link>
        ) : (
          <button type="button" className="sq-button sq-button--primary sq-button--small" disabled>
            {cta.label}
          </button>
        )}
      </div>
    </article>
  );
}
