import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '@sq/ui';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { ConsoleNavLink } from './ConsoleNavLink';
import styles from './admin.module.css';

/** Each console page in a chunk of its own: an operator opening the board does not load the judging form. */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => lazy(() => load().then((m) => ({ default: pick(m) })));
const CohortsPage = page(() => import('./CohortsPage'), (m) => m.CohortsPage);
const CohortFormPage = page(() => import('./CohortFormPage'), (m) => m.CohortFormPage);
const ApplicantsPage = page(() => import('./ApplicantsPage'), (m) => m.ApplicantsPage);
const PaymentsPage = page(() => import('./PaymentsPage'), (m) => m.PaymentsPage);
const BoardPage = page(() => import('./BoardPage'), (m) => m.BoardPage);
const TeamsPage = page(() => import('./TeamsPage'), (m) => m.TeamsPage);
const HealthPage = page(() => import('./HealthPage'), (m) => m.HealthPage);
const JudgingPage = page(() => import('./JudgingPage'), (m) => m.JudgingPage);
const AuditLogPage = page(() => import('./AuditLogPage'), (m) => m.AuditLogPage);
const ReleasesPage = page(() => import('./ReleasesPage'), (m) => m.ReleasesPage);
const MoneyPage = page(() => import('./MoneyPage'), (m) => m.MoneyPage);
const ContentPage = page(() => import('./ContentPage'), (m) => m.ContentPage);
const ContentEditorPage = page(() => import('./ContentEditorPage'), (m) => m.ContentEditorPage);
const ContentAuditPage = page(() => import('./ContentAuditPage'), (m) => m.ContentAuditPage);
const PartnerAppsPage = page(() => import('./PartnerAppsPage'), (m) => m.PartnerAppsPage);

/**
 * The operators' console under the manifest route `/admin/*` (ROLE_ADMIN, fluid layout: the shell's route
 * guard sends anyone else to /). Its own routes are relative to /admin.
 */
export function AdminConsole() {
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
          <Route path="cohorts" element={<CohortsPage />} />
          <Route path="cohorts/new" element={<CohortFormPage />} />
          <Route path="cohorts/:oddId/edit" element={<CohortFormPage />} />
          <Route path="cohorts/:oddId/applicants" element={<ApplicantsPage />} />
          <Route path="cohorts/:oddId/payments" element={<PaymentsPage />} />
          <Route path="cohorts/:oddId/board" element={<BoardPage />} />
          <Route path="cohorts/:oddId/teams" element={<TeamsPage />} />
          <Route path="cohorts/:oddId/health" element={<HealthPage />} />
          <Route path="cohorts/:oddId/judging" element={<JudgingPage />} />
          <Route path="audit" element={<AuditLogPage />} />
          <Route path="releases" element={<ReleasesPage />} />
          <Route path="money" element={<MoneyPage />} />
          <Route path="partner-apps" element={<PartnerAppsPage />} />
          <Route path="content" element={<Navigate to="/admin/content/story" replace />} />
          <Route path="content/audit" element={<ContentAuditPage />} />
          <Route path="content/:kind" element={<ContentPage />} />
          <Route path="content/:kind/:itemId" element={<ContentEditorPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}
