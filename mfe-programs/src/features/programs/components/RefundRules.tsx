import type { RefundRule } from '@sq/contracts';
import { groupRules, shareText } from '@sq/contracts/refund-text';
import styles from './programs.module.css';

/** The program's refund rules, from the programs service's rows (the FAQ and the terms read the same rows). */
export function RefundRules({ rules, feeKrw }: { rules: RefundRule[]; feeKrw: number }) {
  if (!rules.length) return <p className={styles.muted}>환불 규정이 아직 등록되지 않았어요.</p>;
  return (
    <div className={styles.refunds}>
      {groupRules(rules).map((group) => (
        <div key={group.refundCase} className={styles.refundGroup}>
          <h3 className={styles.refundTitle}>{group.title}</h3>
          <table className={styles.refundTable}>
            <tbody>
              {group.rules.map((rule) => (
                <tr key={`${rule.case}-${rule.phase}`}>
                  <th scope="row">
                    {rule.phase}
                    {rule.condition ? <span className={styles.condition}>{rule.condition}</span> : null}
                  </th>
                  <td>{shareText(rule, feeKrw)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
