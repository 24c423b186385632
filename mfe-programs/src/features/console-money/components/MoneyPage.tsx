import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import {
  MONEY_EXCEPTION_KIND_NAMES,
  type MoneyException,
  type MoneyExceptionKind,
  type ReconciliationRun,
} from '@sq/contracts/api/money';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { MONEY_MESSAGES } from '@sq/contracts/messages/money';
import { Button, EmptyState, ErrorFallback, Modal, Spinner, formatKrw, useAsync } from '@sq/ui';
import { actOnException, getExceptions, getRuns, runReconciliation } from '../api/money';
import { seoulTime } from '../../../shared/console/AuditCells';
import { TableWrap } from '../../../shared/console/TableWrap';
import styles from '../../../shared/console/console.module.css';

const messageOf = (e: unknown) => (isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
const RUN_STATUS: Record<ReconciliationRun['status'], string> = { RUNNING: '실행 중', DONE: '완료', FAILED: '실패' };
const TRIGGER: Record<ReconciliationRun['trigger'], string> = { SCHEDULE: '정기', OPERATOR: '운영자' };

/** 5 -> "5시간", 50 -> "2일 2시간". */
export function ageText(hours: number): string {
  if (hours < 1) return '1시간 미만';
  const days = Math.floor(hours / 24);
  return days ? `${days}일${hours % 24 ? ` ${hours % 24}시간` : ''}` : `${hours}시간`;
}

function mismatchText(run: ReconciliationRun): string {
  const kinds = Object.entries(run.mismatches) as [MoneyExceptionKind, { count: number; amountKrw: number }][];
  if (!kinds.length) return '없음';
  return kinds
    .map(
      ([kind, sum]) =>
        `${MONEY_EXCEPTION_KIND_NAMES[kind]} ${sum.count}건${sum.amountKrw ? ` ${formatKrw(sum.amountKrw)}` : ''}`,
    )
    .join(', ');
}

function RunsTable({ runs }: { runs: ReconciliationRun[] }) {
  if (!runs.length) return <EmptyState title="아직 대사를 실행한 적이 없어요" />;
  return (
    <TableWrap label="대사 실행 기록">
      <table className={styles.table} data-testid="money-runs">
        <thead>
          <tr>
            <th scope="col">실행 시각</th>
            <th scope="col">대상 기간</th>
            <th scope="col">실행</th>
            <th scope="col">상태</th>
            <th scope="col" className={styles.num}>
              PG 결제
            </th>
            <th scope="col" className={styles.num}>
              일치
            </th>
            <th scope="col" className={styles.num}>
              일치 금액
            </th>
            <th scope="col" className={styles.num}>
              일치 환불액
            </th>
            <th scope="col">불일치</th>
            <th scope="col" className={styles.num}>
              새 예외
            </th>
            <th scope="col" className={styles.num}>
              해소
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.runId} data-testid="money-run" data-run-id={run.runId}>
              <td>{seoulTime(run.startedAt)}</td>
              <td>{`${seoulTime(run.windowFrom)} ~ ${seoulTime(run.windowUntil)}`}</td>
              <td>{TRIGGER[run.trigger]}</td>
              <td title={run.error ?? undefined}>{RUN_STATUS[run.status]}</td>
              <td className={styles.num}>{run.pgPayments.toLocaleString('ko-KR')}</td>
              <td className={styles.num}>{`${run.matchedCount.toLocaleString('ko-KR')}건`}</td>
              <td className={styles.num}>{formatKrw(run.matchedKrw)}</td>
              <td className={styles.num}>{formatKrw(run.matchedRefundKrw)}</td>
              <td>{mismatchText(run)}</td>
              <td className={styles.num}>{run.openedCount}</td>
              <td className={styles.num}>{run.resolvedCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** Closing asks for the reason the service requires (the same Korean message when it is missing). */
function CloseDialog({
  exception,
  onClose,
  onClosed,
}: {
  exception: MoneyException;
  onClose: () => void;
  onClosed: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = async () => {
    if (!reason.trim()) return setError(MONEY_MESSAGES.moneyCloseReasonRequired);
    setBusy(true);
    setError(null);
    try {
      await actOnException(exception.exceptionId, 'close', reason.trim());
      onClosed();
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title="예외를 닫을까요?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            취소
          </Button>
          <Button onClick={() => void close()} disabled={busy} data-testid="money-close-confirm">
            {busy ? '닫는 중...' : '닫기'}
          </Button>
        </>
      }
    >
      <p className={styles.lead}>
        {MONEY_EXCEPTION_KIND_NAMES[exception.kind]} · {formatKrw(exception.amountKrw)} · {exception.detail}
      </p>
      <p className={styles.muted}>
        닫아도 돈은 움직이지 않아요. 왜 더 처리하지 않는지 남겨 주세요(운영 기록에 남아요).
      </p>
      <label className={styles.field}>
        <span className={styles.label}>닫는 사유</span>
        <textarea
          className={styles.input}
          value={reason}
          maxLength={500}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      {error ? (
        <p className={styles.formError} role="alert" data-testid="money-close-error">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}

function ExceptionsTable({
  exceptions,
  busy,
  onAct,
  onClose,
}: {
  exceptions: MoneyException[];
  busy: boolean;
  onAct: (e: MoneyException, action: 'retry' | 'book') => void;
  onClose: (e: MoneyException) => void;
}) {
  if (!exceptions.length) return <EmptyState title="열린 예외가 없어요" />;
  return (
    <TableWrap label="열린 예외">
      <table className={styles.table} data-testid="money-exceptions">
        <thead>
          <tr>
            <th scope="col">종류</th>
            <th scope="col">경과</th>
            <th scope="col" className={styles.num}>
              금액
            </th>
            <th scope="col">회원</th>
            <th scope="col">신청</th>
            <th scope="col">결제·빌링키</th>
            <th scope="col">내용</th>
            <th scope="col">처리</th>
          </tr>
        </thead>
        <tbody>
          {exceptions.map((e) => (
            <tr key={e.exceptionId} data-testid="money-exception" data-exception-id={e.exceptionId}>
              <td>{MONEY_EXCEPTION_KIND_NAMES[e.kind]}</td>
              <td>{ageText(e.ageHours)}</td>
              <td className={styles.num}>{formatKrw(e.amountKrw)}</td>
              <td>{e.memberName ?? (e.userId ? `회원 #${e.userId}` : '-')}</td>
              <td>{e.joinId ? `#${e.joinId}${e.cohortName ? ` ${e.cohortName}` : ''}` : '-'}</td>
              <td>
                <code>{e.paymentId ?? e.billingKey ?? '-'}</code>
              </td>
              <td>{e.detail}</td>
              <td>
                <div className={styles.actions}>
                  {e.actions.retry ? (
                    <Button size="small" disabled={busy} onClick={() => onAct(e, 'retry')}>
                      다시 시도
                    </Button>
                  ) : null}
                  {e.actions.book ? (
                    <Button size="small" disabled={busy} onClick={() => onAct(e, 'book')}>
                      PG 기록 반영
                    </Button>
                  ) : null}
                  <Button size="small" variant="secondary" disabled={busy} onClick={() => onClose(e)}>
                    닫기
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/**
 * `/admin/money`: the daily reconciliation with the PG (runs and their figures, "대사 실행" to run it now) and the
 * exceptions queue (what did not match or stays owed, oldest first), with the actions that fix each: retry now, book
 * the PG's record, close with a reason.
 */
export function MoneyPage() {
  const runs = useAsync((signal) => getRuns(signal), []);
  const exceptions = useAsync((signal) => getExceptions(signal), []);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [closing, setClosing] = useState<MoneyException | null>(null);
  const reload = () => {
    runs.reload();
    exceptions.reload();
  };
  const work = async (task: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await task());
      reload();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const run = () =>
    work(async () => {
      const done = await runReconciliation();
      const found = Object.values(done.mismatches).reduce((n, sum) => n + (sum?.count ?? 0), 0);
      return found
        ? `대사를 마쳤어요. 불일치 ${found}건 (새 예외 ${done.openedCount}건).`
        : `대사를 마쳤어요. 결제 ${done.matchedCount}건이 모두 일치해요.`;
    });
  const act = (exception: MoneyException, action: 'retry' | 'book') =>
    work(async () =>
      (await actOnException(exception.exceptionId, action)).closed
        ? '처리했어요. 장부가 PG 기록과 맞아 예외를 닫았어요.'
        : MONEY_MESSAGES.moneyActionUnresolved,
    );

  return (
    <>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>결제 대사</h1>
          <p className={styles.lead}>
            매일 PG 기록과 장부(결제·환불)를 금액까지 맞춰 보고, 맞지 않거나 밀린 돈을 예외로 모아요.
          </p>
        </div>
        <Button onClick={() => void run()} disabled={busy} data-testid="money-run-now">
          {busy ? '처리 중...' : '대사 실행'}
        </Button>
      </header>
      {notice ? (
        <p className={styles.notice} role="status" data-testid="money-notice">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className={styles.formError} role="alert" data-testid="money-error">
          {error}
        </p>
      ) : null}
      <section className={styles.section}>
        <h2 className={styles.subtitle}>열린 예외</h2>
        {exceptions.status === 'loading' ? <Spinner boxed /> : null}
        {exceptions.status === 'error' ? (
          <ErrorFallback title={messageOf(exceptions.error)} onRetry={exceptions.reload} />
        ) : null}
        {exceptions.status === 'success' ? (
          <ExceptionsTable
            exceptions={exceptions.data}
            busy={busy}
            onAct={(e, action) => void act(e, action)}
            onClose={setClosing}
          />
        ) : null}
      </section>
      <section className={styles.section}>
        <h2 className={styles.subtitle}>대사 실행 기록</h2>
        {runs.status === 'loading' ? <Spinner boxed /> : null}
        {runs.status === 'error' ? <ErrorFallback title={messageOf(runs.error)} onRetry={runs.reload} /> : null}
        {runs.status === 'success' ? <RunsTable runs={runs.data} /> : null}
      </section>
      {closing ? (
        <CloseDialog
          exception={closing}
          onClose={() => setClosing(null)}
          onClosed={() => {
            setClosing(null);
            setNotice('예외를 닫았어요.');
            reload();
          }}
        />
      ) : null}
    </>
  );
}
