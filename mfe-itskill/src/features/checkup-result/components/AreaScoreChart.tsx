import type { CheckupAreaScore } from '@sq/contracts';
import { skillLevelName } from '@sq/contracts';
import styles from './checkup-result.module.css';

/**
 * Score per area as horizontal bars (plain CSS: the result page stays light; the charting library loads only
 * on the trends pages). Each bar is a list item that reads out its area, score and level.
 */
export function AreaScoreChart({ areas }: { areas: readonly CheckupAreaScore[] }) {
  return (
    <ul className={styles.bars} data-testid="itskill-area-chart">
      {areas.map((area) => (
        <li key={area.code} className={styles.barRow}>
          <span className={styles.barName}>{area.name}</span>
          <span className={styles.barTrack} aria-hidden="true">
            <span className={styles.barFill} style={{ width: `${area.percent}%` }} />
          </span>
          <span className={styles.barValue}>
            {area.percent}점{' '}
            <span className={styles.barLevel}>
              Lv.{area.level} {skillLevelName(area.level)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
