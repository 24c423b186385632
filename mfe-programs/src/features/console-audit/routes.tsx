import { Route } from 'react-router-dom';
import { lazyPage } from '../../shared/console/lazy-page';

const AuditLogPage = lazyPage(
  () => import('./components/AuditLogPage'),
  (m) => m.AuditLogPage,
);

/** The operators' record (relative to /admin). */
export const auditRoutes = (
  <>
    <Route path="audit" element={<AuditLogPage />} />
  </>
);
