import { Link, useParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { EmptyState, ErrorFallback, Spinner, useAsync } from '@sq/ui';
import { getApplication, getCodeNames } from '../api/applications';
import { answerSections } from '../answer-labels';
import { routeId } from '../route-id';
import { ApplicationNotFound } from './NotFound';
import { StateBadge } from './StateBadge';
import styles from './applications.module.css';

/** /mypage/apply/{jid} — the submitted answers, read-only. */
export function AnswersPage() {
  const joinId = routeId(useParams().jid);
  const state = useAsync(
    async (signal) => {
      if (joinId === null) return null;
      const application = await getApplication(joinId, signal);
      // Code names are a nicety: without them the codes show as stored.
      const names = await getCodeNames(signal).catch(() => ({}));
      return { application, names };
    },
    [joinId],
  );
  if (joinId === null) return <ApplicationNotFound />;
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') {
    if (
      isApiError(state.error) &&
      (state.error.status === 404 || state.error.status === 403 || state.error.status === 400)
    )
      return <ApplicationNotFound />;
    return <ErrorFallback title={isApiError(state.error) ? state.error.message : undefined} onRetry={state.reload} />;
  }
  if (!state.data) return <ApplicationNotFound />;
  const { application, names } = state.data;
  const sections = answerSections(application.answers, names);
  return (
    <div className={styles.page} data-testid="answers" data-join-id={application.joinId}>
      <header className={styles.section}>
        <h1 className={styles.title}>
          {application.productName} {application.cohortName} 지원서
        </h1>
        <StateBadge state={application.state} name={application.stateName} />
      </header>
      {sections.length === 0 ? <EmptyState title="아직 저장한 답변이 없어요" /> : null}
      {sections.map((section) => (
        <section key={section.title} className={styles.section}>
          <h2 className={styles.sectionTitle}>{section.title}</h2>
          <dl className={styles.facts}>
            {section.lines.map((line) => (
              <div key={line.label} className={styles.fact}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <Link to={`/mypage/history/${application.joinId}`} className="sq-button sq-button--secondary">
        지원 상세로 돌아가기
      </Link>
    </div>
  );
}
