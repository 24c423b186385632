import { APPLICATION_MESSAGES } from '@sq/contracts/messages/applications';
import { Modal, Spinner } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { useAnswers } from '../api/get-answers';
import { answerSections } from '../answer-lines';
import styles from '../../../shared/console/console.module.css';

/** One applicant's submitted answers, read-only. */
export function AnswersModal({
  joinId,
  name,
  codeNames,
  onClose,
}: {
  joinId: number;
  name: string;
  codeNames: Record<string, string>;
  onClose: () => void;
}) {
  const answers = useAnswers(joinId);
  return (
    <Modal open title={`${name}님의 지원서`} onClose={onClose} wide>
      {answers.status === 'loading' ? <Spinner boxed /> : null}
      {answers.status === 'error' ? <LoadError error={answers.error} onRetry={answers.reload} /> : null}
      {answers.status === 'success' ? (
        <div data-testid="answers">
          {answers.data.erasedAt ? (
            <p className={styles.notice} role="status" data-testid="answers-erased">
              {APPLICATION_MESSAGES.applicationAnswersErased}
            </p>
          ) : null}
          {answerSections(answers.data.answers, codeNames).map((section) => (
            <section key={section.step} className={styles.section}>
              <h3 className={styles.legend}>{section.title}</h3>
              <dl className={styles.answers}>
                {section.lines.map((line) => (
                  <div key={line.label}>
                    <dt>{line.label}</dt>
                    <dd>{line.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      ) : null}
    </Modal>
  );
}
