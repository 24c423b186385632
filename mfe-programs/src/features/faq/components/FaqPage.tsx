import { useSearchParams } from 'react-router-dom';
import type { FaqCategory, FaqEntry } from '@sq/contracts';
import { EmptyState, Spinner } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { useFaq } from '../api/get-faq';
import styles from './faq.module.css';

function Entry({ entry }: { entry: FaqEntry }) {
  return (
    <details className={styles.entry} data-testid="faq-entry">
      <summary className={styles.question}>
        <span className={styles.q} aria-hidden="true">
          Q
        </span>
        <span>{entry.question}</span>
      </summary>
      <div className={styles.answer}>
        {entry.answer.map((line, i) => (
          <p
            key={i}
            className={line.startsWith('[') ? styles.answerGroup : line.startsWith('·') ? styles.answerLine : undefined}
          >
            {line}
          </p>
        ))}
        {entry.notice ? (
          <p className={styles.notice} role="note">
            {entry.notice}
          </p>
        ) : null}
      </div>
    </details>
  );
}

function Categories({ categories }: { categories: FaqCategory[] }) {
  const [params, setParams] = useSearchParams();
  const selected = categories.find((c) => c.slug === params.get('category')) ?? categories[0];
  if (!selected) return <EmptyState title="등록된 질문이 없어요" />;
  return (
    <>
      <div className={styles.tabs} role="tablist" aria-label="프로그램별 질문">
        {categories.map((category) => (
          <button
            key={category.slug}
            type="button"
            role="tab"
            id={`faq-tab-${category.slug}`}
            aria-selected={category.slug === selected.slug}
            aria-controls="faq-panel"
            className={category.slug === selected.slug ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            onClick={() =>
              setParams(category.slug === categories[0]?.slug ? {} : { category: category.slug }, { replace: true })
            }
          >
            {category.name}
          </button>
        ))}
      </div>
      <div
        id="faq-panel"
        role="tabpanel"
        aria-labelledby={`faq-tab-${selected.slug}`}
        className={styles.entries}
        data-testid="faq-panel"
        data-category={selected.slug}
      >
        {selected.entries.length ? (
          selected.entries.map((entry) => <Entry key={entry.entryId} entry={entry} />)
        ) : (
          <EmptyState title="등록된 질문이 없어요" />
        )}
      </div>
    </>
  );
}

/** /faq — questions by program (tabs); the category lives in the URL (?category=bside). */
export function FaqPage() {
  const state = useFaq();
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.heading}>자주 묻는 질문</h1>
        <p className={styles.lead}>프로그램별로 궁금한 점을 모았어요. 더 궁금한 점은 채팅 상담으로 문의해 주세요.</p>
      </header>
      {state.status === 'loading' ? <Spinner boxed /> : null}
      {state.status === 'error' ? <LoadError error={state.error} onRetry={state.reload} /> : null}
      {state.status === 'success' ? <Categories categories={state.data} /> : null}
    </div>
  );
}
