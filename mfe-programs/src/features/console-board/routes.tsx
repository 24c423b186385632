import { Route } from 'react-router-dom';
import { lazyPage } from '../../shared/console/lazy-page';

const ApplicantsPage = lazyPage(
  () => import('./components/ApplicantsPage'),
  (m) => m.ApplicantsPage,
);
const BoardPage = lazyPage(
  () => import('./components/BoardPage'),
  (m) => m.BoardPage,
);

/** A cohort's applicants and its team building board (relative to /admin). */
export const boardRoutes = (
  <>
    <Route path="cohorts/:oddId/applicants" element={<ApplicantsPage />} />
    <Route path="cohorts/:oddId/board" element={<BoardPage />} />
  </>
);
