import type { RefundRule } from '@sq/contracts';
import { groupRules, shareText } from '@sq/contracts/refund-text';
import { seoulDay } from './dates';
import styles from './refund-rules.module.css';

/**
 * The one rendering of refund rules on the site's screens, worded by `@sq/contracts/refund-text` (the FAQ
 * and the terms, served by the content service, use the same functions): program intros, recruit pages and
 * the apply wizard's book step. Given a cohort's schedule, each phase also shows its last day for that cohort.
 */
export function RefundRules({
  rules,
  feeKrw,
  schedule,
}: {
  rules: readonly RefundRule[];
  feeKrw: number;
  /** A cohort's refund schedule: the last day of each phase (matched by case and phase). */
  schedule?: readonly { case: RefundRule['case']; phase: string; until: string | null }[];
}) {
  if (!rules.length) return <p className={styles.muted}>환불 규정이 아직 등록되지 않았어요.</p>;
  const until = (rule: RefundRule) =>
    schedule?.find((s) => s.case === rule.case && s.phase === rule.phase)?.until ?? null;
  return (
    <div className={styles.refunds} data-testid="refund-schedule">
      {groupRules(rules).map((group) => (
        <div key={group.refundCase} className={styles.refundGroup}>
          <h3 className={styles.refundTitle}>{group.title}</h3>
          <table className={styles.refundTable}>
            <tbody>
              {group.rules.map((rule) => {
                const day = until(rule);
                return (
                  <tr key={`${rule.case}-${rule.phase}`}>
                    <th scope="row">
                      {rule.phase}
                      {day ? <span className={styles.condition}>{seoulDay(day)}까지</span> : null}
                      {rule.condition ? <span className={styles.condition}>{rule.condition}</span> : null}
                    </th>
                    <td>{shareText(rule, feeKrw)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
