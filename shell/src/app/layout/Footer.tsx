import { Link, useLocation } from 'react-router-dom';
import type { SiteSettings } from '@sq/contracts';
import { withLegalFlag } from '../../features/legal';
import { SHOW_PRIVACY_QUERY, SHOW_TERMS_QUERY } from '../../shared/constants';
import styles from './layout.module.css';

/** Terms, privacy, FAQ, social links and company details (all configuration from GET /api/setting/site). */
export function Footer({ site, siteName }: { site: SiteSettings | undefined; siteName: string }) {
  const location = useLocation();
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <nav aria-label="약관 및 도움말" className={styles.footerLinks}>
          <Link to={{ pathname: location.pathname, search: withLegalFlag(location.search, SHOW_TERMS_QUERY) }}>
            이용약관
          </Link>
          <Link to={{ pathname: location.pathname, search: withLegalFlag(location.search, SHOW_PRIVACY_QUERY) }}>
            <strong>개인정보 처리방침</strong>
          </Link>
          <Link to="/faq">자주 묻는 질문</Link>
        </nav>
        {site?.social.length ? (
          <ul className={styles.social} aria-label="소셜 미디어">
            {site.social.map((s) => (
              <li key={s.url}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {site ? (
          <address className={styles.company}>
            <span>{site.company.name}</span>
            <span>대표 {site.company.ceo}</span>
            <span>사업자등록번호 {site.company.businessNumber}</span>
            <span>{site.company.address}</span>
            <span>
              문의 <a href={`mailto:${site.company.email}`}>{site.company.email}</a>
            </span>
          </address>
        ) : null}
        <p className={styles.copyright}>
          © {new Date().getFullYear()} {siteName}
        </p>
      </div>
    </footer>
  );
}
