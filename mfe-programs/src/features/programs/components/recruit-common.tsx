import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProductDetail, ProgramIntro } from '@sq/contracts';
import { EmptyState, Spinner } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { groupCohorts, introPath, recruitPath } from '../../../shared/programs';
import { PRODUCT_SLUG } from '../program-page';
import { useProgramPage } from '../api/get-product';
import styles from './programs.module.css';

/** Where to go from a recruit page without (current) info: the cohort recruiting now or opening next, and the intro. */
export function NextSteps({ product }: { product: ProductDetail }) {
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

/** A recruit page without information to show (spec: /planx/recruit, /potenday/recruit, /{product}/recruit/*). */
export function NoInfo({ product }: { product: ProductDetail }) {
  return (
    <div className={styles.noInfo} data-testid="recruit-no-info">
      <EmptyState
        title="모집 정보가 없어요"
        description={`${product.name}의 모집 안내를 찾지 못했어요. 지금 모집 중이거나 곧 열릴 기수를 확인해 보세요.`}
      />
      <NextSteps product={product} />
    </div>
  );
}

type ProgramChildren = (product: ProductDetail, intro: ProgramIntro | null) => ReactNode;

function ProductLoader({ slug, children }: { slug: string; children: ProgramChildren }) {
  const state = useProgramPage(slug);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error')
    return (
      <LoadError
        error={state.error}
        onRetry={state.reload}
        notFound="찾으시는 프로그램이 없어요. 주소를 다시 확인해 주세요."
      />
    );
  return <>{children(state.data.product, state.data.intro)}</>;
}

/** The program of a recruit page (with its published intro); a path that cannot be a program is the error page without a request. */
export function WithProduct({ slug, children }: { slug: string; children: ProgramChildren }) {
  if (!PRODUCT_SLUG.test(slug)) return <NotFoundPage />;
  return <ProductLoader slug={slug}>{children}</ProductLoader>;
}
