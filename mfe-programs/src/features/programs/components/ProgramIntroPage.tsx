import { Link, useParams } from 'react-router-dom';
import type { ProductDetail, ProgramIntro } from '@sq/contracts';
import { Spinner, formatKrw } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { StatusBadge } from '../../../shared/StatusBadge';
import { dayRange } from '../../../shared/dates';
import { KIND_LABEL, applyCta, groupCohorts, recruitPath, statusTone } from '../../../shared/programs';
import { positiveId } from '../../../shared/route-params';
import { PRODUCT_SLUG, headlineCohort } from '../program-page';
import { useProgramPage } from '../api/get-product';
import { teamMakeupText } from '../team-text';
import { ApplyButton } from './ApplyButton';
import { IntroImage, IntroText } from './IntroText';
import { Schedule } from './Schedule';
import { RefundRules } from '../../../shared/RefundRules';
import styles from './programs.module.css';

/** The program's facts come from the programs service; its text and images from the intro operators publish (else the catalogue's). */
function Intro({ product, intro }: { product: ProductDetail; intro: ProgramIntro | null }) {
  const cohort = headlineCohort(product.cohorts);
  const cta = applyCta(product);
  const { open, upcoming, closed } = groupCohorts(product.cohorts);
  return (
    <article className={styles.intro} data-testid="program-intro" data-product={product.slug}>
      <header className={styles.hero}>
        {intro?.hero ? <IntroImage image={intro.hero} className={styles.heroImage} eager /> : null}
        <p className={styles.kind}>{KIND_LABEL[product.kind]}</p>
        <h1 className={styles.title}>{product.name}</h1>
        <p className={styles.summary} data-testid="program-summary">
          {intro?.summary ?? product.summary}
        </p>
        <dl className={styles.heroFacts}>
          <div>
            <dt>참가비</dt>
            <dd data-testid="fee">{formatKrw(product.feeKrw)}</dd>
          </div>
          <div>
            <dt>팀 구성</dt>
            <dd data-testid="team-makeup">{teamMakeupText(product.teamMakeup)}</dd>
          </div>
          {cohort ? (
            <div>
              <dt>진행 기간</dt>
              <dd>{dayRange(cohort.startDate, cohort.endDate)}</dd>
            </div>
          ) : null}
        </dl>
        <div className={styles.heroCta}>
          <ApplyButton cta={cta} />
        </div>
      </header>

      {cohort ? (
        <section className={styles.section}>
          <div className={styles.sectionHead}>
            <h2 className={styles.sectionTitle}>일정</h2>
            <span className={styles.cohortLabel}>
              {cohort.name} <StatusBadge tone={statusTone(cohort.status)}>{cohort.statusName}</StatusBadge>
            </span>
          </div>
          <Schedule cohort={cohort} />
          {cohort.status === 'RECRUITING' ? (
            <Link className={styles.inlineLink} to={recruitPath(product, cohort.oddId)}>
              직군별 지원 현황 보기 ›
            </Link>
          ) : null}
        </section>
      ) : null}

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>프로그램 소개</h2>
        {intro ? <IntroText intro={intro} /> : <p className={styles.description}>{product.description}</p>}
      </section>

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>참가 안내</h2>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>참가비</dt>
            <dd>{formatKrw(product.feeKrw)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>팀 구성</dt>
            <dd>{teamMakeupText(product.teamMakeup)}</dd>
          </div>
          {product.teamMakeup && product.teamMakeup.maxFriends > 0 ? (
            <div className={styles.fact}>
              <dt>함께 신청</dt>
              <dd>친구 최대 {product.teamMakeup.maxFriends}명까지 같은 팀을 요청할 수 있어요</dd>
            </div>
          ) : null}
          <div className={styles.fact}>
            <dt>지원 자격</dt>
            <dd data-testid="eligibility">{product.eligibility}</dd>
          </div>
        </dl>
      </section>

      <section className={styles.section} data-testid="refund-rules">
        <h2 className={styles.sectionTitle}>환불 규정</h2>
        <RefundRules rules={product.refundRules} feeKrw={product.feeKrw} />
      </section>

      {product.cohorts.length ? (
        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>기수</h2>
          <ul className={styles.cohortList}>
            {[...open, ...upcoming, ...closed].map((c) => (
              <li key={c.oddId}>
                <Link to={recruitPath(product, c.oddId)} className={styles.cohortItem}>
                  <span className={styles.cohortItemName}>{c.name}</span>
                  <span className={styles.cohortItemDates}>진행 {dayRange(c.startDate, c.endDate)}</span>
                  <StatusBadge tone={statusTone(c.status)}>{c.statusName}</StatusBadge>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {/* On phones the apply button stays at hand at the bottom of the screen. */}
      <div className={styles.stickyCta}>
        <ApplyButton cta={cta} block />
      </div>
    </article>
  );
}

function ProgramIntro({ productKey }: { productKey: string | number }) {
  const state = useProgramPage(productKey);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error')
    return (
      <LoadError
        error={state.error}
        onRetry={state.reload}
        notFound="찾으시는 프로그램이 없어요. 주소를 다시 확인해 주세요."
      />
    );
  return <Intro product={state.data.product} intro={state.data.intro} />;
}

/** /:product — the intro of any program by its slug (/bside, ...); an unknown slug is the public error page. */
export function ProductSlugPage() {
  const { product = '' } = useParams();
  if (!PRODUCT_SLUG.test(product)) return <NotFoundPage />;
  return <ProgramIntro key={product} productKey={product} />;
}

/** /planx — the planner course. */
export function PlanxIntroPage() {
  return <ProgramIntro productKey="planx" />;
}

/** /potenday — the 10-day sprint. */
export function PotendayIntroPage() {
  return <ProgramIntro productKey="potenday" />;
}

/** /product/:productId — a (generic) product by its number. */
export function ProductIdPage() {
  const { productId } = useParams();
  const id = positiveId(productId);
  if (id === null) return <NotFoundPage />;
  return <ProgramIntro key={id} productKey={id} />;
}
