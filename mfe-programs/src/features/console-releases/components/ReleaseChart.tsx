import type { VersionBucket } from '@sq/contracts/rum';
import styles from '../../../shared/console/console.module.css';

const WIDTH = 320;
const HEIGHT = 80;
const PAD = 4;

/**
 * One figure of a version over the window's buckets, as a plain SVG line (no chart library): a bucket without
 * the figure breaks the line. The largest value is printed so the scale can be read.
 */
export function ReleaseChart({
  label,
  buckets,
  pick,
  format,
}: {
  label: string;
  buckets: VersionBucket[];
  pick: (bucket: VersionBucket) => number | null;
  format: (value: number) => string;
}) {
  const values = buckets.map(pick);
  const max = Math.max(0, ...values.filter((v): v is number => v !== null));
  const x = (i: number) => PAD + (buckets.length > 1 ? (i * (WIDTH - 2 * PAD)) / (buckets.length - 1) : 0);
  const y = (v: number) => HEIGHT - PAD - (max > 0 ? (v * (HEIGHT - 2 * PAD)) / max : 0);
  const path = values.reduce(
    (d, v, i) =>
      v === null ? d : `${d}${i > 0 && values[i - 1] !== null ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`,
    '',
  );
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartLabel}>
        {label} <span className={styles.muted}>최대 {max > 0 ? format(max) : '-'}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${label} 추이`} data-testid="release-chart">
        <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className={styles.chartAxis} />
        {path ? <path d={path} className={styles.chartLine} /> : null}
        {values.map((v, i) =>
          v === null ? null : <circle key={i} cx={x(i)} cy={y(v)} r={2} className={styles.chartDot} />,
        )}
      </svg>
    </figure>
  );
}
