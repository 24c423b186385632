import type { GnbBanner, GnbMenuItem, GnbSubMenu } from '@sq/contracts';
import { MenuLink } from './MenuLink';
import styles from './navigation.module.css';

function SubMenu({ items }: { items: GnbSubMenu[] }) {
  return (
    <ul className={styles.sub}>
      {items.map((sub) => (
        <li key={`${sub.subTitle}-${sub.url}`}>
          <MenuLink url={sub.url} className={styles.subLink}>
            <span>{sub.subTitle}</span>
            {sub.badge ? <img className={styles.badge} src={sub.badge.path} alt="" width={32} height={16} /> : null}
          </MenuLink>
        </li>
      ))}
    </ul>
  );
}

/** The desktop GNB: MAIN and OUTLINK entries inline, sub-menus on hover/focus, SEPARATOR as a rule. */
export function DesktopMenu({ menu, banners }: { menu: GnbMenuItem[]; banners: GnbBanner[] }) {
  const banner = banners.find((b) => b.pcDisplayable);
  return (
    <nav aria-label="주요 메뉴" className={styles.gnb}>
      <ul className={styles.gnb}>
        {menu.map((item, index) => {
          if (item.type === 'SEPARATOR')
            return <li key={`sep-${index}`} className={styles.separator} aria-hidden="true" />;
          // SUB entries are the second level; on desktop they live inside their MAIN entry's dropdown.
          if (item.type === 'SUB') return null;
          const className = item.type === 'OUTLINK' ? `${styles.link} ${styles.outlink}` : styles.link;
          return (
            <li key={`${item.title}-${index}`} className={styles.item}>
              {item.clickable ? (
                <MenuLink url={item.url} className={className}>
                  {item.title}
                </MenuLink>
              ) : (
                <span className={styles.label} tabIndex={item.hasSubmenu ? 0 : undefined}>
                  {item.title}
                </span>
              )}
              {item.hasSubmenu && item.subMenu.length > 0 ? <SubMenu items={item.subMenu} /> : null}
            </li>
          );
        })}
      </ul>
      {banner ? (
        <MenuLink url={banner.url} className={styles.pcBanner}>
          <img src={banner.pcImgUrl} alt="이벤트 배너" width={160} height={40} />
        </MenuLink>
      ) : null}
    </nav>
  );
}
