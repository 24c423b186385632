import { Route } from 'react-router-dom';
import { lazyPage } from '../../shared/console/lazy-page';

const PaymentsPage = lazyPage(
  () => import('./components/PaymentsPage'),
  (m) => m.PaymentsPage,
);
const MoneyPage = lazyPage(
  () => import('./components/MoneyPage'),
  (m) => m.MoneyPage,
);

/** The money pages (relative to /admin): a cohort's payment records and the reconciliation of the payments. */
export const moneyRoutes = (
  <>
    <Route path="cohorts/:oddId/payments" element={<PaymentsPage />} />
    <Route path="money" element={<MoneyPage />} />
  </>
);
