import type { ReactNode } from 'react';
import styles from './console.module.css';

/**
 * The scrolling frame of a console table. A wide table scrolls sideways inside it, so keyboard users must be
 * able to focus it to scroll (WCAG 2.1.1; axe `scrollable-region-focusable`): a labelled region in the tab order.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
