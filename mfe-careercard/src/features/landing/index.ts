export { CareerCardLandingPage } from './components/CareerCardLandingPage';
