import { Route } from 'react-router-dom';
import { lazyPage } from '../../shared/console/lazy-page';

const JudgingPage = lazyPage(
  () => import('./components/JudgingPage'),
  (m) => m.JudgingPage,
);

/** A cohort's judging (relative to /admin). */
export const judgingRoutes = (
  <>
    <Route path="cohorts/:oddId/judging" element={<JudgingPage />} />
  </>
);
