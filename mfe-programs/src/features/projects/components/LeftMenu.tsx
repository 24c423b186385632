import type { LeftMenuProduct } from '@sq/contracts';
import styles from './projects.module.css';

export interface ProjectFilter {
  productId?: number;
  oddId?: number;
}

/**
 * Program and cohort filter: a list on desktop, a select on mobile (both from GET /project/getLeftMenu).
 */
export function LeftMenu({
  products,
  value,
  onChange,
}: {
  products: LeftMenuProduct[];
  value: ProjectFilter;
  onChange: (next: ProjectFilter) => void;
}) {
  const cls = (active: boolean, base: string | undefined) => (active ? `${base} ${styles.active}` : base);
  const selectValue = value.oddId ? `c:${value.oddId}` : value.productId ? `p:${value.productId}` : '';
  return (
    <aside aria-label="프로그램별 프로젝트">
      <nav className={`${styles.menu} ${styles.desktopOnly}`}>
        <button
          type="button"
          className={cls(!value.productId && !value.oddId, styles.menuAll)}
          onClick={() => onChange({})}
        >
          전체 프로젝트
        </button>
        {products.map((product) => (
          <div key={product.productId} className={styles.menu}>
            <button
              type="button"
              className={cls(value.productId === product.productId && !value.oddId, styles.menuProduct)}
              onClick={() => onChange({ productId: product.productId })}
            >
              {product.productName}
            </button>
            {product.cohorts.map((cohort) => (
              <button
                key={cohort.oddId}
                type="button"
                className={cls(value.oddId === cohort.oddId, styles.menuCohort)}
                onClick={() => onChange({ productId: product.productId, oddId: cohort.oddId })}
              >
                <span>{cohort.cohortName}</span>
                <span>{cohort.projectCount}</span>
              </button>
            ))}
          </div>
        ))}
      </nav>
      <label className={styles.mobileOnly}>
        <span className="sq-visually-hidden">프로그램 선택</span>
        <select
          className={styles.menuSelect}
          value={selectValue}
          onChange={(e) => {
            const [kind, raw] = e.target.value.split(':');
            const id = Number(raw);
            if (kind === 'p') onChange({ productId: id });
            else if (kind === 'c')
              onChange({
                productId: products.find((p) => p.cohorts.some((c) => c.oddId === id))?.productId,
                oddId: id,
              });
            else onChange({});
          }}
        >
          <option value="">전체 프로젝트</option>
          {products.map((product) => (
            <optgroup key={product.productId} label={product.productName}>
              <option value={`p:${product.productId}`}>{product.productName} 전체</option>
              {product.cohorts.map((cohort) => (
                <option key={cohort.oddId} value={`c:${cohort.oddId}`}>
                  {cohort.cohortName} ({cohort.projectCount})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
    </aside>
  );
}
