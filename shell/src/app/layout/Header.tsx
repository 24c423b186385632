import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { RouteEntry } from '@sq/contracts/registry';
import { Icon, useMediaQuery } from '@sq/ui';
import { AccountMenu } from '../../features/account';
import { DesktopMenu, DrawerMenu, ShareButton, useGnb } from '../../features/navigation';
import { DESKTOP_MEDIA_QUERY } from '../../shared/constants';
import styles from './layout.module.css';

type HeaderPart = NonNullable<RouteEntry['header']>[number];
const DEFAULT_PARTS: HeaderPart[] = ['logo', 'menu'];

function Logo({ siteName }: { siteName: string }) {
  return (
    <Link to="/" className={styles.logo} aria-label={`${siteName} 홈`}>
      {siteName}
    </Link>
  );
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-label="뒤로 가기"
      onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
    >
      ←
    </button>
  );
}

/** Desktop (>= 1200 px): logo, the GNB, share, account. */
function DesktopHeader({ parts, siteName }: { parts: HeaderPart[]; siteName: string }) {
  const gnb = useGnb();
  return (
    <header className={styles.header} data-header="desktop">
      <div className={styles.headerInner}>
        <Logo siteName={siteName} />
        <div className={styles.headerNav}>
          {gnb.status === 'success' ? <DesktopMenu menu={gnb.data.menu} banners={gnb.data.banners} /> : null}
        </div>
        <div className={styles.headerActions}>
          {parts.includes('share') ? <ShareButton /> : null}
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}

/** Mobile (< 1200 px): back, logo or title, share, and the menu button opening the drawer. */
function MobileHeader({ parts, title, siteName }: { parts: HeaderPart[]; title: string; siteName: string }) {
  const [open, setOpen] = useState(false);
  const gnb = useGnb();
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className={`${styles.header} ${styles.headerMobile}`} data-header="mobile">
      <div className={styles.headerInner}>
        <div className={styles.headerStart}>
          {parts.includes('back') ? <BackButton /> : null}
          {parts.includes('title') ? (
            <h1 className={styles.mobileTitle}>{title}</h1>
          ) : parts.includes('logo') ? (
            <Logo siteName={siteName} />
          ) : null}
        </div>
        <div className={styles.headerActions}>
          {parts.includes('share') ? <ShareButton /> : null}
          {parts.includes('menu') ? (
            <button
              type="button"
              className={styles.iconButton}
              aria-label="메뉴 열기"
              aria-expanded={open}
              onClick={() => setOpen(true)}
            >
              <Icon name="menu" />
            </button>
          ) : null}
        </div>
      </div>
      {open ? (
        <div className={styles.drawerBackdrop} onClick={() => setOpen(false)}>
          <aside className={styles.drawer} aria-label="메뉴" onClick={(e) => e.stopPropagation()}>
            <div className={styles.drawerTop}>
              <AccountMenu />
              <button type="button" className={styles.iconButton} aria-label="메뉴 닫기" onClick={() => setOpen(false)}>
                ×
              </button>
            </div>
            {gnb.status === 'success' ? (
              <Suspense fallback={null}>
                <DrawerMenu menu={gnb.data.menu} banners={gnb.data.banners} onNavigate={() => setOpen(false)} />
              </Suspense>
            ) : null}
          </aside>
        </div>
      ) : null}
    </header>
  );
}

export function Header({ route, siteName }: { route: RouteEntry | null; siteName: string }) {
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const parts = route?.header ?? DEFAULT_PARTS;
  return desktop ? (
    <DesktopHeader parts={parts} siteName={siteName} />
  ) : (
    <MobileHeader parts={parts} title={route?.title ?? ''} siteName={siteName} />
  );
}
