/** Loaded only as a lazy screen (src/app.tsx): the charting library stays out of other routes. */
export { TrendsPage } from './components/TrendsPage';
