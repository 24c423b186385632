import type { RefundRule } from '@sq/contracts';
import type { OrderSummary } from '@sq/contracts/api/applications';
import { groupRules, shareText } from '@sq/contracts/refund-text';
import { formatDate } from '@sq/ui';
import styles from './apply.module.css';

/**
 * The stored refund rules in the shared wording (contracts' refund-text), each phase with its last day for
 * this cohort where the order summary dates it.
 */
export function RefundSchedule({ rules, feeKrw, dated }: { rules: RefundRule[]; feeKrw: number; dated: OrderSummary['refundSchedule'] }) {
  if (!rules.length) return <p className={styles.hint}>환불 규정이 아직 등록되지 않았어요.</p>;
  return (
    <div className={styles.refunds} data-testid="refund-schedule">
      {groupRules(rules).map((group) => (
        <div key={group.refundCase}>
          <h3 className={styles.refundTitle}>{group.title}</h3>
          <table className={styles.refundTable}>
            <tbody>
              {group.rules.map((rule) => {
                const until = dated.find((d) => d.case === rule.case && d.phase === rule.phase)?.until ?? null;
                return (
                  <tr key={`${rule.case}-${rule.phase}`}>
                    <th scope="row">
                      {rule.phase}
                      {until ? <span className={styles.condition}>{formatDate(until)}까지</span> : null}
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
