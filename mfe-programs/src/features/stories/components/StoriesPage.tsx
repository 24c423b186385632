import { useSearchParams } from 'react-router-dom';
import { EmptyState, Spinner } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { Pagination } from '../../../shared/Pagination';
import { useProducts } from '../api/get-products';
import { positiveId } from '../../../shared/route-params';
import { useStories } from '../api/get-stories';
import { StoryCard } from './StoryCard';
import styles from './stories.module.css';

export const STORY_PAGE_SIZE = 9;
/** Cards above the fold on a desktop load eagerly. */
const EAGER_CARDS = 3;

/** /story: stories newest first, filtered by program, one server page at a time; the filter lives in the URL. */
export function StoriesPage() {
  const [params, setParams] = useSearchParams();
  const productId = positiveId(params.get('productId')) ?? undefined;
  const page = positiveId(params.get('page')) ?? 1;
  const products = useProducts();
  const list = useStories({ productId, page, size: STORY_PAGE_SIZE });

  const update = (next: { productId?: number; page?: number }) => {
    const query = new URLSearchParams();
    if (next.productId) query.set('productId', String(next.productId));
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
    window.scrollTo({ top: 0 });
  };

  const tabs = [
    { productId: undefined as number | undefined, name: '전체' },
    ...(products.status === 'success' ? products.data.filter((p) => p.kind !== 'GENERIC') : []),
  ];
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.heading}>참가 후기</h1>
        <p className={styles.lead}>프로그램을 먼저 경험한 참가자들의 이야기를 들어 보세요.</p>
      </header>
      <div className={styles.tabs} role="tablist" aria-label="프로그램별 후기">
        {tabs.map((tab) => (
          <button
            key={tab.productId ?? 'all'}
            type="button"
            role="tab"
            aria-selected={tab.productId === productId}
            className={tab.productId === productId ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            onClick={() => update({ productId: tab.productId })}
          >
            {tab.name}
          </button>
        ))}
      </div>
      {list.status === 'loading' ? <Spinner boxed /> : null}
      {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} /> : null}
      {list.status === 'success' ? (
        list.data.items.length === 0 ? (
          <EmptyState title="아직 등록된 후기가 없어요" description="다른 프로그램의 후기를 확인해 보세요." />
        ) : (
          <>
            <p className={styles.count}>총 {list.data.total}개의 후기</p>
            <div className={styles.grid} data-testid="story-list">
              {list.data.items.map((story, index) => (
                <StoryCard key={story.storyId} story={story} eager={index < EAGER_CARDS} />
              ))}
            </div>
            <Pagination
              page={list.data.page}
              size={list.data.size}
              total={list.data.total}
              onChange={(p) => update({ productId, page: p })}
            />
          </>
        )
      ) : null}
    </div>
  );
}
