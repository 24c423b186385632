import { Route } from 'react-router-dom';
import { lazyPage } from '../../shared/console/lazy-page';

const TeamsPage = lazyPage(
  () => import('./components/TeamsPage'),
  (m) => m.TeamsPage,
);
const HealthPage = lazyPage(
  () => import('./components/HealthPage'),
  (m) => m.HealthPage,
);

/** A cohort's teams while they run and their health (relative to /admin). */
export const teamRoutes = (
  <>
    <Route path="cohorts/:oddId/teams" element={<TeamsPage />} />
    <Route path="cohorts/:oddId/health" element={<HealthPage />} />
  </>
);
