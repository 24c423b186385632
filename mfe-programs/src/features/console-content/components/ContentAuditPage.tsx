import { Link, useSearchParams } from 'react-router-dom';
import { apiGet } from '@sq/api-client';
import { CONTENT_KIND_NAMES, type ContentAction, type ContentAuditResponse } from '@sq/contracts/api/content-admin';
import { EmptyState, Spinner, useAsync } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { Pagination } from '../../../shared/Pagination';
import { positiveId } from '../../../shared/route-params';
import { ContentKindTabs } from './ContentPage';
import styles from '../../../shared/console/console.module.css';
import { Json, seoulTime } from '../../../shared/console/AuditCells';
import { TableWrap } from '../../../shared/console/TableWrap';

const ACTION_NAMES: Record<ContentAction, string> = {
  DRAFT_SAVED: '초안 저장',
  DRAFT_DISCARDED: '초안 버림',
  PUBLISHED: '게시',
  UNPUBLISHED: '게시 중단',
  MOVED: '순서 변경',
};

/** `/admin/content/audit?page=`: every content change (who, when, before and after), newest first, a page at a time. */
export function ContentAuditPage() {
  const [params, setParams] = useSearchParams();
  const pageNumber = positiveId(params.get('page')) ?? 1;
  const page = useAsync(
    (signal) => apiGet<ContentAuditResponse>('/admin/content/audit', { page: pageNumber }, { signal }),
    [pageNumber],
  );
  const entries = page.data?.entries ?? [];
  return (
    <>
      <header className={styles.head}>
        <h1 className={styles.title}>콘텐츠 변경 기록</h1>
      </header>
      <ContentKindTabs />
      {page.status === 'error' ? <LoadError error={page.error} onRetry={page.reload} /> : null}
      {page.status === 'success' && entries.length === 0 ? <EmptyState title="변경 기록이 없어요" /> : null}
      {entries.length > 0 ? (
        <TableWrap label="콘텐츠 변경 기록">
          <table className={styles.table} data-testid="content-audit">
            <thead>
              <tr>
                <th scope="col">시각</th>
                <th scope="col">운영자</th>
                <th scope="col">작업</th>
                <th scope="col">대상</th>
                <th scope="col">이전</th>
                <th scope="col">이후</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.auditId}>
                  <td>{seoulTime(e.at)}</td>
                  <td>#{e.actorId}</td>
                  <td>{ACTION_NAMES[e.action]}</td>
                  <td>
                    <Link className={styles.link} to={`/admin/content/${e.kind}/${e.itemId}`}>
                      {CONTENT_KIND_NAMES[e.kind]} #{e.itemId}
                    </Link>
                  </td>
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
      {page.status === 'loading' ? <Spinner boxed /> : null}
      {page.status === 'success' ? (
        <Pagination
          page={page.data.page}
          size={page.data.size}
          total={page.data.total}
          onChange={(n) => setParams(n > 1 ? { page: String(n) } : {})}
        />
      ) : null}
    </>
  );
}
