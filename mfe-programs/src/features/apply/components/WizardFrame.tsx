import type { ReactNode } from 'react';
import type { WizardStep } from '@sq/contracts/api/application-states';
import { STEP_LABELS, memberSteps, type FlowProduct } from '../flows';
import styles from './apply.module.css';

/** The steps the member fills in, the current one marked (announced as "현재 단계"). */
export function StepIndicator({ product, step }: { product: FlowProduct; step: WizardStep }) {
  const steps = memberSteps(product);
  const current = steps.indexOf(step);
  return (
    <ol className={styles.steps} aria-label="지원 단계" data-testid="wizard-steps">
      {steps.map((s, i) => (
        <li
          key={s}
          className={`${styles.step} ${i < current ? styles.stepDone : ''} ${i === current ? styles.stepCurrent : ''}`}
          aria-current={i === current ? 'step' : undefined}
        >
          {i + 1}. {STEP_LABELS[s]}
        </li>
      ))}
    </ol>
  );
}

/** A wizard page: the program and cohort, the step indicator, the step's title and its form. */
export function WizardFrame({
  programName,
  cohortName,
  product,
  step,
  title,
  lead,
  children,
}: {
  programName: string;
  cohortName: string;
  product: FlowProduct;
  step: WizardStep;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.page} data-testid="apply-wizard" data-step={step}>
      <header className={styles.head}>
        <p className={styles.program}>
          {programName} · {cohortName}
        </p>
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </header>
      {step !== 'intro' ? <StepIndicator product={product} step={step} /> : null}
      {children}
    </div>
  );
}
