import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import type { CheckupRun } from '@sq/contracts';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { Button, ErrorFallback, Spinner, useAsync } from '@sq/ui';
import { getRun, saveAnswer } from '../api/checkup-run-api';
import { LOADING_PATH, STEP_A_PATH, questionIndex } from '../paths';
import styles from './checkup-run.module.css';

function Questions({ run }: { run: CheckupRun }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [answers, setAnswers] = useState<Record<string, number>>(run.answers);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = run.questions.map((q) => q.questionId);
  const index = questionIndex(params.get('q'), ids, answers);
  const question = run.questions[index]!;
  const answeredCount = ids.filter((id) => answers[String(id)] !== undefined).length;
  const total = run.questions.length;
  const allAnswered = answeredCount === total;
  const isLast = index === total - 1;

  const go = (next: number) => setParams({ q: String(next + 1) }, { replace: true });
  // Keeps the shown question in the URL, so a refresh opens the same one.
  useEffect(() => {
    if (params.get('q') !== String(index + 1)) go(index);
  }, [index]);

  async function choose(optionId: number) {
    const key = String(question.questionId);
    const previous = answers[key];
    setAnswers({ ...answers, [key]: optionId });
    setSaving(true);
    setError(null);
    try {
      await saveAnswer(question.questionId, optionId);
      if (!isLast) go(index + 1);
    } catch (failure) {
      setAnswers((current) => {
        const reverted = { ...current };
        if (previous === undefined) delete reverted[key];
        else reverted[key] = previous;
        return reverted;
      });
      setError(isApiError(failure) ? failure.message : MESSAGES.genericAlert);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className={styles.page} data-testid="itskill-step-b" aria-labelledby="itskill-question">
      <p className={styles.stepLabel}>2 / 2 단계 · {run.jobGroupName}</p>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="응답 진행률"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answeredCount}
      >
        <span className={styles.progressBar} style={{ width: `${(answeredCount * 100) / total}%` }} />
      </div>
      <p className={styles.counter} data-testid="itskill-progress">
        <strong>{index + 1}</strong> / {total} · {question.areaName}
      </p>
      <h1 id="itskill-question" className={styles.question} data-testid="itskill-question">
        {question.body}
      </h1>
      <ul className={styles.options} role="radiogroup" aria-labelledby="itskill-question">
        {question.options.map((option) => {
          const checked = answers[String(question.questionId)] === option.optionId;
          return (
            <li key={option.optionId}>
              <button
                type="button"
                role="radio"
                aria-checked={checked}
                disabled={saving}
                className={`${styles.option} ${checked ? styles.optionOn : ''}`}
                onClick={() => void choose(option.optionId)}
              >
                {option.label}
              </button>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.nav}>
        <Button variant="secondary" onClick={() => (index === 0 ? navigate(STEP_A_PATH) : go(index - 1))}>
          이전
        </Button>
        {isLast || allAnswered ? (
          <Button onClick={() => navigate(LOADING_PATH)} disabled={!allAnswered || saving} data-testid="itskill-submit">
            결과 보기
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={() => go(index + 1)}
            disabled={answers[String(question.questionId)] === undefined}
          >
            다음
          </Button>
        )}
      </div>
      {!allAnswered && isLast ? (
        <p className={styles.hint}>답하지 않은 문항이 {total - answeredCount}개 있어요.</p>
      ) : null}
    </section>
  );
}

/** /itskillcheckup/step-b — the job group's questions, one screen at a time; every answer is saved at once. */
export function QuestionsPage() {
  const state = useAsync((signal) => getRun(signal), []);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error')
    return (
      <ErrorFallback
        title={isApiError(state.error) ? state.error.message : MESSAGES.genericAlert}
        onRetry={state.reload}
      />
    );
  // Nothing started yet: base info first.
  if (!state.data) return <Navigate to={STEP_A_PATH} replace />;
  return <Questions run={state.data} />;
}
