import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import {
  CONTENT_KINDS,
  CONTENT_KIND_NAMES,
  CONTENT_SEARCH_MAX_LENGTH,
  type ContentKind,
  type ContentListItem,
} from '@sq/contracts/api/content-admin';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { OPERATOR_MESSAGES } from '@sq/contracts/messages/operators';
import { Button, EmptyState, Icon, Spinner } from '@sq/ui';
import { FormError } from '../../../shared/Field';
import { LoadError } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { Pagination } from '../../../shared/Pagination';
import { positiveId } from '../../../shared/route-params';
import { moveContent, setContentPublished, useContentList } from '../api/content';
import { ConsoleNavLink } from '../../../shared/console/ConsoleNavLink';
import styles from '../../../shared/console/console.module.css';
import { TableWrap } from '../../../shared/console/TableWrap';

export const isContentKind = (value: string | undefined): value is ContentKind =>
  (CONTENT_KINDS as readonly string[]).includes(value ?? '');

/** Tabs of the content section, one per kind. */
export function ContentKindTabs() {
  return (
    <nav className={styles.links} aria-label="콘텐츠 종류">
      {CONTENT_KINDS.map((kind) => (
        <ConsoleNavLink key={kind} to={`/admin/content/${kind}`} className={styles.navLink}>
          {CONTENT_KIND_NAMES[kind]}
        </ConsoleNavLink>
      ))}
    </nav>
  );
}

function stateText(item: ContentListItem): string {
  if (item.isNew) return '새 초안';
  return `${item.published ? '게시 중' : '게시 안 함'}${item.hasDraft ? ' · 초안 있음' : ''}`;
}

/**
 * `/admin/content/{kind}?page=&q=`: a kind's items a page at a time in their order, with their state; search,
 * move, publish and take down from the list. Page and search live in the address: back from the editor lands here.
 */
export function ContentPage() {
  const { kind } = useParams();
  if (!isContentKind(kind)) return <NotFoundPage />;
  return <ContentList key={kind} kind={kind} />;
}

function ContentList({ kind }: { kind: ContentKind }) {
  const [params, setParams] = useSearchParams();
  const query = { page: positiveId(params.get('page') ?? undefined) ?? 1, q: params.get('q') ?? '' };
  const list = useContentList(kind, query);
  const [search, setSearch] = useState(query.q);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const show = (next: { page: number; q: string }) => {
    const entries: Record<string, string> = {};
    if (next.page > 1) entries.page = String(next.page);
    if (next.q) entries.q = next.q;
    setParams(entries);
  };

  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
      list.reload();
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
    } finally {
      setBusy(false);
    }
  };

  // A moved item may cross into the next or previous page: the list follows it there.
  const move = (item: ContentListItem, direction: 'up' | 'down') =>
    act(async () => {
      const { page } = await moveContent(kind, item.itemId, direction, query.q);
      if (page !== query.page) show({ page, q: query.q });
    });

  const items = list.data?.items ?? [];

  return (
    <>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>콘텐츠</h1>
          <p className={styles.lead}>초안은 운영자만 미리 볼 수 있어요. 게시하면 바로 공개돼요.</p>
        </div>
        <div className={styles.actions}>
          <Link to="/admin/content/audit" className="sq-button sq-button--secondary">
            변경 기록
          </Link>
          <Link to={`/admin/content/${kind}/new`} className="sq-button sq-button--primary" data-testid="content-new">
            새로 만들기
          </Link>
        </div>
      </header>
      <ContentKindTabs />
      <form
        className={styles.toolbar}
        role="search"
        aria-label={`${CONTENT_KIND_NAMES[kind]} 검색`}
        onSubmit={(event) => {
          event.preventDefault();
          show({ page: 1, q: search.trim() });
        }}
      >
        <label className={styles.field}>
          <span className={styles.label}>제목이나 본문으로 찾기</span>
          <input
            className={styles.input}
            type="search"
            name="q"
            value={search}
            maxLength={CONTENT_SEARCH_MAX_LENGTH}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="content-search"
          />
        </label>
        <Button type="submit" variant="secondary">
          <Icon name="search" size={18} /> 검색
        </Button>
      </form>
      <FormError message={error} />
      {list.status === 'loading' ? <Spinner boxed /> : null}
      {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} /> : null}
      {list.status === 'success' && items.length === 0 ? (
        <EmptyState
          title={list.data.q ? OPERATOR_MESSAGES.contentSearchEmpty : `${CONTENT_KIND_NAMES[kind]}이(가) 아직 없어요.`}
        />
      ) : null}
      {list.status === 'success' && items.length > 0 ? (
        <p className={styles.muted} data-testid="content-count">
          {list.data.q ? `"${list.data.q}" 검색 결과 ` : '모두 '}
          {list.data.total}개 중 {(list.data.page - 1) * list.data.size + 1}–
          {(list.data.page - 1) * list.data.size + items.length}번째
        </p>
      ) : null}
      {list.status === 'success' && list.data.q && list.data.orderable && items.length > 0 ? (
        <p className={styles.muted} data-testid="content-search-order">
          검색 중에는 보이는 항목끼리 순서를 바꿔요. 위로, 아래로를 누르면 바로 위나 아래의 검색 결과와 자리를 바꾸고,
          검색에 걸리지 않은 항목의 순서는 그대로예요.
        </p>
      ) : null}
      {items.length > 0 ? (
        <TableWrap label={`${CONTENT_KIND_NAMES[kind]} 목록`}>
          <table className={styles.table} data-testid="content-list">
            <thead>
              <tr>
                <th scope="col">제목</th>
                <th scope="col">구분</th>
                <th scope="col">상태</th>
                <th scope="col">관리</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.itemId} data-testid="content-row">
                  <td className={styles.wrap}>
                    <Link className={styles.link} to={`/admin/content/${kind}/${item.itemId}`}>
                      {item.title || '(제목 없음)'}
                    </Link>
                  </td>
                  <td>{item.group ?? ''}</td>
                  <td>{stateText(item)}</td>
                  <td>
                    <div className={styles.memberActions}>
                      {list.data!.orderable && !item.isNew ? (
                        <>
                          <button
                            type="button"
                            className={styles.iconButton}
                            disabled={busy || !item.canMoveUp}
                            onClick={() => void move(item, 'up')}
                            aria-label={`${item.title} 위로`}
                          >
                            위로
                          </button>
                          <button
                            type="button"
                            className={styles.iconButton}
                            disabled={busy || !item.canMoveDown}
                            onClick={() => void move(item, 'down')}
                            aria-label={`${item.title} 아래로`}
                          >
                            아래로
                          </button>
                        </>
                      ) : null}
                      {!item.isNew ? (
                        <button
                          type="button"
                          className={styles.iconButton}
                          disabled={busy}
                          onClick={() => void act(() => setContentPublished(kind, item.itemId, !item.published))}
                        >
                          {item.published ? '게시 중단' : '게시하기'}
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {list.status === 'success' ? (
        <Pagination
          page={list.data.page}
          size={list.data.size}
          total={list.data.total}
          onChange={(page) => show({ page, q: query.q })}
        />
      ) : null}
    </>
  );
}
