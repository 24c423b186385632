import { useEffect, useState } from 'react';
import type { MainBanner } from '@sq/contracts';
import { useMediaQuery } from '@sq/ui';
import { AppLink } from '@sq/remote-kit';
import styles from './home.module.css';

const DESKTOP = '(min-width: 1200px)';
const MOBILE = '(max-width: 1199.98px)';
const AUTO_ADVANCE_MS = 6_000;

/** The image a banner shows at this width, or null when it is not displayable here (pcDisplayable/moDisplayable). */
export function bannerImage(banner: MainBanner, desktop: boolean) {
  if (desktop) {
    return banner.pcDisplayable
      ? { src: banner.pcImgUrl, width: banner.pcImgWidth ?? 1200, height: banner.pcImgHeight ?? 360 }
      : null;
  }
  return banner.moDisplayable
    ? { src: banner.moImgUrl, width: banner.moImgWidth ?? 750, height: banner.moImgHeight ?? 600 }
    : null;
}

/**
 * Main banners: the pc image from 1200 px, the mobile image below, each only where it is displayable. Sizes are
 * explicit (no layout shift); the first banner is the page's largest paint and loads first, the rest lazily.
 */
export function Banners({ banners, desktop: assumedDesktop }: { banners: MainBanner[]; desktop?: boolean }) {
  // On the server (first content) there is no window: the caller says which width to assume.
  const queried = useMediaQuery(DESKTOP);
  const desktop = assumedDesktop ?? queried;
  // Each slide also carries its image at the other width, when it has one (see the <picture> below).
  const slides = banners
    .map((banner) => ({ banner, image: bannerImage(banner, desktop), alternative: bannerImage(banner, !desktop) }))
    .filter((s) => s.image !== null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (count < 2 || paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (!count) return null;
  return (
    <section
      className={styles.banners}
      aria-roledescription="carousel"
      aria-label="메인 배너"
      data-testid="home-banners"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {/* No style attribute on the first slide: the server-rendered first paint stays within the CSP (style-src 'self'). */}
      <div className={styles.bannerTrack} style={current ? { transform: `translateX(-${current * 100}%)` } : undefined}>
        {slides.map(({ banner, image, alternative }, i) => (
          <AppLink key={`${banner.url}-${i}`} to={banner.url} className={styles.bannerSlide} hidden={i !== current}>
            <picture>
              {/* The other width's image where the banner has one: the browser picks by the real width even when
                  the markup was rendered for the other one (the server's first content guesses phone or not). */}
              {alternative ? (
                <source
                  media={desktop ? MOBILE : DESKTOP}
                  srcSet={alternative.src}
                  width={alternative.width}
                  height={alternative.height}
                />
              ) : null}
              <img
                className={styles.bannerImage}
                src={image!.src}
                alt={banner.alt}
                width={image!.width}
                height={image!.height}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding={i === 0 ? 'sync' : 'async'}
              />
            </picture>
          </AppLink>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.bannerDots}>
          {slides.map(({ banner }, i) => (
            <button
              key={`${banner.url}-${i}`}
              type="button"
              className={i === current ? `${styles.dot} ${styles.dotCurrent}` : styles.dot}
              aria-label={`${i + 1}번째 배너 보기`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
