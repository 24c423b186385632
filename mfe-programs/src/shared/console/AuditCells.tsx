import { seoulClock } from '@sq/contracts/seoul';
import styles from './console.module.css';

/** "2027.01.12 10:03:21", Korean time: how every log of the console shows an instant. */
export const seoulTime = (iso: string) => seoulClock(iso).slice(0, 19).replace('T', ' ').replace(/-/g, '.');

/** A log entry's before or after state, folded until asked for. */
export function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className={styles.muted}>-</span>;
  return (
    <details>
      <summary className={styles.link}>보기</summary>
      <pre className={styles.json}>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}
