import { Link } from 'react-router-dom';
import type { ProjectSummary } from '@sq/contracts';
import styles from './projects.module.css';

/** One project in the list. Only the first row loads eagerly; the rest wait until scrolled near. */
export function ProjectCard({ project, eager }: { project: ProjectSummary; eager: boolean }) {
  const { thumbnail } = project;
  return (
    <Link to={`/projects/detail/${project.projectId}`} className={styles.card}>
      <img
        className={styles.thumb}
        src={thumbnail.url}
        alt={thumbnail.alt}
        width={thumbnail.width}
        height={thumbnail.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className={styles.cardBody}>
        <p className={styles.cardMeta}>
          {project.productName} · {project.cohortName}
        </p>
        <h3 className={styles.cardTitle}>{project.title}</h3>
        <p className={styles.cardSummary}>{project.summary}</p>
        {project.tags.length ? (
          <ul className={styles.tags}>
            {project.tags.map((tag) => (
              <li key={tag} className={styles.tag}>
                #{tag}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Link>
  );
}
