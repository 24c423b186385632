export { CareerCardPage } from './components/CareerCardPage';
export { CareerCardErrorPage } from './components/CareerCardErrorPage';
