import { Link } from 'react-router-dom';
import type { StorySummary } from '@sq/contracts';
import { formatDate } from '@sq/ui';
import styles from './stories.module.css';

export function StoryCard({ story, eager = false }: { story: StorySummary; eager?: boolean }) {
  const { cover } = story;
  return (
    <Link to={`/story/detail/${story.storyId}`} className={styles.card}>
      <img
        className={styles.cover}
        src={cover.url}
        alt={cover.alt}
        width={cover.width}
        height={cover.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className={styles.cardBody}>
        <p className={styles.meta}>
          {story.productName} · {story.cohortName}
        </p>
        <h3 className={styles.cardTitle}>{story.title}</h3>
        <p className={styles.cardSummary}>{story.summary}</p>
        <p className={styles.byline}>
          {story.author.roleName} {story.author.alias} · {formatDate(story.publishedDate)}
        </p>
      </div>
    </Link>
  );
}
