import { Route } from 'react-router-dom';
import { lazyPage } from '../../shared/console/lazy-page';

const ReleasesPage = lazyPage(
  () => import('./components/ReleasesPage'),
  (m) => m.ReleasesPage,
);

/** The releases of the site (relative to /admin). */
export const releaseRoutes = (
  <>
    <Route path="releases" element={<ReleasesPage />} />
  </>
);
