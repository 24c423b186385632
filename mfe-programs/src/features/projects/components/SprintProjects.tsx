import type { SprintProject } from '@sq/contracts/api/operators/sprint';
import { Icon } from '@sq/ui';
import { AppLink } from '@sq/remote-kit';
import { useSprintProjects } from '../api/get-sprint-projects';
import styles from './sprint-projects.module.css';

/** Sprint projects shown at the top of /projects (the newest published results). */
export const SPRINT_PROJECTS_SHOWN = 12;

function SprintProjectCard({ project }: { project: SprintProject }) {
  const [cover] = project.images;
  return (
    <article className={styles.card} data-testid="sprint-project" data-team-id={project.teamId}>
      {cover ? (
        <img
          className={styles.thumb}
          src={cover}
          alt={`${project.projectName} 대표 이미지`}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className={styles.body}>
        <p className={styles.meta}>
          <span>
            {project.productName} · {project.cohortName} · {project.teamName}
          </span>
          {project.winner ? (
            <span className={styles.winner} data-testid="sprint-project-winner">
              <Icon name="party" size={14} />
              우승
            </span>
          ) : null}
        </p>
        <h3 className={styles.title}>{project.projectName}</h3>
        <p className={styles.description}>{project.description}</p>
        <ul className={styles.members} aria-label="팀원">
          {project.members.map((m, i) => {
            const label = `${m.alias ?? '팀원'}${m.roleName ? ` (${m.roleName})` : ''}`;
            return (
              <li key={i}>{m.profileId ? <AppLink to={`/careercard/${m.profileId}`}>{label}</AppLink> : label}</li>
            );
          })}
        </ul>
        <p className={styles.links}>
          <a href={project.repositoryUrl} target="_blank" rel="noopener noreferrer">
            저장소
          </a>
          {project.demoUrl ? (
            <a href={project.demoUrl} target="_blank" rel="noopener noreferrer">
              데모
            </a>
          ) : null}
        </p>
      </div>
    </article>
  );
}

/**
 * The sprint teams' final projects once their cohort's judging is published (programs service), above the
 * past projects and with the same program and cohort filter. Nothing shows while there are none.
 */
export function SprintProjects({ productId, oddId }: { productId?: number; oddId?: number }) {
  const list = useSprintProjects({ productId, oddId, page: 1, size: SPRINT_PROJECTS_SHOWN });
  if (list.status !== 'success' || list.data.items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="sprint-projects-title" data-testid="sprint-projects">
      <h2 id="sprint-projects-title" className={styles.heading}>
        10일 팀 스프린트 결과물
      </h2>
      <div className={styles.grid}>
        {list.data.items.map((project) => (
          <SprintProjectCard key={project.teamId} project={project} />
        ))}
      </div>
    </section>
  );
}
