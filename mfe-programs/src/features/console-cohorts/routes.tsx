import { Route } from 'react-router-dom';
import { lazyPage } from '../../shared/console/lazy-page';

const CohortsPage = lazyPage(
  () => import('./components/CohortsPage'),
  (m) => m.CohortsPage,
);
const CohortFormPage = lazyPage(
  () => import('./components/CohortFormPage'),
  (m) => m.CohortFormPage,
);

/** The cohorts' pages of the console (relative to /admin): the list, a new cohort, a cohort's edit form. */
export const cohortRoutes = (
  <>
    <Route path="cohorts" element={<CohortsPage />} />
    <Route path="cohorts/new" element={<CohortFormPage />} />
    <Route path="cohorts/:oddId/edit" element={<CohortFormPage />} />
  </>
);
