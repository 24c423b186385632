import type { ApplicationState } from '@sq/contracts/api/application-states';
import styles from './applications.module.css';

const TONE: Partial<Record<ApplicationState, string | undefined>> = {
  RESERVED: styles.badgeActive,
  PAID: styles.badgeActive,
  WAITLISTED: styles.badgeActive,
  TEAM_BUILDING: styles.badgeActive,
  ASSIGNED: styles.badgeDone,
  COMPLETED: styles.badgeDone,
  PAYMENT_FAILED: styles.badgeProblem,
};

/** The application's state in Korean (the contract's label). */
export function StateBadge({ state, name }: { state: ApplicationState; name: string }) {
  return (
    <span className={`${styles.badge} ${TONE[state] ?? ''}`} data-testid="state-badge" data-state={state}>
      {name}
    </span>
  );
}
