import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '@sq/ui';
import { NotFoundPage } from '../NotFoundPage';
import { ConsoleNavLink } from './ConsoleNavLink';
import styles from './console.module.css';

/**
 * The operators' console around its pages: the menu of its sections, /admin itself leading to the cohorts, and
 * the error page for a path no section has. `children` are the sections' routes (each console feature's
 * `routes`), relative to /admin. Its root's test id is the marker the e2e checks look for in operator code
 * (e2e/src/console-code.ts), so it stays on the console's code alone.
 */
export function ConsoleFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.console} data-testid="admin-console">
      <nav className={styles.nav} aria-label="운영자 콘솔">
        <ConsoleNavLink to="/admin/cohorts" className={styles.navLink}>
          기수 관리
        </ConsoleNavLink>
        <ConsoleNavLink to="/admin/content" className={styles.navLink}>
          콘텐츠
        </ConsoleNavLink>
        <ConsoleNavLink to="/admin/money" className={styles.navLink}>
          결제 대사
        </ConsoleNavLink>
        <ConsoleNavLink to="/admin/audit" className={styles.navLink}>
          운영 기록
        </ConsoleNavLink>
        <ConsoleNavLink to="/admin/releases" className={styles.navLink}>
          배포 현황
        </ConsoleNavLink>
        <ConsoleNavLink to="/admin/partner-apps" className={styles.navLink}>
          파트너 앱
        </ConsoleNavLink>
      </nav>
      <Suspense fallback={<Spinner boxed />}>
        <Routes>
          <Route index element={<Navigate to="/admin/cohorts" replace />} />
          {children}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}
