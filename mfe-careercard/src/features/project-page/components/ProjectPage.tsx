import { Link, Navigate, useParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { ErrorFallback, Spinner } from '@sq/ui';
import { useProject } from '../api/get-project';
import styles from './project-page.module.css';

/** /careercard/project/{projectId} (public): one project's role, period, what they did, links and images. */
export function ProjectPage() {
  const { projectId = '' } = useParams();
  const state = useProject(projectId);
  if (!/^[1-9][0-9]{0,9}$/.test(projectId)) return <Navigate to="/careercard-error" replace />;
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') {
    if (isApiError(state.error) && (state.error.status === 404 || state.error.status === 400))
      return <Navigate to="/careercard-error" replace />;
    return <ErrorFallback onRetry={state.reload} />;
  }
  const project = state.data;
  return (
    <article className={styles.page} data-testid="project-page">
      <Link to={`/careercard/${project.profileId}`} className={styles.owner}>
        {project.userAlias}님의 커리어 카드
      </Link>
      <h1 className={styles.title}>{project.title}</h1>
      <p className={styles.meta}>
        <span className={styles.badge}>{project.role}</span>
        <span>{project.period}</span>
      </p>
      {project.isOwner ? (
        <p>
          <Link
            to={`/careercard/${project.profileId}/edit`}
            className="sq-button sq-button--secondary sq-button--small"
          >
            편집하기
          </Link>
        </p>
      ) : null}
      <section className={styles.panel} aria-labelledby="project-work">
        <h2 id="project-work" className={styles.panelTitle}>
          한 일
        </h2>
        <p className={styles.text} data-testid="project-description">
          {project.description || '아직 적은 내용이 없어요.'}
        </p>
      </section>
      {project.links.length ? (
        <section className={styles.panel} aria-labelledby="project-links">
          <h2 id="project-links" className={styles.panelTitle}>
            링크
          </h2>
          <ul className={styles.links}>
            {project.links.map((link) => (
              <li key={link}>
                <a className={styles.link} href={link} target="_blank" rel="noopener noreferrer nofollow">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {project.images.length ? (
        <section className={styles.panel} aria-labelledby="project-images">
          <h2 id="project-images" className={styles.panelTitle}>
            이미지
          </h2>
          <div className={styles.images}>
            {project.images.map((image, i) => (
              <img
                key={image.imgId}
                className={styles.image}
                src={image.imgUrl}
                alt={`${project.title} 이미지 ${i + 1}`}
                loading="lazy"
              />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}
