import { Link, useParams } from 'react-router-dom';
import type { StoryDetail } from '@sq/contracts';
import { Spinner, formatDate } from '@sq/ui';
import { AppLink } from '@sq/remote-kit';
import { LoadError } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { positiveId } from '../../../shared/route-params';
import { useStory } from '../api/get-story';
import { StoryCard } from './StoryCard';
import styles from './stories.module.css';

const NOT_FOUND = '삭제되었거나 주소가 잘못된 후기예요.';

function Detail({ story }: { story: StoryDetail }) {
  const { author, cover } = story;
  return (
    <article className={styles.detail} data-testid="story-detail">
      <header className={styles.detailHead}>
        <p className={styles.meta}>
          {story.productName} · {story.cohortName}
        </p>
        <h1 className={styles.detailTitle}>{story.title}</h1>
        <p className={styles.byline}>
          {author.profileId ? (
            <AppLink to={`/careercard/${encodeURIComponent(author.profileId)}`} className={styles.author}>
              {author.roleName} {author.alias}
            </AppLink>
          ) : (
            <span>
              {author.roleName} {author.alias}
            </span>
          )}{' '}
          · {author.positionName} · {formatDate(story.publishedDate)}
        </p>
      </header>
      <img
        className={styles.detailCover}
        src={cover.url}
        alt={cover.alt}
        width={cover.width}
        height={cover.height}
        fetchPriority="high"
      />
      <p className={styles.detailSummary}>{story.summary}</p>
      {story.body.map((section, i) => (
        <section key={i} className={styles.bodySection}>
          {section.heading ? <h2 className={styles.bodyHeading}>{section.heading}</h2> : null}
          {section.paragraphs.map((p, j) => (
            <p key={j} className={styles.paragraph}>
              {p}
            </p>
          ))}
        </section>
      ))}
      <aside className={styles.cta} data-testid="story-cta">
        <div>
          <p className={styles.ctaLead}>{story.productName}에 함께하고 싶다면</p>
          <p className={styles.ctaSub}>일정, 참가비, 팀 구성과 지금 모집 중인 기수를 확인해 보세요.</p>
        </div>
        <Link className="sq-button sq-button--primary" to={story.cta.url}>
          {story.cta.label}
        </Link>
      </aside>
      {story.related.length ? (
        <section className={styles.bodySection}>
          <h2 className={styles.bodyHeading}>같은 프로그램의 다른 후기</h2>
          <div className={styles.grid}>
            {story.related.map((s) => (
              <StoryCard key={s.storyId} story={s} />
            ))}
          </div>
        </section>
      ) : null}
      <Link className={`sq-button sq-button--secondary ${styles.back}`} to="/story">
        후기 목록으로
      </Link>
    </article>
  );
}

function StoryById({ storyId }: { storyId: number }) {
  const state = useStory(storyId);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={state.reload} notFound={NOT_FOUND} />;
  return <Detail story={state.data} />;
}

/** /story/detail/:storyId — an id that is not a positive number is the error page without a request. */
export function StoryDetailPage() {
  const { storyId } = useParams();
  const id = positiveId(storyId);
  if (id === null) return <NotFoundPage description={NOT_FOUND} />;
  return <StoryById key={id} storyId={id} />;
}
