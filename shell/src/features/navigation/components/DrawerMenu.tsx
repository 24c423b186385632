import type { GnbBanner, GnbMenuItem } from '@sq/contracts';
import { MenuLink } from './MenuLink';
import styles from './navigation.module.css';

/** The mobile drawer's menu: every entry stacked, sub-menus expanded, mobile banners at the bottom. */
export default function DrawerMenu({
  menu,
  banners,
  onNavigate,
}: {
  menu: GnbMenuItem[];
  banners: GnbBanner[];
  onNavigate: () => void;
}) {
  return (
    <nav aria-label="주요 메뉴">
      <ul className={styles.drawerList}>
        {menu.map((item, index) => {
          if (item.type === 'SEPARATOR')
            return <li key={`sep-${index}`} className={styles.drawerSeparator} aria-hidden="true" />;
          const className = item.type === 'SUB' ? styles.drawerSub : styles.drawerMain;
          return (
            <li key={`${item.title}-${index}`}>
              {item.clickable ? (
                <MenuLink url={item.url} className={className} onNavigate={onNavigate}>
                  {item.title}
                </MenuLink>
              ) : (
                <span className={className}>{item.title}</span>
              )}
              {item.hasSubmenu ? (
                <ul>
                  {item.subMenu.map((sub) => (
                    <li key={`${sub.subTitle}-${sub.url}`}>
                      <MenuLink url={sub.url} className={styles.drawerSub} onNavigate={onNavigate}>
                        {sub.subTitle}
                        {sub.badge ? (
                          <img className={styles.badge} src={sub.badge.path} alt="" width={32} height={16} />
                        ) : null}
                      </MenuLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
      {banners
        .filter((b) => b.moDisplayable)
        .map((b) => (
          <MenuLink key={b.moImgUrl} url={b.url} className={styles.moBanner} onNavigate={onNavigate}>
            <img src={b.moImgUrl} alt="이벤트 배너" width={320} height={100} loading="lazy" />
          </MenuLink>
        ))}
    </nav>
  );
}
