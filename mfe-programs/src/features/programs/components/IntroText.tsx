import type { ImageRef, ProgramIntro } from '@sq/contracts';
import styles from './programs.module.css';

/** An operator's image at its published size, so nothing moves when it arrives. */
export function IntroImage({
  image,
  className,
  eager = false,
}: {
  image: ImageRef;
  className?: string | undefined;
  eager?: boolean;
}) {
  return (
    <img
      className={className}
      src={image.url}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

/** The intro's text sections and photos, as operators published them (plain paragraphs, no markup). */
export function IntroText({ intro }: { intro: ProgramIntro }) {
  return (
    <div className={styles.introText} data-testid="program-intro-text">
      {intro.sections.map((section, i) => (
        <div key={i} className={styles.introSection}>
          {section.heading ? <h3 className={styles.introHeading}>{section.heading}</h3> : null}
          {section.paragraphs.map((paragraph, j) => (
            <p key={j} className={styles.description}>
              {paragraph}
            </p>
          ))}
        </div>
      ))}
      {intro.images.length ? (
        <ul className={styles.gallery} aria-label="사진">
          {intro.images.map((image, i) => (
            <li key={i}>
              <IntroImage image={image} className={styles.galleryImage} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
