import { useId } from 'react';
import { groupRules, ruleLine } from '@sq/contracts/refund-text';
import { Spinner } from '@sq/ui';
import { useRefundRules } from '../api/get-refund-rules';
import styles from '../../../shared/field.module.css';
import admin from '../../../shared/console/console.module.css';

interface Props {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  options: { code: string; name: string }[];
  /** The ticked cases, comma-separated (the form's text value). */
  value: string;
  onChange: (value: string) => void;
  productId: number | null;
}

/**
 * A FAQ refund answer's cases: a box per case the program's refund rules have, and under them the table
 * members will read, composed from those rules as the FAQ composes it. Operators choose what the answer
 * covers; the periods and amounts are the payment engine's and cannot be typed here.
 */
export function RefundCasesField({ label, hint, error, options, value, onChange, productId }: Props) {
  const id = useId();
  const ticked = new Set(value.split(',').filter((code) => code !== ''));
  const program = useRefundRules(productId);
  const rules = program.status === 'success' ? program.data : null;
  const present = rules ? new Set<string>(rules.rules.map((r) => r.case)) : null;
  const toggle = (code: string, on: boolean) =>
    onChange(
      options
        .map((o) => o.code)
        .filter((c) => (c === code ? on : ticked.has(c)))
        .join(','),
    );
  const shown = rules ? groupRules(rules.rules.filter((r) => ticked.has(r.case))) : [];
  return (
    <fieldset className={admin.fieldset} aria-describedby={`${id}-message`} data-testid="refund-cases">
      <legend className={styles.label}>{label}</legend>
      {options.map((option) => {
        const missing = present !== null && !present.has(option.code) && !ticked.has(option.code);
        return (
          <label key={option.code} className={styles.check}>
            <input
              type="checkbox"
              name="refundCases"
              value={option.code}
              checked={ticked.has(option.code)}
              disabled={missing}
              onChange={(e) => toggle(option.code, e.target.checked)}
            />
            <span>
              {option.name}
              {missing ? ' (이 프로그램의 환불 규정에 없어요)' : ''}
            </span>
          </label>
        );
      })}
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      <div id={`${id}-message`} aria-live="polite">
        {error ? (
          <p className={styles.error} data-field-error>
            {error}
          </p>
        ) : null}
      </div>
      {productId === null ? (
        <p className={styles.hint}>프로그램을 고르면 회원에게 보일 환불 표가 여기에 나와요.</p>
      ) : null}
      {program.status === 'loading' && productId !== null ? <Spinner /> : null}
      {shown.length ? (
        <section className={admin.section} aria-label="회원에게 보이는 환불 표" data-testid="refund-table-preview">
          {shown.map((group) => (
            <div key={group.refundCase}>
              {shown.length > 1 ? <p className={styles.label}>[{group.title}]</p> : null}
              {group.rules.map((rule, i) => (
                <p key={i} className={admin.lines}>
                  {ruleLine(rule, rules!.feeKrw)}
                </p>
              ))}
            </div>
          ))}
        </section>
      ) : null}
    </fieldset>
  );
}
