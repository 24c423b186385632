import { useCallback, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import type { CohortDetail, ProductDetail } from '@sq/contracts';
import {
  EDITABLE_STATES,
  applyPaths,
  type AnswerStep,
  type ApplicationDraft,
  type WizardStep,
} from '@sq/contracts/api/applications';
import { Spinner, useAsync } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { book, openDraft, saveStep } from '../api/applications';
import { getCohortWithProduct } from '../api/get-cohort';
import { getCareerYears, getJobGroups } from '../api/get-codes';
import { getMe } from '../api/get-me';
import {
  STEP_LABELS,
  failPathWith,
  isAhead,
  isOwnFlow,
  nextStep,
  previousStep,
  routeId,
  stepFromSegment,
  type FlowProduct,
} from '../flows';
import { AsideStep } from './AsideStep';
import { BookStep } from './BookStep';
import { ClosedCohort } from './ClosedCohort';
import { IntroStep } from './IntroStep';
import { PaymentReturn, isPaymentReturn } from './PaymentReturn';
import { ProductStep } from './ProductStep';
import { RequiredStep, type RequiredStepProps } from './RequiredStep';
import { WizardFrame } from './WizardFrame';

/** `/{base}/apply/{oddId}[/{segment}]` of any of the four flows. */
export function parseApplyPath(
  pathname: string,
): { base: string; oddId: number | null; segment: string | undefined } | null {
  const m = /^\/([^/]+)\/apply\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!m) return null;
  return { base: m[1]!, oddId: routeId(m[2]), segment: m[3] };
}

const COHORT_NOT_FOUND = '찾으시는 모집 기수가 없어요. 주소를 다시 확인해 주세요.';

const STEP_TITLES: Record<WizardStep, string> = {
  intro: '지원 안내',
  required: '기본 정보를 알려 주세요',
  aside: '조금 더 알려 주세요',
  product: '프로그램 질문에 답해 주세요',
  book: '주문 내용을 확인하고 결제해 주세요',
};

function RequiredLoader(props: Omit<RequiredStepProps, 'user' | 'jobGroups' | 'careerYears'>) {
  // The account (prefill) and the code lists, all at once.
  const state = useAsync((signal) => Promise.all([getMe(signal), getJobGroups(signal), getCareerYears(signal)]), []);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={state.reload} />;
  const [user, jobGroups, careerYears] = state.data;
  return <RequiredStep {...props} user={user} jobGroups={jobGroups} careerYears={careerYears} />;
}

/** The member's steps: the server's draft decides which step may be shown; each save goes through the API. */
function MemberWizard({
  cohort,
  product,
  target,
  search,
}: {
  cohort: CohortDetail;
  product: ProductDetail;
  target: WizardStep | 'current';
  search: string;
}) {
  const navigate = useNavigate();
  const flowProduct: FlowProduct = { kind: product.kind, slug: product.slug };
  const state = useAsync((signal) => openDraft(cohort.oddId, signal), [cohort.oddId]);
  const [saved, setSaved] = useState<ApplicationDraft | null>(null);
  const pathOf = useCallback(
    (step: WizardStep) => applyPaths.step(product.kind, product.slug, cohort.oddId, step),
    [cohort.oddId, product.kind, product.slug],
  );

  const save = useCallback(
    async (step: AnswerStep, answers: unknown) => {
      const draft = await saveStep(cohort.oddId, step, answers);
      setSaved(draft);
      navigate(pathOf(nextStep(flowProduct, step) ?? 'book'));
    },
    // flowProduct is rebuilt from product each render; its fields are the deps.
    [cohort.oddId, navigate, pathOf, product.kind, product.slug],
  );
  const pay = useCallback(
    async (request: Parameters<typeof book>[1]) => (await book(cohort.oddId, request)).payment.paymentPageUrl,
    [cohort.oddId],
  );

  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') {
    const error = state.error;
    // Already applied past the wizard: the duplicate check shows that application instead of a second wizard.
    if (isApiError(error) && error.status === 409 && error.fields?.joinId)
      return <Navigate to={applyPaths.dupcheck(product.kind, product.slug, cohort.oddId)} replace />;
    if (isApiError(error) && error.status === 409) return <ClosedCohort cohort={cohort} reason={error.message} />;
    return <LoadError error={error} onRetry={state.reload} notFound={COHORT_NOT_FOUND} />;
  }
  const draft = saved ?? state.data;
  if (!EDITABLE_STATES.includes(draft.state))
    return <Navigate to={applyPaths.dupcheck(product.kind, product.slug, cohort.oddId)} replace />;
  const current = draft.currentStep ?? 'book';
  // The legacy bookorder and any step ahead of the saved ones land on the current step (the server refuses them anyway).
  if (target === 'current' || isAhead(flowProduct, target, current))
    return <Navigate to={`${pathOf(current)}${search}`} replace />;
  const step = target;

  const previous = previousStep(flowProduct, step);
  const onBack = previous ? () => navigate(pathOf(previous)) : null;
  return (
    <WizardFrame
      programName={product.name}
      cohortName={cohort.name}
      product={flowProduct}
      step={step}
      title={STEP_TITLES[step]}
      lead={STEP_LABELS[step]}
    >
      {step === 'required' ? (
        <RequiredLoader key={step} draft={draft} product={product} save={(a) => save('required', a)} onBack={onBack} />
      ) : null}
      {step === 'aside' ? <AsideStep key={step} draft={draft} save={(a) => save('aside', a)} onBack={onBack} /> : null}
      {step === 'product' ? (
        <ProductStep key={step} draft={draft} save={(a) => save('product', a)} onBack={onBack} />
      ) : null}
      {step === 'book' ? <BookStep key={step} draft={draft} product={product} pay={pay} onBack={onBack} /> : null}
    </WizardFrame>
  );
}

/**
 * Every apply route of the four flows: `/{product}/apply/{oddId}` (public intro) and its member steps,
 * `/potenday/apply/...`, `/product/apply/...`, `/planx/apply/...`, and the legacy `bookorder`.
 */
export function ApplyPage() {
  const location = useLocation();
  const parsed = parseApplyPath(location.pathname);
  const oddId = parsed?.oddId ?? null;
  const state = useAsync(
    (signal) => (oddId === null ? Promise.reject(new Error('no cohort')) : getCohortWithProduct(oddId, signal)),
    [oddId],
  );
  if (!parsed || oddId === null) return <NotFoundPage description={COHORT_NOT_FOUND} />;
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error')
    return <LoadError error={state.error} onRetry={state.reload} notFound={COHORT_NOT_FOUND} />;
  const { cohort, product } = state.data;
  const flowProduct: FlowProduct = { kind: product.kind, slug: product.slug };
  const target = stepFromSegment(flowProduct, parsed.segment);

  if (!isOwnFlow(flowProduct, parsed.base)) {
    // Another program's path for this cohort (e.g. /bside/apply/{a sprint cohort}): its own flow's first step.
    return <Navigate to={applyPaths.step(product.kind, product.slug, oddId)} replace />;
  }
  // A flow without a public intro starts at the duplicate check.
  if (parsed.segment === undefined && target === null)
    return <Navigate to={applyPaths.dupcheck(product.kind, product.slug, oddId)} replace />;
  if (target === null) return <NotFoundPage />;
  if (target === 'intro') return <IntroStep cohort={cohort} product={product} />;
  // Desktop: the card page returns to the book step with the PG's answer in the query. Confirmed before the
  // draft is opened: once reserved or paid, the application is no longer a draft.
  if (target === 'book' && isPaymentReturn(location.search)) {
    return (
      <PaymentReturn
        oddId={oddId}
        search={location.search}
        failPath={(reason) => failPathWith(flowProduct, oddId, reason)}
      />
    );
  }
  return <MemberWizard key={oddId} cohort={cohort} product={product} target={target} search={location.search} />;
}
