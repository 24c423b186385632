import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '@sq/ui';
import { NotFoundPage } from '../shared/NotFoundPage';
import { ConsoleNavLink } from '../shared/console/ConsoleNavLink';
import styles from '../shared/console/console.module.css';

/** Each console page in a chunk of its own: an operator opening the board does not load the judging form. */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => lazy(() => load().then((m) => ({ default: pick(m) })));
const CohortsPage = page(() => import('../features/console-cohorts/components/CohortsPage'), (m) => m.CohortsPage);
const CohortFormPage = page(() => import('../features/console-cohorts/components/CohortFormPage'), (m) => m.CohortFormPage);
const ApplicantsPage = page(() => import('../features/console-board/components/ApplicantsPage'), (m) => m.ApplicantsPage);
const PaymentsPage = page(() => import('../features/console-money/components/PaymentsPage'), (m) => m.PaymentsPage);
const BoardPage = page(() => import('../features/console-board/components/BoardPage'), (m) => m.BoardPage);
const TeamsPage = page(() => import('../features/console-teams/components/TeamsPage'), (m) => m.TeamsPage);
const HealthPage = page(() => import('../features/console-teams/components/HealthPage'), (m) => m.HealthPage);
const JudgingPage = page(() => import('../features/console-judging/components/JudgingPage'), (m) => m.JudgingPage);
const AuditLogPage = page(() => import('../features/console-audit/components/AuditLogPage'), (m) => m.AuditLogPage);
const ReleasesPage = page(() => import('../features/console-releases/components/ReleasesPage'), (m) => m.ReleasesPage);
const MoneyPage = page(() => import('../features/console-money/components/MoneyPage'), (m) => m.MoneyPage);
const ContentPage = page(() => import('../features/console-content/components/ContentPage'), (m) => m.ContentPage);
const ContentEditorPage = page(() => import('../features/console-content/components/ContentEditorPage'), (m) => m.ContentEditorPage);
const ContentAuditPage = page(() => import('../features/console-content/components/ContentAuditPage'), (m) => m.ContentAuditPage);

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
