import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProductSummary } from '@sq/contracts';
import { Button, Modal } from '@sq/ui';
import { seoulDay } from '../../../shared/dates';
import { applyPath, groupCohorts } from '../../../shared/programs';
import { markPromptClosed, markPromptShown, promptKey, shouldShowPrompt } from '../intro-modal';
import styles from './home.module.css';

/** Spec section 2: a modal prompting to apply while a program is open; once dismissed it stays closed (introModal flags). */
export function ApplyPromptModal({ programs }: { programs: ProductSummary[] | null }) {
  const key = promptKey(programs);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!key || !shouldShowPrompt(key, window.localStorage)) return;
    markPromptShown(key, window.localStorage);
    setOpen(true);
  }, [key]);

  if (!key || !programs) return null;
  const close = () => {
    markPromptClosed(key, window.localStorage);
    setOpen(false);
  };
  const recruiting = programs.flatMap((product) => {
    const cohort = groupCohorts(product.cohorts).open[0];
    return cohort ? [{ product, cohort }] : [];
  });

  return (
    <Modal
      open={open}
      title="지금 모집 중인 프로그램이 있어요"
      onClose={close}
      footer={
        <Button variant="secondary" onClick={close}>
          닫기
        </Button>
      }
    >
      <div data-testid="apply-prompt">
        <p className={styles.promptLead}>마감 전에 지원하고 함께할 팀을 만나 보세요.</p>
        <ul className={styles.promptList}>
          {recruiting.map(({ product, cohort }) => (
            <li key={cohort.oddId} className={styles.promptItem}>
              <div>
                <p className={styles.promptName}>{product.name}</p>
                <p className={styles.promptMeta}>
                  {cohort.name} · {seoulDay(cohort.recruitEnd)} 마감
                </p>
              </div>
              <Link
                className="sq-button sq-button--primary sq-button--small"
                to={applyPath(product, cohort.oddId)}
                onClick={close}
              >
                지원하기
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
