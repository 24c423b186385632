import { EmptyState, ErrorFallback, Spinner, useAsync } from '@sq/ui';
import { isApiError } from '@sq/api-client';
import { AppLink } from '@sq/remote-kit';
import { getHistory } from '../api/applications';
import { ApplicationList } from './ApplicationList';
import styles from './applications.module.css';

/** /mypage/history — every application of the member, newest first (GET /api/join/history). */
export function HistoryPage() {
  const state = useAsync((signal) => getHistory(signal), []);
  return (
    <div className={styles.page} data-testid="history">
      <h1 className={styles.title}>지원 내역</h1>
      {state.status === 'loading' ? <Spinner boxed /> : null}
      {state.status === 'error' ? (
        <ErrorFallback title={isApiError(state.error) ? state.error.message : undefined} onRetry={state.reload} />
      ) : null}
      {state.status === 'success' && state.data.length === 0 ? (
        <EmptyState
          title="아직 지원한 프로그램이 없어요"
          description="모집 중인 프로그램을 확인해 보세요."
          action={
            <AppLink to="/" className="sq-button sq-button--primary">
              프로그램 보러 가기
            </AppLink>
          }
        />
      ) : null}
      {state.status === 'success' && state.data.length > 0 ? <ApplicationList applications={state.data} /> : null}
    </div>
  );
}
