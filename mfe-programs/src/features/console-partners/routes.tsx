import { Route } from 'react-router-dom';
import { lazyPage } from '../../shared/console/lazy-page';

const PartnerAppsPage = lazyPage(
  () => import('./components/PartnerAppsPage'),
  (m) => m.PartnerAppsPage,
);

/** The partner apps operators register for the public API (relative to /admin). */
export const partnerRoutes = (
  <>
    <Route path="partner-apps" element={<PartnerAppsPage />} />
  </>
);
