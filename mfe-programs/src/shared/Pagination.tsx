import styles from './pagination.module.css';

/** Page numbers around the current page (1-based), with previous/next. */
export function pageWindow(current: number, totalPages: number, width = 5): number[] {
  const half = Math.floor(width / 2);
  const start = Math.max(1, Math.min(current - half, totalPages - width + 1));
  const end = Math.min(totalPages, start + width - 1);
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);
}

/** `label` names the navigation when a screen pages two lists (the board's teams and its waitlist). */
export function Pagination({
  page,
  size,
  total,
  onChange,
  label = '페이지 이동',
}: {
  page: number;
  size: number;
  total: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  const totalPages = Math.max(1, Math.ceil(total / size));
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      <button
        type="button"
        className={styles.pageButton}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label="이전 페이지"
      >
        ‹
      </button>
      {pageWindow(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          className={n === page ? `${styles.pageButton} ${styles.pageCurrent}` : styles.pageButton}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={styles.pageButton}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
        aria-label="다음 페이지"
      >
        ›
      </button>
    </nav>
  );
}
