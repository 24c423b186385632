/** Loaded only through React.lazy (app/AppRoutes.tsx): the charting library stays out of other routes. */
export { default, TrendsPage } from './components/TrendsPage';
