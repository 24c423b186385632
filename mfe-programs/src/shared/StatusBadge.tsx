import type { StatusTone } from './programs';
import styles from './status-badge.module.css';

export function StatusBadge({ tone, children }: { tone: StatusTone; children: string }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
