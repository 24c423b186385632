import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import type { ApplicationDetail, ApplicationState } from '@sq/contracts/api/applications';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { APPLICATION_MESSAGES } from '@sq/contracts/messages/applications';
import { Button, ErrorFallback, Modal, Spinner, formatKrw, useAsync, seoulDay, seoulTime } from '@sq/ui';
import { AppLink } from '@sq/remote-kit';
import { cancelApplication, getApplication } from '../api/applications';
import { routeId } from '../route-id';
import { ApplicationNotFound } from './NotFound';
import { CardUpdateBox } from './CardUpdateBox';
import { StateBadge } from './StateBadge';
import { ATTACHABLE_STATES, SkillAttachBox } from './SkillAttachBox';
import styles from './applications.module.css';

// Its own chunk: only applications that reach team building load the team, check-in and submission screens.
const TeamSection = lazy(() => import('./team/TeamSection').then((m) => ({ default: m.TeamSection })));
/** States in which the member has (or is waiting for) a published team; a card refused at publish keeps the team. */
const TEAM_STATES: readonly ApplicationState[] = [
  'RESERVED',
  'PAID',
  'WAITLISTED',
  'TEAM_BUILDING',
  'ASSIGNED',
  'PAYMENT_FAILED',
  'COMPLETED',
  'DROPPED',
];

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** Reserved on, charged on (or when it will be), refunded, and what cancelling today would pay back. */
function PaymentTimeline({ application }: { application: ApplicationDetail }) {
  const p = application.payment;
  return (
    <section className={styles.section} aria-labelledby="payment-title" data-testid="payment-timeline">
      <h2 id="payment-title" className={styles.sectionTitle}>
        결제
      </h2>
      <dl className={styles.facts}>
        <Fact label="참가비">{formatKrw(p.amountKrw)}</Fact>
        {p.card ? <Fact label="등록한 카드">{p.card}</Fact> : null}
        {p.reservedAt ? (
          <Fact label="결제 예약일" testId="reserved-at">
            {seoulDay(p.reservedAt)}
          </Fact>
        ) : null}
        {p.chargedAt ? (
          <Fact label="결제일" testId="charged-at">
            {seoulDay(p.chargedAt)} ({formatKrw(p.chargedKrw)})
          </Fact>
        ) : p.chargeOn ? (
          <Fact label="결제 예정일" testId="charge-on">
            {seoulDay(p.chargeOn)} (팀이 확정되면 결제돼요)
          </Fact>
        ) : null}
        {p.refundedKrw > 0 ? (
          <Fact label="환불된 금액" testId="refunded">
            {formatKrw(p.refundedKrw)}
          </Fact>
        ) : null}
        {p.chargedKrw > p.refundedKrw ? (
          <Fact label="오늘 취소하면" testId="refundable-today">
            {formatKrw(p.refundableTodayKrw)} 환불{p.refundableUntil ? ` (${seoulDay(p.refundableUntil)}까지)` : ''}
          </Fact>
        ) : null}
      </dl>
      {p.events.length > 0 ? (
        <ol className={styles.timeline} aria-label="결제 기록">
          {p.events.map((e, i) => (
            <li key={i} className={styles.event}>
              <span className={styles.eventWhen}>{seoulTime(e.at)}</span>
              <span>
                {e.name} {e.amountKrw ? formatKrw(e.amountKrw) : ''}
                {e.note ? ` · ${e.note}` : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** The cancel button where allowed (with a confirmation saying the refund); otherwise why not (e.g. the support channel). */
function CancelBox({
  application,
  onCancelled,
}: {
  application: ApplicationDetail;
  onCancelled: (next: ApplicationDetail, refundKrw: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { cancel } = application;
  if (!cancel.allowed) {
    // During team building a member cancels through the support channel (spec section 4), said even if the server gave no reason.
    const reason =
      cancel.reason ?? (application.state === 'TEAM_BUILDING' ? APPLICATION_MESSAGES.cancelDuringTeamBuilding : null);
    return reason ? (
      <p className={styles.notice} data-testid="cancel-unavailable">
        {reason}
      </p>
    ) : null;
  }
  const charged = application.payment.chargedKrw > 0;
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await cancelApplication(application.joinId);
      setOpen(false);
      onCancelled(result.application, result.refundKrw);
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setOpen(true)} data-testid="cancel-open">
          지원 취소하기
        </Button>
      </div>
      <Modal
        open={open}
        title="지원을 취소할까요?"
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              닫기
            </Button>
            <Button onClick={() => void confirm()} disabled={busy} data-testid="cancel-confirm">
              {busy ? '취소하는 중...' : '취소하기'}
            </Button>
          </>
        }
      >
        <p className={styles.muted} data-testid="cancel-quote">
          {charged
            ? `오늘 취소하면 ${formatKrw(cancel.refundKrw)}이 환불돼요.`
            : application.state === 'RESERVED'
              ? '결제 예약이 해제되고, 결제되지 않아요.'
              : '작성한 지원서가 취소돼요.'}
          {'\n'}취소한 지원은 되돌릴 수 없어요.
        </p>
        {error ? (
          <p className={styles.alert} role="alert">
            {error}
          </p>
        ) : null}
      </Modal>
    </>
  );
}

function Detail({ initial }: { initial: ApplicationDetail }) {
  const [application, setApplication] = useState(initial);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className={styles.page} data-testid="history-detail" data-join-id={application.joinId}>
      <header className={styles.section}>
        <h1 className={styles.title}>
          {application.productName} {application.cohortName}
        </h1>
        <StateBadge state={application.state} name={application.stateName} />
      </header>
      {done ? (
        <p className={styles.notice} role="status" data-testid="cancel-done">
          {done}
        </p>
      ) : null}
      <dl className={styles.facts}>
        {application.roleName ? <Fact label="지원 직군">{application.roleName}</Fact> : null}
        <Fact label="지원일">{seoulDay(application.submittedAt ?? application.createdAt)}</Fact>
        <Fact label="진행 기간">
          {seoulDay(application.startDate)} ~ {seoulDay(application.endDate)}
        </Fact>
        {application.teamBuildingAnnounceDate ? (
          <Fact label="팀 빌딩 결과 발표">{seoulDay(application.teamBuildingAnnounceDate)}</Fact>
        ) : null}
      </dl>
      <CardUpdateBox application={application} />
      {TEAM_STATES.includes(application.state) &&
      (application.state !== 'PAYMENT_FAILED' || application.payment.reservedAt) ? (
        <Suspense fallback={<Spinner />}>
          <TeamSection application={application} />
        </Suspense>
      ) : null}
      <PaymentTimeline application={application} />
      <div className={styles.actions}>
        <Link to={`/mypage/apply/${application.joinId}`} className="sq-button sq-button--secondary">
          제출한 지원서 보기
        </Link>
        {application.links.resume ? (
          <AppLink to={application.links.resume} className="sq-button sq-button--primary">
            이어서 작성하기
          </AppLink>
        ) : null}
      </div>
      {ATTACHABLE_STATES.includes(application.state) ? <SkillAttachBox joinId={application.joinId} /> : null}
      <CancelBox
        application={application}
        onCancelled={(next, refundKrw) => {
          setApplication(next);
          setDone(refundKrw > 0 ? `지원이 취소되었어요. ${formatKrw(refundKrw)}이 환불돼요.` : '지원이 취소되었어요.');
        }}
      />
    </div>
  );
}

/** /mypage/history/{id} — one application with its payment timeline and the cancel button where allowed. */
export function HistoryDetailPage() {
  const joinId = routeId(useParams().id);
  const state = useAsync(
    (signal) => (joinId === null ? Promise.resolve(null) : getApplication(joinId, signal)),
    [joinId],
  );
  if (joinId === null) return <ApplicationNotFound />;
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') {
    if (
      isApiError(state.error) &&
      (state.error.status === 404 || state.error.status === 403 || state.error.status === 400)
    )
      return <ApplicationNotFound />;
    return <ErrorFallback title={isApiError(state.error) ? state.error.message : undefined} onRetry={state.reload} />;
  }
  return state.data ? <Detail key={state.data.joinId} initial={state.data} /> : <ApplicationNotFound />;
}
