import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { ErrorFallback, Spinner } from '@sq/ui';
import { submitRun } from '../api/checkup-run-api';
import { MY_RESULT_PATH, STEP_B_PATH, resultPath } from '../paths';
import styles from './checkup-run.module.css';

/** /itskillcheckup/loading — submits the run; the service scores it; then the shareable result. */
export function LoadingPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    submitRun().then(
      (shareKey) => live && navigate(resultPath(shareKey), { replace: true }),
      (failure: unknown) => {
        if (!live) return;
        // Unanswered questions: back to them. Nothing in progress (already submitted): the latest result.
        if (isApiError(failure) && failure.status === 422) navigate(STEP_B_PATH, { replace: true });
        else if (isApiError(failure) && failure.status === 404) navigate(MY_RESULT_PATH, { replace: true });
        else setError(isApiError(failure) ? failure.message : MESSAGES.genericAlert);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, navigate]);

  if (error)
    return (
      <ErrorFallback
        title={error}
        onRetry={() => {
          setError(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  return (
    <section className={styles.loading} data-testid="itskill-loading" aria-live="polite">
      <Spinner />
      <h1 className={styles.title}>결과를 분석하고 있어요</h1>
      <p className={styles.lead}>같은 직군·경력대의 참여자와 비교하는 중이에요.</p>
    </section>
  );
}
