import { Link, useParams } from 'react-router-dom';
import type { ProjectDetail, ProjectMember } from '@sq/contracts';
import { Spinner, formatDate } from '@sq/ui';
import { AppLink } from '@sq/remote-kit';
import { LoadError } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { useProject } from '../api/get-project';
import styles from './projects.module.css';

const ROLE_LABEL: Record<ProjectMember['role'], string> = { PLANNER: '기획', DESIGNER: '디자인', DEVELOPER: '개발' };

const NOT_FOUND = '삭제되었거나 주소가 잘못된 프로젝트예요.';

function Member({ member }: { member: ProjectMember }) {
  const body = (
    <>
      <span className={styles.memberRole}>{ROLE_LABEL[member.role]}</span>
      <span className={styles.memberName}>{member.userAlias}</span>
      <span className={styles.memberPosition}>{member.positionName}</span>
    </>
  );
  // The career card belongs to another bundle: navigate through single-spa.
  return member.profileId ? (
    <AppLink to={`/careercard/${encodeURIComponent(member.profileId)}`} className={styles.member}>
      {body}
    </AppLink>
  ) : (
    <div className={styles.member}>{body}</div>
  );
}

function Detail({ project }: { project: ProjectDetail }) {
  return (
    <article className={styles.detail}>
      <header>
        <p className={styles.cardMeta}>
          {project.productName} · {project.cohortName}
        </p>
        <h1 className={styles.detailTitle}>{project.title}</h1>
        <p className={styles.period}>
          {formatDate(project.startDate)} ~ {formatDate(project.endDate)}
        </p>
      </header>
      <img
        className={styles.image}
        src={project.thumbnail.url}
        alt={project.thumbnail.alt}
        width={project.thumbnail.width}
        height={project.thumbnail.height}
        fetchPriority="high"
      />
      <p className={styles.description}>{project.description}</p>
      {project.members.length ? (
        <section>
          <h2 className={styles.sectionTitle}>팀원</h2>
          <div className={styles.members}>
            {project.members.map((m) => (
              <Member key={`${m.role}-${m.userAlias}`} member={m} />
            ))}
          </div>
        </section>
      ) : null}
      {project.images.length ? (
        <section>
          <h2 className={styles.sectionTitle}>결과물</h2>
          <div className={styles.images}>
            {project.images.map((image) => (
              <img
                key={image.url}
                className={styles.image}
                src={image.url}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading="lazy"
                decoding="async"
              />
            ))}
          </div>
        </section>
      ) : null}
      {project.links.length ? (
        <section>
          <h2 className={styles.sectionTitle}>링크</h2>
          <ul className={styles.links}>
            {project.links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Link className={`sq-button sq-button--secondary ${styles.back}`} to="/projects">
        목록으로
      </Link>
    </article>
  );
}

function ProjectDetailById({ projectId }: { projectId: number }) {
  const state = useProject(projectId);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={state.reload} notFound={NOT_FOUND} />;
  return <Detail project={state.data} />;
}

/** /projects/detail/:projectId — an id that is not a positive number is an error page without a request. */
export function ProjectDetailPage() {
  const { projectId } = useParams();
  const id = Number(projectId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage description={NOT_FOUND} />;
  return <ProjectDetailById key={id} projectId={id} />;
}
