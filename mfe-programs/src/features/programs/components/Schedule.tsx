import type { CohortSummary } from '@sq/contracts';
import { dayRange, seoulDay } from '../../../shared/dates';
import styles from './programs.module.css';

/** A cohort's milestones: recruiting, team-building announcement, kickoff and the programme's days (YYYY.MM.DD). */
export function Schedule({ cohort }: { cohort: CohortSummary }) {
  const rows: [string, string][] = [['모집 기간', dayRange(cohort.recruitStart, cohort.recruitEnd)]];
  if (cohort.teamBuildingAnnounceDate) rows.push(['팀 빌딩 결과 발표', seoulDay(cohort.teamBuildingAnnounceDate)]);
  if (cohort.kickoffDate) rows.push(['킥오프 모임', seoulDay(cohort.kickoffDate)]);
  rows.push(['진행 기간', dayRange(cohort.startDate, cohort.endDate)]);
  return (
    <dl className={styles.facts} data-testid="schedule">
      {rows.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
