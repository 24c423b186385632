import { Link } from 'react-router-dom';
import type { ApplyCta } from '../../../shared/programs';
import styles from './programs.module.css';

/** The apply button: a link to the open cohort's apply path, else a disabled button saying why. */
export function ApplyButton({ cta, block = false }: { cta: ApplyCta; block?: boolean }) {
  const classes = `sq-button sq-button--primary${block ? ' sq-button--block' : ''}`;
  return (
    <div className={styles.applyBox} data-testid="apply-cta">
      {cta.kind === 'open' ? (
        <Link className={classes} to={cta.href}>
          {cta.label}
        </Link>
      ) : (
        <button type="button" className={classes} disabled>
          {cta.label}
        </button>
      )}
      <p className={styles.applyNote}>{cta.note}</p>
    </div>
  );
}
