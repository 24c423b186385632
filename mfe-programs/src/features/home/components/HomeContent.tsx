import { Link } from 'react-router-dom';
import type { MainPageResponse, ProjectSummary, StorySummary } from '@sq/contracts';
import { CONTENT_READY_ATTRIBUTE } from '@sq/contracts/first-content';
import { Banners } from './Banners';
import { ProgramCard } from './ProgramCard';
import styles from './home.module.css';

function ProjectTile({ project }: { project: ProjectSummary }) {
  const { thumbnail } = project;
  return (
    <Link to={`/projects/detail/${project.projectId}`} className={styles.tile}>
      <img
        className={styles.tileImage}
        src={thumbnail.url}
        alt={thumbnail.alt}
        width={thumbnail.width}
        height={thumbnail.height}
        loading="lazy"
        decoding="async"
      />
      <div className={styles.tileBody}>
        <p className={styles.tileMeta}>
          {project.productName} · {project.cohortName}
        </p>
        <h3 className={styles.tileTitle}>{project.title}</h3>
        <p className={styles.tileSummary}>{project.summary}</p>
      </div>
    </Link>
  );
}

function StoryTile({ story }: { story: StorySummary }) {
  const { cover } = story;
  return (
    <Link to={`/story/detail/${story.storyId}`} className={styles.tile}>
      <img
        className={styles.tileImage}
        src={cover.url}
        alt={cover.alt}
        width={cover.width}
        height={cover.height}
        loading="lazy"
        decoding="async"
      />
      <div className={styles.tileBody}>
        <p className={styles.tileMeta}>
          {story.productName} · {story.author.roleName} {story.author.alias}
        </p>
        <h3 className={styles.tileTitle}>{story.title}</h3>
        <p className={styles.tileSummary}>{story.summary}</p>
      </div>
    </Link>
  );
}

function SectionHead({ title, to, more }: { title: string; to?: string; more?: string }) {
  return (
    <div className={styles.sectionHead}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {to ? (
        <Link to={to} className={styles.more}>
          {more ?? '더 보기'} ›
        </Link>
      ) : null}
    </div>
  );
}

/**
 * `/`'s content: banners, the programs with their cohorts and recruiting status, featured projects and
 * stories. Pure (no loading, no browser-only effects), so the same component renders in the browser and,
 * for the first paint, on the server (src/first-content.tsx). `desktop` overrides the banners' width query
 * there, where there is no window.
 */
export function HomeContent({ data, desktop }: { data: MainPageResponse['mainPage']; desktop?: boolean }) {
  const { banners, programs, programsNotice, featuredProjects, featuredStories } = data;
  return (
    <div className={styles.home} {...{ [CONTENT_READY_ATTRIBUTE]: '' }}>
      <Banners banners={banners} desktop={desktop} />

      <section className={styles.section} aria-labelledby="home-programs">
        <div className={styles.sectionHead}>
          <h2 id="home-programs" className={styles.sectionTitle}>
            프로그램
          </h2>
        </div>
        {programs ? (
          <div className={styles.programs} data-testid="home-programs">
            {programs.map((product) => (
              <ProgramCard key={product.productId} product={product} />
            ))}
          </div>
        ) : (
          <p className={styles.notice} role="status" data-testid="home-programs">
            {programsNotice}
          </p>
        )}
      </section>

      {featuredProjects.length ? (
        <section className={`${styles.section} ${styles.belowFirstScreen}`}>
          <SectionHead title="지난 프로젝트" to="/projects" more="전체 프로젝트" />
          <div className={styles.tiles}>
            {featuredProjects.map((project) => (
              <ProjectTile key={project.projectId} project={project} />
            ))}
          </div>
        </section>
      ) : null}

      {featuredStories.length ? (
        <section className={`${styles.section} ${styles.belowFirstScreen}`}>
          <SectionHead title="참가 후기" to="/story" more="전체 후기" />
          <div className={styles.tiles}>
            {featuredStories.map((story) => (
              <StoryTile key={story.storyId} story={story} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
