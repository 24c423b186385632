import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import type { AuditLogEntry } from '@sq/contracts/api/operators/audit';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Button, EmptyState, ErrorFallback, Spinner } from '@sq/ui';
import { positiveId } from '../../../shared/route-params';
import { AUDIT_PAGE_SIZE, getAuditLog } from '../api/get-audit-log';
import { actionName } from '../audit-actions';
import styles from '../../../shared/console/console.module.css';
import { Json, seoulTime } from '../../../shared/console/AuditCells';
import { TableWrap } from '../../../shared/console/TableWrap';

/** `/admin/audit[?oddId=]`: who did what and when, with before and after, newest first; older pages on demand. */
export function AuditLogPage() {
  const [params] = useSearchParams();
  const oddId = positiveId(params.get('oddId'));
  const [entries, setEntries] = useState<AuditLogEntry[]>([]);
  const [status, setStatus] = useState<'loading' | 'idle' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState(false);

  const load = useCallback(
    async (before: number | null, signal?: AbortSignal) => {
      setStatus('loading');
      try {
        const page = await getAuditLog({ oddId, before }, signal);
        if (signal?.aborted) return;
        setEntries((prev) => (before === null ? page : [...prev, ...page]));
        setMore(page.length === AUDIT_PAGE_SIZE);
        setStatus('idle');
      } catch (e) {
        if (signal?.aborted) return;
        setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
        setStatus('error');
      }
    },
    [oddId],
  );

  useEffect(() => {
    const controller = new AbortController();
    setEntries([]);
    void load(null, controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>운영 기록</h1>
          <p className={styles.lead}>
            {oddId ? `기수 #${oddId}의 운영 기록이에요.` : '모든 운영자의 작업을 최근 순으로 보여 줘요.'}
          </p>
        </div>
      </header>
      {status === 'error' ? (
        <ErrorFallback title={error ?? undefined} onRetry={() => void load(entries.at(-1)?.auditId ?? null)} />
      ) : null}
      {status !== 'loading' && entries.length === 0 && status !== 'error' ? (
        <EmptyState title="운영 기록이 없어요" />
      ) : null}
      {entries.length > 0 ? (
        <TableWrap label="감사 기록">
          <table className={styles.table} data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">시각</th>
                <th scope="col">운영자</th>
                <th scope="col">작업</th>
                <th scope="col">대상</th>
                <th scope="col">기수</th>
                <th scope="col">이전</th>
                <th scope="col">이후</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.auditId} data-testid="audit-row" data-action={e.action}>
                  <td>{seoulTime(e.createdAt)}</td>
                  <td>#{e.actorUserId}</td>
                  <td>{actionName(e.action)}</td>
                  <td>
                    {e.targetType}
                    {e.targetId ? ` #${e.targetId}` : ''}
                  </td>
                  <td>{e.oddId ?? '-'}</td>
                  <td>
                    <Json value={e.before} />
                  </td>
                  <td>
                    <Json value={e.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {status === 'loading' ? <Spinner boxed /> : null}
      {more && status === 'idle' ? (
        <Button variant="secondary" onClick={() => void load(entries.at(-1)!.auditId)}>
          이전 기록 더 보기
        </Button>
      ) : null}
    </>
  );
}
