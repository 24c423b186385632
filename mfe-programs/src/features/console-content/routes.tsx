import { Navigate, Route } from 'react-router-dom';
import { lazyPage } from '../../shared/console/lazy-page';

const ContentAuditPage = lazyPage(
  () => import('./components/ContentAuditPage'),
  (m) => m.ContentAuditPage,
);
const ContentPage = lazyPage(
  () => import('./components/ContentPage'),
  (m) => m.ContentPage,
);
const ContentEditorPage = lazyPage(
  () => import('./components/ContentEditorPage'),
  (m) => m.ContentEditorPage,
);

/** The content pages (relative to /admin): the lists per kind, the editor, the record of content changes. */
export const contentRoutes = (
  <>
    <Route path="content" element={<Navigate to="/admin/content/story" replace />} />
    <Route path="content/audit" element={<ContentAuditPage />} />
    <Route path="content/:kind" element={<ContentPage />} />
    <Route path="content/:kind/:itemId" element={<ContentEditorPage />} />
  </>
);
