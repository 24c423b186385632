import { Link, useLocation, useParams } from 'react-router-dom';
import { getToken, isTokenValid } from '@sq/api-client';
import { applyPaths, flowSegment, type ApplicationDetail } from '@sq/contracts/api/applications';
import { StatePanel, Spinner, formatDate, formatKrw, useAsync } from '@sq/ui';
import { AppLink } from '@sq/remote-kit';
import { LoadError } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { getApplication } from '../api/applications';
import { getCohort } from '../api/get-cohort';
import { getHistory } from '../api/history';
import { routeId } from '../flows';
import { ApplicationCard } from './ApplicationCard';
import styles from './apply.module.css';

/** What happens next, by what the payment did: reserved until the team is built, or paid. */
export function nextText(application: ApplicationDetail): string {
  const { payment } = application;
  if (application.state === 'RESERVED') {
    const day = payment.chargeOn ? `${formatDate(payment.chargeOn)} ` : '';
    return `${formatKrw(payment.amountKrw)} 결제가 예약되었어요. ${day}팀 빌딩 결과가 발표되고 팀이 확정되면 등록한 카드로 결제돼요.\n팀이 만들어지지 않으면 예약은 자동으로 취소되고 결제되지 않아요.`;
  }
  if (application.state === 'PAID') {
    return `${formatKrw(payment.chargedKrw || payment.amountKrw)} 결제가 완료되었어요. ${formatDate(application.startDate)}에 시작해요. 시작 전 안내는 연락받을 이메일로 보내 드려요.`;
  }
  return `현재 상태는 '${application.stateName}'이에요. 자세한 내용은 마이페이지에서 확인해 주세요.`;
}

function Success({ application }: { application: ApplicationDetail }) {
  const reserved = application.state === 'RESERVED';
  return (
    <div className={styles.page} data-testid="book-success" data-state={application.state}>
      <div className={styles.result}>
        <h1 className={styles.resultTitle}>
          {reserved ? '지원이 완료되고 결제가 예약되었어요' : '지원과 결제가 완료되었어요'}
        </h1>
        <p className={styles.lead} data-testid="book-next">
          {nextText(application)}
        </p>
      </div>
      <ApplicationCard application={application} />
      {application.payment.card ? <p className={styles.hint}>등록한 카드: {application.payment.card}</p> : null}
      <div className={styles.resultActions}>
        <AppLink to={application.links.detail} className="sq-button sq-button--primary sq-button--block">
          지원 내역 보기
        </AppLink>
        <Link to="/" className="sq-button sq-button--secondary sq-button--block">
          홈으로 가기
        </Link>
      </div>
    </div>
  );
}

/** Signed out (the page is public): what we can say without the member's data. */
function SignedOutSuccess() {
  return (
    <StatePanel
      role="status"
      title="신청이 접수되었어요"
      description="결제 내역과 진행 상태는 로그인한 뒤 마이페이지의 지원 내역에서 확인할 수 있어요."
      action={
        <AppLink to="/mypage/history" className="sq-button sq-button--primary">
          지원 내역 보기
        </AppLink>
      }
    />
  );
}

/** /{product}/book/success/{orderId} and the program-specific ones: orderId is the application (joinId). */
export function BookSuccessPage() {
  const params = useParams();
  const joinId = routeId(params.orderId);
  const signedIn = isTokenValid(getToken());
  const state = useAsync(
    (signal) => (joinId === null || !signedIn ? Promise.resolve(null) : getApplication(joinId, signal)),
    [joinId, signedIn],
  );
  if (joinId === null) return <NotFoundPage />;
  if (!signedIn) return <SignedOutSuccess />;
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error')
    return <LoadError error={state.error} onRetry={state.reload} notFound="찾으시는 지원 내역이 없어요." />;
  return state.data ? <Success application={state.data} /> : <SignedOutSuccess />;
}

/** Legacy /{product}/book/successorder: the member's latest application to that program. */
export function BookSuccessOrderPage() {
  const { product = '' } = useParams();
  const signedIn = isTokenValid(getToken());
  const state = useAsync(
    async (signal) => {
      if (!signedIn) return null;
      const latest = (await getHistory(signal)).find(
        (a) => a.state !== 'DRAFT' && flowSegment(a.kind, a.productSlug) === product,
      );
      return latest ? getApplication(latest.joinId, signal) : null;
    },
    [product, signedIn],
  );
  if (!signedIn) return <SignedOutSuccess />;
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={state.reload} />;
  return state.data ? (
    <Success application={state.data} />
  ) : (
    <NotFoundPage description="찾으시는 지원 내역이 없어요." />
  );
}

/**
 * /{product}/book/fail/{oddId}: the PG's reason in Korean (from its redirect) and a retry that goes back to the book step, where every answer is still saved.
 */
export function BookFailPage() {
  const params = useParams();
  const { search } = useLocation();
  const oddId = routeId(params.oddId);
  const state = useAsync(
    (signal) => (oddId === null ? Promise.reject(new Error('no cohort')) : getCohort(oddId, signal)),
    [oddId],
  );
  if (oddId === null) return <NotFoundPage />;
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={state.reload} />;
  const cohort = state.data;
  const { kind, slug } = cohort.product;
  const query = new URLSearchParams(search);
  const reason = query.get('message') || '결제가 완료되지 않았어요.';
  return (
    <div className={styles.page} data-testid="book-fail">
      <div className={styles.result}>
        <h1 className={styles.resultTitle}>결제에 실패했어요</h1>
        <p className={styles.formError} role="alert" data-testid="fail-reason">
          {reason}
        </p>
        <p className={styles.lead}>
          {cohort.product.name} {cohort.name} 지원서는 그대로 저장되어 있어요.{'\n'}다른 카드로 다시 결제하거나 답변을
          고칠 수 있어요.
        </p>
      </div>
      <div className={styles.resultActions}>
        <Link
          to={applyPaths.step(kind, slug, oddId, 'book')}
          className="sq-button sq-button--primary sq-button--block"
          data-testid="fail-retry"
        >
          다시 결제하기
        </Link>
        <Link
          to={applyPaths.step(kind, slug, oddId, 'required')}
          className="sq-button sq-button--secondary sq-button--block"
        >
          지원서 수정하기
        </Link>
      </div>
    </div>
  );
}
